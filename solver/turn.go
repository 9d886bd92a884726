package solver

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"dicepoker/engine"
)

// keepParents is the number of keeps with fewer than five dice: keep
// indices below it have children, those from it on are the rolls.
const keepParents = engine.FirstRollKeep

// Keeps holds a value for every keep, by keep index; the rolls' values
// are at engine.FirstRollKeep+r. Its length is a power of two so that
// masked indices need no bounds checks in KeepValues and BestKeeps;
// entries from engine.NumKeeps on are padding.
type Keeps [keepsLen]float64

const keepsLen = 512

// children[k][f] is the keep index of keep k plus one die showing f+1.
// Rows of eight (two unused) let the loads use scaled addressing.
var children = func() (c [keepParents][8]uint16) {
	for k := range keepParents {
		for f := range engine.Faces {
			c[k][f] = uint16(engine.KeepChild(k, f+1))
		}
	}
	return c
}()

// fiveAlike lists the rolls of five dice alike.
var fiveAlike = func() (rolls [engine.Faces]int) {
	for f := range engine.Faces {
		var m engine.Multiset
		m[f] = engine.Dice
		rolls[f] = engine.RollIndex(m)
	}
	return rolls
}()

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
	// For a box whose points matter and that can hold 0, zeroLevel[c] is
	// the level of 0 (else -1) and raised[c] lists the rolls that write
	// another level; finalLanes may count writing 0 in for every roll.
	zeroLevel []int
	raised    [][]levelRoll
	// raisedRuns[c] holds the rolls of raised[c] level by level, for one
	// state's pass over them (raisedOne).
	raisedRuns [][]levelRun
	// The rules of Move, flat: the upper boxes that count towards a bonus,
	// its threshold and points, and the five-alike box (-1: none) and the
	// points that fill it.
	bonusBoxes          uint32
	threshold, bonus    int
	extraBox, extraFull int
	// nonNegative says that no box, joker or bonus pays less than 0, so
	// that a turn's values are ordered (laneKernel) when the next states'
	// values are.
	nonNegative bool
	kernel      *laneKernel // activeKernel, or kernelGo for Options.PlainGo
	// scratch holds *laneScratch work arrays for Final and Value.
	scratch sync.Pool
}

// scoredRoll is a roll that scores points > 0 in a box, with the byte
// offset of its row in a laneKeeps and its index.
type scoredRoll struct {
	points float64
	off    uint16
	roll   uint8
	// left counts the entries from this one to the end of its run of
	// equal points in Turn.scoring, itself included.
	left uint8
}

// levelRoll is a roll that writes the level of points level in a box, with
// the byte offset of its row in a laneKeeps and its index.
type levelRoll struct {
	off   uint16
	level uint8
	roll  uint8
}

// levelRun lists the rolls that write one level in a box.
type levelRun struct {
	level uint8
	rolls []uint8
}

// pointLevels is how many levels a box whose points matter may hold: the
// rows of laneScratch.boxLevels.
const pointLevels = engine.MaxPointLevels

// engine.New refuses a box whose points matter with more point values
// than the eight a state's written levels keep (levelTotal); this fails
// to compile should the two limits part.
const _ = uint(8 - engine.MaxPointLevels)

// NewTurn prepares the tables of game g.
func NewTurn(g *engine.Game) *Turn {
	n := len(g.Categories)
	t := &Turn{g: g, points: make([][engine.NumRolls]float64, n),
		levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n), scoring: make([][]scoredRoll, n),
		zeroLevel: make([]int, n), raised: make([][]levelRoll, n), raisedRuns: make([][]levelRun, n), kernel: &activeKernel}
	t.scratch.New = func() any { return new(laneScratch) }
	t.threshold, t.bonus, t.extraBox = g.Upper.Threshold, g.Upper.Points, -1
	t.nonNegative = t.bonus >= 0
	if g.Extra != nil {
		t.extraBox, t.extraFull = g.Extra.Box, g.Extra.Full
		t.nonNegative = t.nonNegative && g.Extra.Bonus >= 0
	}
	for c := range n {
		t.zeroLevel[c] = -1
		t.nonNegative = t.nonNegative && g.Categories[c].Joker >= 0
		if g.Categories[c].Upper() && g.Upper.Points != 0 {
			t.bonusBoxes |= 1 << c
		}
		matters := g.PointsMatter(c)
		sparse := !matters
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			t.points[c][r] = float64(p)
			t.nonNegative = t.nonNegative && p >= 0
			sparse = sparse && p >= 0
			if !matters {
				continue
			}
			// The levels in the order the rolls first score them, in a
			// short list searched (a map cost more; every advise makes
			// a turn).
			l := slices.Index(t.levels[c], p)
			if l < 0 {
				l = len(t.levels[c])
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = uint8(l)
		}
		if z := slices.Index(t.levels[c], 0); z >= 0 {
			t.zeroLevel[c] = z
			z := uint8(z)
			// Each raised level's rolls, in one pass over the rolls.
			runs := make([]levelRun, len(t.levels[c]))
			for r, l := range &t.level[c] {
				if l != z {
					runs[l].rolls = append(runs[l].rolls, uint8(r))
				}
			}
			// The runs by increasing points, and the list run by run:
			// each roll is in it once, so its order changes no
			// maximum; kernelGo takes a level's rolls together, and
			// finalLanes drops the leading runs that cannot raise a
			// roll (raisedFrom).
			order := make([]int, len(runs))
			for l := range order {
				order[l] = l
			}
			slices.SortFunc(order, func(a, b int) int { return cmp.Compare(t.levels[c][a], t.levels[c][b]) })
			for _, l := range order {
				run := runs[l]
				if run.rolls == nil {
					continue
				}
				run.level = uint8(l)
				t.raisedRuns[c] = append(t.raisedRuns[c], run)
				for _, r := range run.rolls {
					t.raised[c] = append(t.raised[c], levelRoll{off: rowOffset(keepParents + int(r)), level: uint8(l), roll: r})
				}
			}
		}
		if !sparse {
			continue
		}
		t.scoring[c] = []scoredRoll{}
		for r, p := range &t.points[c] {
			if p > 0 {
				t.scoring[c] = append(t.scoring[c], scoredRoll{points: p, off: rowOffset(keepParents + r), roll: uint8(r)})
			}
		}
		// By points, rolls in order within them: each roll is in the
		// list once, so its order changes no maximum; kernelGo takes
		// the rolls of equal points together, and finalLanes drops
		// the leading points that cannot raise a roll (sparseFrom).
		slices.SortStableFunc(t.scoring[c], func(a, b scoredRoll) int { return cmp.Compare(a.points, b.points) })
		list := t.scoring[c]
		for i := len(list) - 1; i >= 0; i-- {
			list[i].left = 1
			if i+1 < len(list) && list[i+1].points == list[i].points {
				list[i].left += list[i+1].left
			}
		}
	}
	return t
}

