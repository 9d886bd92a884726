package school

import (
	"fmt"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/solver"
)

// Solution is the exact value of every state of a one-column school game.
type Solution struct {
	Game   *engine.Game
	Layout *Layout
	// Values[Layout.Index(s)] is the optimal expected sum of what is
	// still to come from state s: cells, bonuses and reserve changes.
	Values []float64
}

// Value returns the value of state s.
func (sol *Solution) Value(s engine.SchoolState) float64 { return sol.Values[sol.Layout.Index(&s)] }

// Expected returns the optimal expected final score of a new game.
func (sol *Solution) Expected() float64 {
	s := sol.Game.NewSchoolState()
	return sol.Value(s)
}

// Solve computes the value of every state of one-column school game g (the
// full sheet or a subset of its rows) by dynamic programming: filled sets
// with more rows first, those with equally many in parallel. Turns have
// three rolls (g.Rolls); other counts are refused. The result does not
// depend on o.Threads.
func Solve(g *engine.Game, o solver.Options) (*Solution, error) {
	l, err := NewLayout(g)
	if err != nil {
		return nil, err
	}
	if g.Rolls != 3 {
		return nil, fmt.Errorf("%s: the exact solve's turns have three rolls, not %d", g.Name, g.Rolls)
	}
	sol := &Solution{Game: g, Layout: l, Values: make([]float64, l.Size())}
	n := l.rows
	layers := make([][]int, n+1)
	for m := range 1 << n {
		layers[bits.OnesCount(uint(m))] = append(layers[bits.OnesCount(uint(m))], m)
	}
	k := NewKernel(g)
	done := 0
	for layer := n - 1; layer >= 0; layer-- {
		sets := layers[layer]
		// Each filled set's states go through their turns lanes.Lanes
		// at a time, the last of them repeated to fill the lanes; which
		// states share a batch does not change their values.
		parallel(len(sets), o.Threads, func(i int, w *scratch) {
			m := sets[i]
			l.movesOf(g, k, m, &w.moves)
			states := (l.cap[m] + 1) * l.slots(m)
			for from := 0; from < states; from += lanes.Lanes {
				var pos [lanes.Lanes]int
				for j := range pos {
					pos[j] = min(from+j, states-1)
				}
				k.valueAt(&w.moves, &pos, sol.Values, w)
				copy(sol.Values[l.offset[m]+from:l.offset[m]+min(states, from+lanes.Lanes)], w.value[:])
			}
		}, k)
		for _, m := range sets {
			done += (l.cap[m] + 1) * l.slots(m)
		}
		if o.Progress != nil {
			o.Progress(done, l.Size())
		}
	}
	return sol, nil
}
