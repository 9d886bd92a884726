package school

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

// BenchmarkKernelValues measures one turn's search for eight new
// three-column sheets side by side, the step the solver and the estimate
// repeat for every sheet.
func BenchmarkKernelValues(b *testing.B) {
	g, err := engine.New("school", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	k := NewKernel(g)
	w := k.newScratch()
	states := make([]engine.SchoolState, solver.Lanes)
	for j := range states {
		states[j] = g.NewSchoolState()
	}
	next := func(s engine.SchoolState) float64 { return float64(s.Reserve) }
	out := make([]float64, len(states))
	for b.Loop() {
		k.values(states, next, w, out)
	}
}

// BenchmarkSolveReduced measures the exact solve of a reduced one-column
// sheet of 11 rows on one thread: the same turns as the full sheet's
// solve, in a twelfth of its time.
func BenchmarkSolveReduced(b *testing.B) {
	g, err := mustSchool(b, 1).Subset(reducedRows...)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Solve(g, solver.Options{Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// reducedRows are the rows of BenchmarkSolveReduced's sheet.
var reducedRows = []string{"ones", "twos", "threes", "fours", "fives", "sixes", "pair", "two-pairs", "full-house", "sum", "small-straight"}
