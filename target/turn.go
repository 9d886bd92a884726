package target

import (
	"math"
	"sync"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Chance is the value of a state for one need: the best probability of
// scoring at least that many more points, and the expected points to come
// under the play that achieves it.
type Chance struct {
	P float64 // probability of reaching the need
	E float64 // expected points to come
}

// Near reports whether probability p is as good as best, the largest of
// a choice: at most Tolerance times best below it.
func Near(p, best float64) bool { return p >= best-Tolerance*best }

// Tolerance is the relative difference below which two probabilities
// count as the same (Near): far above the rounding of a solve
// (about 1e-15), far below any difference a player could see. A choice
// takes, of the options whose probability is near the largest, the one
// with the most points expected, the first on a tie; the largest
// probability stays the value of the choice.
const Tolerance = 1e-12

// turn plays the turns of one game for eight needs of a state at a time.
// It is safe for concurrent use.
type turn struct {
	g *engine.Game
	// levels[c] lists the points box c can score with some roll (plain
	// rules), level[c][r] which of them roll r scores.
	levels [][]int
	level  [][engine.NumRolls]uint8
	// subs[subStart[r]:subStart[r+1]] are the keeps of roll r's proper
	// sub-multisets (keeping none included), the largest keep first.
	subs     []uint16
	subStart [engine.NumRolls + 1]int
}

// lanes is one goroutine's work arrays for a batch of eight needs.
type lanes struct {
	p, e solver.LaneKeeps // probabilities and expected points, by keep
	best solver.LaneKeeps // the largest probability within reach of each keep
	// p0, e0 are the final rolls' values: writing the dice now.
	p0, e0 solver.LaneRolls
	// box[r][j] is the box final roll r is written in for the j-th need.
	box [engine.NumRolls][solver.Lanes]uint8
	// keep[j-1][r][l], with j rerolls left, is the keep of roll r for the
	// l-th need: policy.WriteNow, or its place among the roll's sub-keeps.
	keep [policy.MaxRolls - 1][engine.NumRolls][solver.Lanes]uint8
	// lp, le hold each open box's levels' values for each need.
	lp, le [32][maxLevels][solver.Lanes]float64
}

// maxLevels is the most distinct points a box may score.
const maxLevels = 32

var lanePool = sync.Pool{New: func() any { return new(lanes) }}

func newTurn(g *engine.Game) *turn {
	n := len(g.Categories)
	t := &turn{g: g, levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n)}
	for c := range n {
		at := map[int]uint8{}
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			l, ok := at[p]
			if !ok {
				if len(t.levels[c]) == maxLevels {
					panic("target: " + g.Categories[c].Name + " scores too many distinct points")
				}
				l = uint8(len(t.levels[c]))
				at[p] = l
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = l
		}
	}
	for r := range engine.NumRolls {
		t.subStart[r] = len(t.subs)
		subs := engine.SubKeeps(r)
		for i := len(subs) - 1; i >= 0; i-- {
			t.subs = append(t.subs, uint16(subs[i]))
		}
	}
	t.subStart[engine.NumRolls] = len(t.subs)
	return t
}

// chances gives the value of the states between turns for each need.
type chances interface {
	// values returns the values of state s by need.
	values(s engine.State) needs
}

// needs is a state's values by need, as a solution or a table holds
// them: needs below lo are met, those past its row out of reach, and
// either way every play is as good and the expected-value optimum, ev,
// decides.
type needs struct {
	pcurve          // a table's chances of needs lo..; for a solution lo is 1
	row    []Chance // a solution's values of needs lo..
	ev     float64  // the expected-value optimum: points to come
}

// at returns the value of need n. A table's chances come with ev, the
// points to come of the expected-value optimum.
func (v needs) at(n int) Chance {
	if i := n - v.lo; i >= 0 && i < len(v.row) {
		return v.row[i]
	}
	return Chance{v.p(n), v.ev}
}

// inReach reports whether need n is neither met (0 or less) nor out of
// reach: where the play differs from the expected-value optimum's. The
// needs below lo are in reach: certain under the play for them, not
// under every play.
func (v needs) inReach(n int) bool { return n > 0 && n < v.end() }

// end returns the first need out of reach.
func (v needs) end() int { return v.lo + len(v.row) + len(v.q) }

