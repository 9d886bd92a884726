package solver

import (
	"math"
	"math/bits"

	"dicepoker/engine"
)

// keepParents is the number of keeps with fewer than five dice: keep
// indices below it have children, those from it on are the rolls.
const keepParents = engine.FirstRollKeep

// Keeps holds a value for every keep, by keep index; the rolls' values
// are at engine.FirstRollKeep+r. Its length is a power of two so that
// masked indices need no bounds checks in the hot loops; entries from
// engine.NumKeeps on are padding.
type Keeps [keepsLen]float64

const keepsLen = 512

// children[k][f] is the keep index of keep k plus one die showing f+1.
// Rows of eight (two unused) let the loads use scaled addressing.
var children [keepParents][8]uint16

// fiveAlike lists the rolls of five dice alike.
var fiveAlike [engine.Faces]int

func init() {
	for k := range keepParents {
		for f := range engine.Faces {
			children[k][f] = uint16(engine.KeepChild(k, f+1))
		}
	}
	for f := range engine.Faces {
		var m engine.Multiset
		m[f] = engine.Dice
		fiveAlike[f] = engine.RollIndex(m)
	}
}

// Values gives the value of a state between turns: the optimal expected
// sum of all future points from it.
type Values func(engine.State) float64

// Turn evaluates turns of one game. It holds the game's flat scoring tables,
// shared by all goroutines, and is safe for concurrent use.
type Turn struct {
	g      *engine.Game
	points [][engine.NumRolls]float64 // points[c][r] as float64
	// For boxes whose points matter beyond the score (engine.PointsMatter),
	// levels[c] lists the points the box can hold and level[c][r] says which
	// of them roll r writes.
	levels [][]int
	level  [][engine.NumRolls]uint8
	// scoring[c], for a box whose points do not matter beyond the score
	// and are never negative, lists the rolls that score more than zero
	// there; nil for the other boxes, which Final does densely.
	scoring [][]scoredRoll
	joker   []int // Categories[c].Joker
}

// scoredRoll is a roll that scores points > 0 in a box, by keep index.
type scoredRoll struct {
	points float64
	keep   uint16 // engine.FirstRollKeep + roll index
}

// NewTurn prepares the tables of game g.
func NewTurn(g *engine.Game) *Turn {
	n := len(g.Categories)
	t := &Turn{g: g, points: make([][engine.NumRolls]float64, n),
		levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n),
		scoring: make([][]scoredRoll, n), joker: make([]int, n)}
	for c := range n {
		t.joker[c] = g.Categories[c].Joker
		pos := map[int]uint8{}
		sparse := !g.PointsMatter(c)
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			t.points[c][r] = float64(p)
			sparse = sparse && p >= 0
			if !g.PointsMatter(c) {
				continue
			}
			if _, ok := pos[p]; !ok {
				if len(t.levels[c]) == 8 {
					panic("solver: " + g.Categories[c].Name + " can hold more than 8 point values")
				}
				pos[p] = uint8(len(t.levels[c]))
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = pos[p]
		}
		if !sparse {
			continue
		}
		t.scoring[c] = []scoredRoll{}
		for r, p := range &t.points[c] {
			if p > 0 {
				t.scoring[c] = append(t.scoring[c], scoredRoll{points: p, keep: uint16(keepParents + r)})
			}
		}
	}
	return t
}

// Final fills f with the value of each final roll in state s: the best legal
// placement's points and bonuses plus the value of the state it leads to.
func (t *Turn) Final(s engine.State, next Values, f *[engine.NumRolls]float64) {
	var v Keeps
	t.final(s, next, &v)
	copy(f[:], v[keepParents:])
}

