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

// run is the condition "at least n consecutive faces".
func run(n int) func(Multiset) bool {
	return func(m Multiset) bool { return m.longestRun() >= n }
}

// contains is the condition "the dice of want are among the dice".
func contains(want Multiset) func(Multiset) bool {
	return func(m Multiset) bool { return m.Contains(want) }
}

// groups is the condition "different faces, one for each of sizes,
// shown by at least that many dice each (exactly that many, with exact)":
// [3] three alike, [2, 2] two pairs, [3, 2] exact a full house.
func groups(sizes []int, exact bool) func(Multiset) bool {
	return func(m Multiset) bool { return m.groupDice(sizes, exact) >= 0 }
}

// groupsDice scores the dice that make the groups (see groups), the
// highest faces that can: [2] twice the highest pair's face, [2, 2] the
// two highest pairs' four dice; 0 when the dice make no such groups.
func groupsDice(sizes []int, exact bool) Points {
	return func(m Multiset) int { return max(m.groupDice(sizes, exact), 0) }
}

// groupDice returns the most that different faces making the groups add
// up to, sizes[i] times the face chosen for group i, or -1 when no faces
// make them (see groups).
func (m Multiset) groupDice(sizes []int, exact bool) int {
	best := -1
	var used [Faces]bool
	var walk func(i, total int)
	walk = func(i, total int) {
		if i == len(sizes) {
			best = max(best, total)
			return
		}
		for f := range Faces {
			c := int(m[f])
			if used[f] || c < sizes[i] || exact && c != sizes[i] {
				continue
			}
			used[f] = true
			walk(i+1, total+sizes[i]*(f+1))
			used[f] = false
		}
	}
	walk(0, 0)
	return best
}

// allOf is the condition "every one of conds holds".
func allOf(conds ...func(Multiset) bool) func(Multiset) bool {
	return func(m Multiset) bool {
		for _, c := range conds {
			if !c(m) {
				return false
			}
		}
		return true
	}
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
