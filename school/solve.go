package school

import (
	"math/bits"

	"dicepoker/engine"
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
// with more rows first, those with equally many in parallel. The result
// does not depend on o.Threads.
func Solve(g *engine.Game, o solver.Options) (*Solution, error) {
	l, err := NewLayout(g)
	if err != nil {
		return nil, err
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
		var todo []int32 // the indices of the layer's states
		for _, m := range layers[layer] {
			for i := range (l.cap[m] + 1) * l.slots(m) {
				todo = append(todo, int32(l.offset[m]+i))
			}
		}
		// The states go through their turns solver.Lanes at a time;
		// which states share a batch does not change their values.
		batches := (len(todo) + solver.Lanes - 1) / solver.Lanes
		parallel(batches, o.Threads, func(b int, w *scratch) {
			batch := todo[b*solver.Lanes : min(len(todo), (b+1)*solver.Lanes)]
			var states [solver.Lanes]engine.SchoolState
			for j, i := range batch {
				states[j] = l.StateAt(g, int(i))
			}
			var out [solver.Lanes]float64
			k.values(states[:len(batch)], sol.Value, w, out[:])
			for j, i := range batch {
				sol.Values[i] = out[j]
			}
		}, k)
		done += len(todo)
		if o.Progress != nil {
			o.Progress(done, l.Size())
		}
	}
	return sol, nil
}