// final is Final writing the roll entries of v. It reports whether every
// value it wrote has its sign bit clear (is +0 or more), so that the
// cheaper integer comparisons of bestKeepsBits may order them.
//
// Boxes whose points matter only for the score (not PointsMatter) and
// never score below zero are done sparsely. Writing roll r in such a box c
// is worth points[c][r] + add[c], where add[c] is the box's bonus and the
// value of the state after it, the same for every roll. The rolls that
// score 0 there are all worth add[c], so every roll starts from base, the
// largest add[c] over those boxes, and only the rolls scoring more than 0
// in c are compared with points + add[c]. This is exact: for a roll that
// scores p > 0 in c, base also holds the (illegal) option of writing 0 in
// c, but that option is add[c] <= p + add[c] (rounding is monotonic), which
// the roll's entry compares anyway, so it never changes the maximum. For
// a roll scoring 0 in c, p + add[c] is add[c] itself (0 + add rounds to
// add, the addition done below too). Boxes with PointsMatter are done
// densely, since writing less in them may be worth more.
func (t *Turn) final(s engine.State, next Values, v *Keeps) bool {
	f := (*[engine.NumRolls]float64)(v[keepParents:])
	// The sparse boxes first: base, and their additions. Then the dense
	// boxes, with integer maxima while every value so far has its sign
	// bit clear, then the sparse boxes' scoring rolls, then the
	// five-alike rolls, which follow their own rules.
	var adds [32]float64 // by sparse box: its bonus plus the value after it
	var o written        // what writing in each open box is worth, for fiveAlike
	base := math.Inf(-1)
	nonneg := true
	sparse, dense := 0, false
	for c, list := range t.scoring {
		if !s.Open(c) {
			continue
		}
		if list == nil {
			dense = true
			continue
		}
		w := t.g.Write(s, c, 0)
		o.next[c&31] = next(w.Next)
		add := float64(w.Bonus) + o.next[c&31]
		adds[c&31] = add
		zero := 0.0
		base = max(base, zero+add)
		nonneg = nonneg && math.Float64bits(add)>>63 == 0
		sparse++
	}
	if sparse > 0 || !dense {
		for r := range f {
			f[r] = base
		}
	}
	if sparse == 0 && !dense {
		nonneg = false // no open box: every roll is worth -Inf
	}
	first := sparse == 0
	var totals [8]float64 // by level: at most 8 (6 for upper boxes)
	// Boxes waiting to be maximised in one pass over the rolls, for
	// values with the sign bit clear: each box's levels and the bits of
	// the value of each level.
	var pending levelBoxes
	for c, list := range t.scoring {
		if !s.Open(c) || list != nil {
			continue
		}
		levels := t.levels[c]
		if levels == nil {
			// A box whose points may be negative: no integer maxima
			// from here on.
			pending.flush(f)
			w := t.g.Write(s, c, 0)
			o.next[c&31] = next(w.Next)
			add := float64(w.Bonus) + o.next[c&31]
			if first {
				for r, p := range &t.points[c] {
					f[r] = p + add
				}
			} else {
				for r, p := range &t.points[c] {
					f[r] = max(f[r], p+add)
				}
			}
			first = false
			nonneg = false
			continue
		}
		var levelBits [8]int64
		slot := -1
		if o.slots < len(o.levelTotal) {
			slot = o.slots
			o.slot[c&31] = uint8(slot + 1)
			o.slots++
		}
		for i, p := range levels {
			w := t.g.Write(s, c, p)
			n := next(w.Next)
			if slot >= 0 {
				o.levelTotal[slot&7][i&7] = w.Total()
				o.levelNext[slot&7][i&7] = n
			}
			totals[i&7] = float64(w.Total()) + n
			levelBits[i&7] = int64(math.Float64bits(totals[i&7]))
			nonneg = nonneg && levelBits[i&7] >= 0
		}
		if !nonneg {
			pending.flush(f)
		}
		switch {
		case first:
			for r, l := range &t.level[c] {
				f[r] = totals[l&7]
			}
			first = false
		case nonneg:
			pending.add(f, &t.level[c], &levelBits)
		default:
			for r, l := range &t.level[c] {
				f[r] = max(f[r], totals[l&7])
			}
		}
	}
	pending.flush(f)
	const m = keepsLen - 1
	for c, list := range t.scoring {
		if !s.Open(c) || list == nil {
			continue
		}
		add := adds[c&31]
		if nonneg {
			for _, e := range list {
				x := int64(math.Float64bits(e.points + add))
				v[e.keep&m] = math.Float64frombits(uint64(max(int64(math.Float64bits(v[e.keep&m])), x)))
			}
		} else {
			for _, e := range list {
				v[e.keep&m] = max(v[e.keep&m], e.points+add)
			}
		}
	}
	if e := t.g.Extra; e != nil && !s.Open(e.Box) {
		for face, r := range fiveAlike {
			best := t.fiveAlike(s, face+1, r, next, &o)
			f[r] = best
			nonneg = nonneg && math.Float64bits(best)>>63 == 0
		}
	}
	return nonneg
}

// written records, for one state, what writing in its open boxes is worth,
// so that the five-alike rolls need not write them again.
type written struct {
	// next[c], for a box whose points matter only for the score, is the
	// value of the state after writing there (whatever the points).
	next [32]float64
	// For a box whose points matter, slot[c]-1 (when slot[c] > 0) is
	// where levelTotal and levelNext hold, for each of its levels, the
	// points and bonus that writing them earns and the next state's value.
	slot       [32]uint8
	slots      int
	levelTotal [8][8]int
	levelNext  [8][8]float64
}