// final sets w.p0, w.e0 and w.box for needs from..from+7 of state s: each
// final roll's best placement, chosen as choose does: boxes are tried
// in sheet order, as Placements lists them.
func (t *turn) final(s engine.State, from int, next chances, w *lanes) {
	g := t.g
	p, e := &w.p0, &w.e0
	var open []int
	for c := range g.Categories {
		if !s.Open(c) {
			continue
		}
		lp, le := &w.lp[len(open)], &w.le[len(open)]
		open = append(open, c)
		for l, pts := range t.levels[c] {
			bonus, after := g.Move(s, c, pts)
			nv := next.values(after)
			tot := pts + bonus
			for j := range solver.Lanes {
				v := nv.at(from + j - tot)
				lp[l][j], le[l][j] = v.P, float64(tot)+v.E
			}
		}
	}
	for r := range engine.NumRolls {
		p[r], e[r] = [solver.Lanes]float64{}, [solver.Lanes]float64{}
		for i, c := range open {
			lp := &w.lp[i][t.level[c][r]]
			for j := range solver.Lanes {
				p[r][j] = max(p[r][j], lp[j])
			}
		}
		var bar [solver.Lanes]float64 // the least probability near the best
		for j := range solver.Lanes {
			bar[j] = p[r][j] - Tolerance*p[r][j]
			e[r][j] = math.Inf(-1)
		}
		er, box := &e[r], &w.box[r]
		for i, c := range open {
			lp, le := &w.lp[i][t.level[c][r]], &w.le[i][t.level[c][r]]
			for j := range solver.Lanes {
				if lp[j] >= bar[j] && le[j] > er[j] {
					er[j], box[j] = le[j], uint8(c)
				}
			}
		}
	}
	if x := g.Extra; x == nil || s.Open(x.Box) {
		return
	}
	// Five alike with the five-alike box filled: the bonus and joker
	// rules, from the placements the rules allow.
	var buf [32]engine.Placement
	for r := range engine.NumRolls {
		if !g.Special(s, r) {
			continue
		}
		pls := g.Placements(s, r, buf[:0])
		for j := range solver.Lanes {
			vs := make([]Chance, len(pls))
			for i, pl := range pls {
				vs[i] = placed(pl, from+j, next)
			}
			i, v := choose(vs)
			p[r][j], e[r][j], w.box[r][j] = v.P, v.E, uint8(pls[i].Category)
		}
	}
}

// choose returns the option a choice takes, of those near the largest
// probability the first with the most points expected, and the value of
// the choice: that largest probability and the option's points.
func choose(vs []Chance) (int, Chance) {
	best := 0.0
	for _, v := range vs {
		best = max(best, v.P)
	}
	c := -1
	for i, v := range vs {
		if Near(v.P, best) && (c < 0 || v.E > vs[c].E) {
			c = i
		}
	}
	return c, Chance{best, vs[c].E}
}

// placed returns the value of a placement with need points still needed
// before it: the chance of its next state at the need less its points,
// and its points added to the expected points to come.
func placed(pl engine.Placement, need int, next chances) Chance {
	v := next.values(pl.Next).at(need - pl.Total())
	v.E += float64(pl.Total())
	return v
}

// reroll sets the keep rows of w.p and w.e to each keep's value with one
// reroll more than their roll rows hold, then the roll rows to the value
// of each roll with that reroll to come: the choice (as choose makes it)
// between writing it now (w.p0, w.e0) and its proper sub-keeps. The
// largest probability of each choice comes from the solver's BestKeeps
// over the probabilities; the points expected are then the most among
// the options near it, compared with each roll's options all at once, so
// that the choice is the same whatever the order of the options.
func (t *turn) reroll(w *lanes, j int) {
	w.p.KeepValues()
	w.e.KeepValues()
	t.chooseKeeps(w, j)
}

// chooseKeeps sets the roll rows of w.p and w.e, whose keep rows hold the
// keeps' values with j rerolls left, to each roll's choice between writing
// it now and its proper sub-keeps, and notes the choice in w.keep[j-1].
func (t *turn) chooseKeeps(w *lanes, j int) {
	w.best = w.p
	*w.best.Rolls() = w.p0
	w.best.BestKeeps()
	p, e, best := w.p.Rolls(), w.e.Rolls(), w.best.Rolls()
	keep := &w.keep[j-1]
	for r := range engine.NumRolls {
		p[r], e[r] = best[r], w.e0[r]
		var bar [solver.Lanes]float64 // the least probability near the best
		for l := range solver.Lanes {
			bar[l] = best[r][l] - Tolerance*best[r][l]
			keep[r][l] = policy.WriteNow
			if w.p0[r][l] < bar[l] {
				e[r][l] = math.Inf(-1)
			}
		}
		er, kr := &e[r], &keep[r]
		for i, k := range t.subs[t.subStart[r]:t.subStart[r+1]] {
			kp, ke := &w.p[k], &w.e[k]
			for l := range solver.Lanes {
				if kp[l] >= bar[l] && ke[l] > er[l] {
					er[l], kr[l] = ke[l], uint8(i)
				}
			}
		}
	}
}

// batch returns the values of state s for needs from..from+7: the final
// rolls, then a keep pass for each reroll, then the mean over the first
// roll (KeepValues' mean of the empty keep, which keeps a certainty at
// exactly 1).
func (t *turn) batch(s engine.State, from int, next chances, w *lanes) (out [solver.Lanes]Chance) {
	t.final(s, from, next, w)
	*w.p.Rolls(), *w.e.Rolls() = w.p0, w.e0
	for j := 1; j < t.g.Rolls; j++ {
		t.reroll(w, j)
	}
	w.p.KeepValues()
	w.e.KeepValues()
	for j := range out {
		out[j] = Chance{w.p[0][j], w.e[0][j]}
	}
	return out
}
