package target

import (
	"fmt"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Solution holds, for the states reachable from a starting state, the
// value of every need from 1 to Need: the best chance of scoring at least
// that many more points, with the expected points to come.
type Solution struct {
	Game   *engine.Game
	Layout solver.Layout
	From   engine.State // the states solved are those whose filled boxes include From's
	Need   int          // the largest need solved
	// EV is the expected-value solution, the value of needs met (0 or
	// less) and of needs out of reach.
	EV *solver.Solution
	// rows[Layout.Index(s)][n-1] is the value of need n in state s, for
	// n up to len(row); needs beyond it are out of reach.
	rows    [][]Chance
	States  int // states solved, those that share another's values included
	Entries int // values stored: needs in reach, over the states whose turns were played
	turn    *turn[float64]
}

// Solve computes the value of every need 1..need in every state reachable
// from state from of single-sheet game g. School is refused with
// solver.ErrNotSingleSheet.
func Solve(g *engine.Game, from engine.State, need int, o solver.Options) (*Solution, error) {
	if need < 0 {
		return nil, fmt.Errorf("a need of %d points: want 0 or more", need)
	}
	if g.Rolls > policy.MaxRolls {
		return nil, fmt.Errorf("%s has %d rolls a turn, a target is played with at most %d", g.Name, g.Rolls, policy.MaxRolls)
	}
	ev, err := solver.Solve(g, solver.Options{Threads: o.Threads})
	if err != nil {
		return nil, err
	}
	return solveWith(ev, from, need, nil, o), nil
}

// solveWith is Solve with the expected-value solution at hand, and with
// worth the value of the end of the game: worth[n-1] when n points were
// still needed, for n = 1..len(worth); 1 for needs met, 0 for larger
// needs. A target's end is worth nothing short of it (worth is empty);
// another objective's worth falls from 1 to 0 as its need grows.
func solveWith(ev *solver.Solution, from engine.State, need int, worth []float64, o solver.Options) *Solution {
	g, l := ev.Game, ev.Layout
	sol := &Solution{Game: g, Layout: l, From: from, Need: need, EV: ev, rows: make([][]Chance, l.Size()), turn: newTurn[float64](g)}
	n := len(g.Categories)
	var layers [][]engine.State
	var shares [][][2]engine.State
	layers, shares, sol.States = layersFrom(g, from)
	end := make([]Chance, len(worth))
	for i, w := range worth {
		end[i].P = w
	}
	for _, s := range layers[n] {
		sol.rows[l.Index(s)] = end
	}
	for _, sh := range shares[n] {
		sol.rows[l.Index(sh[0])] = end
	}
	done := 0
	for k := n - 1; k >= 0; k-- {
		states := layers[k]
		workers.Each(len(states), o.Threads, func(_, i int) {
			w := sol.turn.get()
			w.decide = false
			sol.rows[l.Index(states[i])] = sol.solveState(states[i], w)
			sol.turn.pool.Put(w)
		})
		for _, s := range states {
			sol.Entries += len(sol.rows[l.Index(s)])
		}
		for _, sh := range shares[k] {
			sol.rows[l.Index(sh[0])] = sol.rows[l.Index(sh[1])]
		}
		done += len(states) + len(shares[k])
		if o.Progress != nil {
			o.Progress(done+len(layers[n])+len(shares[n]), sol.States)
		}
	}
	return sol
}

// layersFrom returns the states of g whose filled boxes include from's,
// by the number of boxes filled: layers[k] holds those with k boxes
// filled whose turns are played, shares[k] the (state, state of the same
// future) pairs that take the values of another (solver.UpperClasses);
// states counts them all.
func layersFrom(g *engine.Game, from engine.State) (layers [][]engine.State, shares [][][2]engine.State, states int) {
	n := len(g.Categories)
	layers, shares = make([][]engine.State, n+1), make([][][2]engine.State, n+1)
	totals := map[uint32][]int{}
	classes := solver.NewUpperClasses(g)
	for m := range uint32(1 << n) {
		if m&from.Filled != from.Filled {
			continue
		}
		k := bits.OnesCount32(m)
		up := m & g.UpperMask()
		if _, ok := totals[up]; !ok {
			totals[up] = g.UpperTotals(up)
		}
		for f := range flags(g, m) {
			first := map[int]engine.State{}
			for _, u := range totals[up] {
				s := engine.State{Filled: m, Upper: u, FullBox: f == 1}
				if rep, ok := first[classes.Class(m, u)]; ok {
					shares[k] = append(shares[k], [2]engine.State{s, rep})
					continue
				}
				first[classes.Class(m, u)] = s
				layers[k] = append(layers[k], s)
			}
		}
		states += len(totals[up]) * flags(g, m)
	}
	return layers, shares, states
}

// solveState returns the row of state s: its values for needs 1, 2, ...
// up to Need or to the last need in reach. A need is out of reach only
// when no way of playing scores that much, and then so are all larger
// ones: the row ends at the last need with a chance above 0.
func (sol *Solution) solveState(s engine.State, w *lanes[float64]) []Chance {
	_, end := sol.turn.collect(s, sol, w)
	to := 1 + (min(sol.Need, end-1)+solver.Lanes-1)/solver.Lanes*solver.Lanes
	sol.turn.prepare(sol, 1, to, w)
	var row []Chance
	for from := 1; from < to; from += solver.Lanes {
		out := sol.turn.batch(from, w)
		row = append(row, out[:min(solver.Lanes, sol.Need-from+1)]...)
	}
	for len(row) > 0 && row[len(row)-1].P == 0 {
		row = row[:len(row)-1]
	}
	return row
}

// flags returns how many five-alike box states filled set m has: two when
// the box is filled (it holds its full points or not), else one.
func flags(g *engine.Game, m uint32) int {
	if g.Extra != nil && m&(1<<g.Extra.Box) != 0 {
		return 2
	}
	return 1
}

func (sol *Solution) span(s engine.State) (lo, hi int) {
	return 1, 1 + len(sol.rows[sol.Layout.Index(s)])
}

func (sol *Solution) decode(s engine.State, lo int, p, e []float64) {
	row, ev := sol.rows[sol.Layout.Index(s)], sol.EV.Value(s)
	for k := range p {
		switch i := lo + k - 1; {
		case i < 0:
			p[k], e[k] = 1, ev
		case i >= len(row):
			p[k], e[k] = 0, ev
		default:
			p[k], e[k] = row[i].P, row[i].E
		}
	}
}

// Value returns the value of state s when need more points are needed:
// the best chance of scoring them and the expected points to come under
// that play. s must be reachable from From, need at most Need.
func (sol *Solution) Value(s engine.State, need int) Chance {
	return value(sol, s, need)
}