// levelBoxes gathers up to four boxes whose points matter beyond the score,
// so that one pass over the rolls takes the maximum of all of them: each
// roll's value is loaded and stored once, not once a box. It works on
// the bits of values with the sign bit clear, compared as integers.
type levelBoxes struct {
	n      int
	levels [4]*[engine.NumRolls]uint8 // level[c] of each box
	bits   [4][8]int64                // bits of the value of each level
}

// add queues a box, with its levels and the bits of their values, and
// maximises f over the queued boxes once there are four.
func (b *levelBoxes) add(f *[engine.NumRolls]float64, levels *[engine.NumRolls]uint8, bits *[8]int64) {
	b.levels[b.n&3] = levels
	b.bits[b.n&3] = *bits
	b.n++
	if b.n == 4 {
		b.flush(f)
	}
}

// flush maximises f over the queued boxes and empties the queue.
func (b *levelBoxes) flush(f *[engine.NumRolls]float64) {
	get := func(r int) int64 { return int64(math.Float64bits(f[r])) }
	set := func(r int, x int64) { f[r] = math.Float64frombits(uint64(x)) }
	l0, l1, l2, l3 := b.levels[0], b.levels[1], b.levels[2], b.levels[3]
	t0, t1, t2, t3 := &b.bits[0], &b.bits[1], &b.bits[2], &b.bits[3]
	switch b.n {
	case 1:
		for r := range f {
			set(r, max(get(r), t0[l0[r]&7]))
		}
	case 2:
		for r := range f {
			set(r, max(get(r), t0[l0[r]&7], t1[l1[r]&7]))
		}
	case 3:
		for r := range f {
			set(r, max(max(get(r), t0[l0[r]&7]), max(t1[l1[r]&7], t2[l2[r]&7])))
		}
	case 4:
		for r := range f {
			set(r, max(max(get(r), t0[l0[r]&7], t1[l1[r]&7]), max(t2[l2[r]&7], t3[l3[r]&7])))
		}
	}
	b.n = 0
}

// fiveAlike returns the value of five dice of face (roll r) in state s,
// whose five-alike box is filled: the best placement that the bonus and
// joker rules allow (engine.Game.FiveAlikeRule). It gives what
// engine.Game.Placements would, without writing every box again for each
// of the six rolls: o holds what writing in the open boxes is worth.
func (t *Turn) fiveAlike(s engine.State, face, r int, next Values, o *written) float64 {
	g := t.g
	allowed, joker, bonus := g.FiveAlikeRule(s, face)
	best := math.Inf(-1)
	for ; allowed != 0; allowed &= allowed - 1 {
		c := bits.TrailingZeros32(allowed)
		points := g.Score(c, r)
		if joker && t.joker[c] != 0 {
			points = t.joker[c]
		}
		if t.levels[c] == nil {
			// Write(s, c, points) earns no bonus and leads to the
			// state that writing 0 there does.
			best = max(best, float64(points+bonus)+o.next[c&31])
			continue
		}
		if sl := int(o.slot[c&31]) - 1; sl >= 0 && points == g.Score(c, r) {
			i := t.level[c][r] & 7
			best = max(best, float64(o.levelTotal[sl&7][i]+bonus)+o.levelNext[sl&7][i])
			continue
		}
		w := g.Write(s, c, points)
		best = max(best, float64(w.Total()+bonus)+next(w.Next))
	}
	return best
}

// KeepValues sets v[k], for every keep k with fewer than five dice, to the
// mean of v over the rolls that k can become; v's roll entries
// (v[engine.FirstRollKeep+r]) hold the values of the rolls. It works one
// die at a time: a keep's value is the mean over the six keeps with one
// more die.
func KeepValues(v *Keeps) {
	const m = keepsLen - 1
	for k := keepParents - 1; k >= 0; k-- {
		c := &children[k]
		v[k] = (v[c[0]&m] + v[c[1]&m] + v[c[2]&m] + v[c[3]&m] + v[c[4]&m] + v[c[5]&m]) * (1.0 / 6)
	}
}

// BestKeeps turns keep values into the best that can be had from each
// keep: v[k] becomes the largest value of a keep contained in k. Applied
// after KeepValues, each roll's entry is then the value of the roll with a
// reroll to come: its best keep, or keeping all five.
func BestKeeps(v *Keeps) {
	var sign uint64
	for _, x := range v[:engine.NumKeeps] {
		sign |= math.Float64bits(x)
	}
	if sign>>63 == 0 {
		bestKeepsBits(v)
	} else {
		bestKeepsFloat(v)
	}
}

