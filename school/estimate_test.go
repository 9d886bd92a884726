package school

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestEstimateAfter checks the quick values of the sheets after a write
// against the full ones, on sheets met in random play.
func TestEstimateAfter(t *testing.T) {
	for _, columns := range []int{1, 3} {
		g := mustSchool(t, columns)
		e, _ := NewEstimate(g, nil)
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range e.W {
			e.W[i] = rng.NormFloat64()
		}
		s := g.NewSchoolState()
		for !g.SchoolFull(&s) {
			after := e.After(&s)
			moves := g.SchoolMoves(s, rng.IntN(engine.NumRolls), rng.IntN(2) == 0, nil)
			for _, m := range moves {
				if got, want := after(m.Next), e.Value(m.Next); math.Abs(got-want) > 1e-9 {
					t.Fatalf("columns %d: after %+v: quick value %g, full %g", columns, m, got, want)
				}
			}
			s = moves[rng.IntN(len(moves))].Next
		}
		if v := e.Value(s); v != 0 {
			t.Errorf("columns %d: a full sheet is worth %g, want 0", columns, v)
		}
	}
}