// move is engine.Game.Move from t's flat copy of the rules.
func (t *Turn) move(s engine.State, c, points int) (bonus int, next engine.State) {
	next = s
	next.Filled |= 1 << c
	if t.bonusBoxes&(1<<c) != 0 {
		total := s.Upper + points
		if s.Upper < t.threshold && total >= t.threshold {
			bonus = t.bonus
		}
		next.Upper = min(total, t.threshold)
	}
	if c == t.extraBox {
		next.FullBox = points == t.extraFull
	}
	return bonus, next
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
		points := g.PlacedPoints(c, r, joker)
		var x float64 // the value of writing the dice in c
		sl := int(o.slot[c&31]) - 1
		switch {
		case t.levels[c] == nil:
			// Write(s, c, points) earns no bonus and leads to the
			// state that writing 0 there does.
			x = float64(points+bonus) + o.next[c&31]
		case sl >= 0 && points == g.Score(c, r):
			i := t.level[c][r] & 7
			x = float64(o.levelTotal[sl&7][i]+bonus) + o.levelNext[sl&7][i]
		default:
			upper, after := t.move(s, c, points)
			x = float64(points+upper+bonus) + next(after)
		}
		// A plain comparison, not the max builtin: no value here is NaN.
		if x > best {
			best = x
		}
	}
	return best
}

// KeepValues sets v[k], for every keep k with fewer than five dice, to the
// mean of v over the rolls that k can become; v's roll entries
// (v[engine.FirstRollKeep+r]) hold the values of the rolls. It works one
// die at a time: a keep's value is the mean over the six keeps with one
// more die.
func KeepValues(v *Keeps) {
	for k := keepParents - 1; k >= 0; k-- {
		c := &children[k]
		v[k] = (keepAt(v, c[0]) + keepAt(v, c[1]) + keepAt(v, c[2]) + keepAt(v, c[3]) + keepAt(v, c[4]) + keepAt(v, c[5])) * (1.0 / 6)
	}
}

// keepAt returns v[k] for a keep index k from the solver's own tables,
// which are all below engine.NumKeeps: without the bounds check, or the
// mask that would stand for it, that indexing takes.
func keepAt(v *Keeps, k uint16) float64 {
	return *(*float64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8))
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

// bitsAt returns the bits of v[k] as a signed integer, for a keep index
// k from the solver's own tables (see keepAt). For values with the sign
// bit clear (+0, positive numbers, +Inf), integers compare as the values
// do. Loaded as an integer, not as a float moved to an integer register:
// one instruction instead of two.
func bitsAt(v *Keeps, k uint16) int64 {
	return *(*int64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8))
}

// setBits sets v[k] to the value whose bits are x, k as for bitsAt.
func setBits(v *Keeps, k uint16, x int64) {
	*(*int64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8)) = x
}

// bestKeepsBits is BestKeeps for keep values with the sign bit clear,
// compared as integers: two instructions a maximum where the float max
// builtin takes seven, for its NaN and signed zero rules.
func bestKeepsBits(v *Keeps) {
	for _, g := range parentGroups {
		// Each keep pulls from the keeps with one die fewer, which come
		// earlier; keeps with equally many such parents share a loop.
		switch g.parents {
		case 1:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(bitsAt(v, p[0]), bitsAt(v, p[1])))
			}
		case 2:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(bitsAt(v, p[0]), bitsAt(v, p[1]), bitsAt(v, p[2])))
			}
		case 3:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3]))))
			}
		case 4:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3]), bitsAt(v, p[4]))))
			}
		case 5:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1]), bitsAt(v, p[2])), max(bitsAt(v, p[3]), bitsAt(v, p[4]), bitsAt(v, p[5]))))
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
	// The keeps lie by size, so one pass sorts each size's keeps by their
	// number of parents.
	k := 1
	for size := 1; size <= engine.Dice; size++ {
		var byParents [engine.Dice + 1][][8]uint16
		for ; k < engine.NumKeeps && engine.KeepSize(k) == size; k++ {
			m := engine.Keep(k)
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
			byParents[i] = append(byParents[i], entry)
		}
		for n, keeps := range byParents {
			if len(keeps) > 0 {
				groups = append(groups, parentGroup{parents: n, keeps: keeps})
			}
		}
	}
	return groups
}()