// bitsAt returns the bits of v[k] as a signed integer. For values with
// the sign bit clear (+0, positive numbers, +Inf), integers compare as
// the values do.
func bitsAt(v *Keeps, k uint16) int64 { return int64(math.Float64bits(v[k&(keepsLen-1)])) }

// bestKeepsBits is BestKeeps for keep values with the sign bit clear,
// compared as integers: two instructions a maximum where the float max
// builtin takes seven, for its NaN and signed zero rules.
func bestKeepsBits(v *Keeps) {
	const m = keepsLen - 1
	for _, g := range parentGroups {
		// Each keep pulls from the keeps with one die fewer, which come
		// earlier; keeps with equally many such parents share a loop.
		switch g.parents {
		case 1:
			for i := range g.keeps {
				p := &g.keeps[i]
				k := p[0] & m
				v[k] = math.Float64frombits(uint64(max(int64(math.Float64bits(v[k])), bitsAt(v, p[1]))))
			}
		case 2:
			for i := range g.keeps {
				p := &g.keeps[i]
				k := p[0] & m
				v[k] = math.Float64frombits(uint64(max(int64(math.Float64bits(v[k])), bitsAt(v, p[1]), bitsAt(v, p[2]))))
			}
		case 3:
			for i := range g.keeps {
				p := &g.keeps[i]
				k := p[0] & m
				v[k] = math.Float64frombits(uint64(max(max(int64(math.Float64bits(v[k])), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3])))))
			}
		case 4:
			for i := range g.keeps {
				p := &g.keeps[i]
				k := p[0] & m
				v[k] = math.Float64frombits(uint64(max(max(int64(math.Float64bits(v[k])), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3]), bitsAt(v, p[4])))))
			}
		case 5:
			for i := range g.keeps {
				p := &g.keeps[i]
				k := p[0] & m
				v[k] = math.Float64frombits(uint64(max(max(int64(math.Float64bits(v[k])), bitsAt(v, p[1]), bitsAt(v, p[2])), max(bitsAt(v, p[3]), bitsAt(v, p[4]), bitsAt(v, p[5])))))
			}
		}
	}
}

// bestKeepsFloat is BestKeeps for any keep values.
func bestKeepsFloat(v *Keeps) {
	const m = keepsLen - 1
	for _, g := range parentGroups {
		switch g.parents {
		case 1:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(v[p[0]&m], v[p[1]&m])
			}
		case 2:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m]))
			}
		case 3:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], v[p[3]&m]))
			}
		case 4:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], max(v[p[3]&m], v[p[4]&m])))
			}
		case 5:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m])), max(v[p[3]&m], max(v[p[4]&m], v[p[5]&m])))
			}
		}
	}
}

// parentGroup lists keeps of one size with the same number of parents
// (keeps with one die fewer): each entry is the keep, then its parents.
type parentGroup struct {
	parents int
	keeps   [][8]uint16 // rows of eight for scaled addressing; two unused
}

// parentGroups holds every keep with at least one die, by size, then by
// number of parents, so that parents are always done before children.
var parentGroups = func() []parentGroup {
	var groups []parentGroup
	for size := 1; size <= engine.Dice; size++ {
		for n := 1; n <= engine.Dice; n++ {
			g := parentGroup{parents: n}
			for k := range engine.NumKeeps {
				m := engine.Keep(k)
				if m.Size() != size {
					continue
				}
				entry := [8]uint16{uint16(k)}
				i := 0
				for f := range engine.Faces {
					if m[f] > 0 {
						m[f]--
						i++
						if i < engine.Faces {
							entry[i] = uint16(engine.KeepIndex(m))
						}
						m[f]++
					}
				}
				if i == n {
					g.keeps = append(g.keeps, entry)
				}
			}
			if len(g.keeps) > 0 {
				groups = append(groups, g)
			}
		}
	}
	return groups
}()

// Value returns the value of state s before its first roll: the optimal
// expected sum of future points, given the values of the next states.
// scratch holds the work arrays and may be reused between calls.
func (t *Turn) Value(s engine.State, next Values, scratch *Keeps) float64 {
	rolls := (*[engine.NumRolls]float64)(scratch[engine.FirstRollKeep:])
	// Means and maxima of values with the sign bit clear keep it clear.
	nonneg := t.final(s, next, scratch)
	for range t.g.Rolls - 1 {
		KeepValues(scratch)
		if nonneg {
			bestKeepsBits(scratch)
		} else {
			bestKeepsFloat(scratch)
		}
	}
	e := 0.0
	for r, v := range rolls {
		e += engine.RollProbability(r) * v
	}
	return e
}
