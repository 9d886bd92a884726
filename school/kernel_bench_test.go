package school

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/scores"
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
	states := make([]engine.SchoolState, lanes.Lanes)
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

// BenchmarkDistributionReduced measures the exact distribution of the
// final score of a one-column sheet of 9 rows on one thread, the solve
// not counted: the same kinds of turns' outcomes and carries as the full
// sheet's distribution, in a small part of its time and memory.
func BenchmarkDistributionReduced(b *testing.B) {
	g, err := mustSchool(b, 1).Subset("ones", "threes", "fives", "sixes", "pair", "two-pairs", "full-house", "four-of-a-kind", "sum")
	if err != nil {
		b.Fatal(err)
	}
	sol, err := Solve(g, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Distribution(g, sol.Value, scores.Options{Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// reducedRows are the rows of BenchmarkSolveReduced's sheet.
var reducedRows = []string{"ones", "twos", "threes", "fours", "fives", "sixes", "pair", "two-pairs", "full-house", "sum", "small-straight"}

// BenchmarkEndgame measures the exact values of the sheets after a turn
// with one turn more than the endgame's left, from nothing known (what
// one advice costs on top of the estimate's): three-column sheets with
// that many rows open, one cell each in the last column, every bonus in
// reach and a large reserve, the combination rows' best cells and the
// column's best cell told apart; and sheets with no bonus in reach, two
// cells open in each of the School rows of the highest faces (the most
// reserves told apart) or in combination rows, valued by the lost turns.
func BenchmarkEndgame(b *testing.B) {
	g := mustSchool(b, 3)
	k := NewKernel(g)
	for _, c := range []struct {
		name string
		rows []string
		lost bool
	}{
		{"combination", []string{"pair", "three-of-a-kind", "two-pairs", "full-house", "four-of-a-kind", "small-straight"}, false},
		{"mixed", []string{"ones", "pair", "sixes", "full-house", "twos", "sum"}, false},
		{"school", []string{"ones", "twos", "threes", "fours", "fives", "sixes"}, false},
		{"lost-school", []string{"sixes", "sixes", "fives", "fives", "fours", "fours"}, true},
		{"lost-mixed", []string{"sixes", "pair", "fives", "full-house", "sum", "sixes"}, true},
	} {
		for turns := 2; turns <= 5; turns++ {
			s := g.NewSchoolState()
			for r := range g.Categories {
				s.Fill[r] = uint8(g.Columns)
			}
			s.RowBonus = 0
			for _, name := range c.rows[:turns+1] {
				r := g.Category(name)
				s.Fill[r]--
				if !c.lost {
					s.RowBonus |= 1 << r
					s.RowBest[r] = 12
				}
			}
			s.ColBonus, s.ColBest[2], s.Reserve = 0, 20, 30
			if !c.lost {
				s.ColBonus = 1 << 2
			}
			b.Run(fmt.Sprintf("%s/T=%d", c.name, turns), func(b *testing.B) {
				known := 0
				for b.Loop() {
					e := NewEndgame(k, nil, turns, turns)
					if c.lost {
						e = NewEndgame(k, nil, 1, turns)
					}
					e.Player(&s)
					known = len(e.known)
				}
				b.ReportMetric(float64(known), "sheets")
			})
		}
	}
}

// BenchmarkEstimateTurn measures a turn's search, one sheet at a time,
// with the estimate's values of the sheets after it (After) from their
// set-up on, on three-column sheets of a game its own player plays, from
// new to nearly full: most of what simulate's player costs a turn.
func BenchmarkEstimateTurn(b *testing.B) {
	g := mustSchool(b, 3)
	k := NewKernel(g)
	e := randomEstimate(b, g)
	w := k.newScratch()
	rng := rand.New(rand.NewPCG(5, 6))
	var sheets []engine.SchoolState
	for s := g.NewSchoolState(); g.SchoolTurnsLeft(&s) > 1; {
		sheets = append(sheets, s)
		m, _ := k.Turn(s, e.After(&s), rng, k.alone(w))
		s = m.Next
	}
	for b.Loop() {
		for i := range sheets {
			k.search(&sheets[i], e.After(&sheets[i]), w)
		}
	}
}
