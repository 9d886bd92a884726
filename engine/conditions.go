package engine

// The conditions and point rules that categories are made of. Each takes
// the dice as a Multiset and returns the points, 0 when the condition fails.

// Points scores a hand in one category.
type Points func(Multiset) int

// maxCount returns the largest number of dice showing one face.
func (m Multiset) maxCount() int {
	best := 0
	for _, c := range m {
		best = max(best, int(c))
	}
	return best
}

// highestOfAKind returns the highest face shown by at least n dice, or 0.
func (m Multiset) highestOfAKind(n int) int {
	for f := Faces; f >= 1; f-- {
		if int(m[f-1]) >= n {
			return f
		}
	}
	return 0
}

// pairFaces returns the two highest different faces shown by at least two
// dice each, or zeros when there are no two such faces.
func (m Multiset) pairFaces() (hi, lo int) {
	for f := Faces; f >= 1; f-- {
		if m[f-1] >= 2 {
			if hi == 0 {
				hi = f
			} else {
				return hi, f
			}
		}
	}
	return 0, 0
}

// isFullHouse reports exactly three of one face and two of another.
func (m Multiset) isFullHouse() bool {
	three, two := false, false
	for _, c := range m {
		three = three || c == 3
		two = two || c == 2
	}
	return three && two
}

// longestRun returns the length of the longest run of consecutive faces.
func (m Multiset) longestRun() int {
	best, run := 0, 0
	for _, c := range m {
		if c > 0 {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// exactly reports whether m shows exactly one die of each face lo..hi.
func (m Multiset) exactly(lo, hi int) bool {
	for f := 1; f <= Faces; f++ {
		want := uint8(0)
		if f >= lo && f <= hi {
			want = 1
		}
		if m[f-1] != want {
			return false
		}
	}
	return true
}

// faceSum scores the sum of the dice showing face.
func faceSum(face int) Points {
	return func(m Multiset) int { return face * m.Count(face) }
}

// faceCount scores one point per die showing face.
func faceCount(face int) Points {
	return func(m Multiset) int { return m.Count(face) }
}

// sum scores the sum of all dice.
func sum(m Multiset) int { return m.Sum() }

// when scores points(m) if cond(m) holds, else 0.
func when(cond func(Multiset) bool, points Points) Points {
	return func(m Multiset) int {
		if cond(m) {
			return points(m)
		}
		return 0
	}
}

// fixed scores the same points whatever the dice.
func fixed(n int) Points { return func(Multiset) int { return n } }

// alike is the condition "at least n dice show one face".
func alike(n int) func(Multiset) bool {
	return func(m Multiset) bool { return m.maxCount() >= n }
}

// twoPairs is the condition "two different faces, each on at least two dice".
func twoPairs(m Multiset) bool { _, lo := m.pairFaces(); return lo != 0 }

// fullHouse is the condition "exactly three of one face and two of another".
func fullHouse(m Multiset) bool { return m.isFullHouse() }

// run is the condition "at least n consecutive faces".
func run(n int) func(Multiset) bool {
	return func(m Multiset) bool { return m.longestRun() >= n }
}

// straight is the condition "exactly the faces lo..hi, one die each".
func straight(lo, hi int) func(Multiset) bool {
	return func(m Multiset) bool { return m.exactly(lo, hi) }
}

// anyOf is the condition "at least one of conds holds".
func anyOf(conds ...func(Multiset) bool) func(Multiset) bool {
	return func(m Multiset) bool {
		for _, c := range conds {
			if c(m) {
				return true
			}
		}
		return false
	}
}

// ofAKindFaces scores n times the highest face shown by at least n dice.
func ofAKindFaces(n int) Points {
	return func(m Multiset) int { return n * m.highestOfAKind(n) }
}

// twoPairDice scores the four dice of the two highest different pairs.
func twoPairDice(m Multiset) int {
	hi, lo := m.pairFaces()
	if lo == 0 {
		return 0
	}
	return 2*hi + 2*lo
}

// fullHouseDice scores three a's and two b's as 3a + 2b.
func fullHouseDice(m Multiset) int {
	if !m.isFullHouse() {
		return 0
	}
	return m.Sum()
}

// plus adds extra points to a non-zero score.
func plus(points Points, extra int) Points {
	return func(m Multiset) int {
		if p := points(m); p > 0 {
			return p + extra
		}
		return 0
	}
}
