package solver

import (
	"math"

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
var children [keepParents][engine.Faces]uint16

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
}

// NewTurn prepares the tables of game g.
func NewTurn(g *engine.Game) *Turn {
	n := len(g.Categories)
	t := &Turn{g: g, points: make([][engine.NumRolls]float64, n),
		levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n)}
	for c := range n {
		pos := map[int]uint8{}
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			t.points[c][r] = float64(p)
			if !g.PointsMatter(c) {
				continue
			}
			if _, ok := pos[p]; !ok {
				pos[p] = uint8(len(t.levels[c]))
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = pos[p]
		}
	}
	return t
}

// Final fills f with the value of each final roll in state s: the best legal
// placement's points and bonuses plus the value of the state it leads to.
func (t *Turn) Final(s engine.State, next Values, f *[engine.NumRolls]float64) {
	for r := range f {
		f[r] = math.Inf(-1)
	}
	var totals [8]float64 // by level: at most 6 for upper boxes
	for c := range t.points {
		if !s.Open(c) {
			continue
		}
		if levels := t.levels[c]; levels != nil {
			for i, p := range levels {
				w := t.g.Write(s, c, p)
				totals[i&7] = float64(w.Total()) + next(w.Next)
			}
			for r, l := range &t.level[c] {
				f[r] = max(f[r], totals[l&7])
			}
			continue
		}
		w := t.g.Write(s, c, 0)
		add := float64(w.Bonus) + next(w.Next)
		for r, p := range &t.points[c] {
			f[r] = max(f[r], p+add)
		}
	}
	var buf [16]engine.Placement
	for _, r := range fiveAlike {
		if !t.g.Special(s, r) {
			continue
		}
		f[r] = math.Inf(-1)
		for _, p := range t.g.Placements(s, r, buf[:0]) {
			f[r] = max(f[r], float64(p.Total())+next(p.Next))
		}
	}
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
	const m = keepsLen - 1
	for _, g := range parentGroups {
		// Each keep pulls from the keeps with one die fewer, which come
		// earlier; keeps with equally many such parents share a loop.
		switch g.parents {
		case 1:
			for _, p := range g.keeps {
				v[p[0]&m] = max(v[p[0]&m], v[p[1]&m])
			}
		case 2:
			for _, p := range g.keeps {
				v[p[0]&m] = max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m]))
			}
		case 3:
			for _, p := range g.keeps {
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], v[p[3]&m]))
			}
		case 4:
			for _, p := range g.keeps {
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], max(v[p[3]&m], v[p[4]&m])))
			}
		case 5:
			for _, p := range g.keeps {
				v[p[0]&m] = max(max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m])), max(v[p[3]&m], max(v[p[4]&m], v[p[5]&m])))
			}
		}
	}
}

// parentGroup lists keeps of one size with the same number of parents
// (keeps with one die fewer): each entry is the keep, then its parents.
type parentGroup struct {
	parents int
	keeps   [][engine.Faces]uint16
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
				entry := [engine.Faces]uint16{uint16(k)}
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
	t.Final(s, next, rolls)
	for range t.g.Rolls - 1 {
		KeepValues(scratch)
		BestKeeps(scratch)
	}
	e := 0.0
	for r, v := range rolls {
		e += engine.RollProbability(r) * v
	}
	return e
}
