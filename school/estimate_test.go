package school

import (
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"dicepoker/engine"
	"dicepoker/tables"
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

func TestEstimateTable(t *testing.T) {
	g3, g2 := mustSchool(t, 3), mustSchool(t, 2)
	e, _ := NewEstimate(g3, nil)
	for i := range e.W {
		e.W[i] = float64(i) / 8
	}
	e.Expected = 963.5
	dir := t.TempDir()
	path := EstimatePath(dir, g3)
	if err := e.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadEstimate(path, g3)
	if err != nil {
		t.Fatal(err)
	}
	if back.Expected != e.Expected || len(back.W) != len(e.W) || back.W[9] != e.W[9] {
		t.Errorf("read back %v, %d weights", back.Expected, len(back.W))
	}
	if _, err := LoadEstimate(path, g2); !errors.Is(err, tables.ErrRules) {
		t.Errorf("a three-column estimate read for two columns: %v", err)
	}
	if _, err := LoadExact(path, mustSchool(t, 1)); !errors.Is(err, tables.ErrRules) {
		t.Errorf("an estimate read as an exact table: %v", err)
	}
	if filepath.Base(EstimatePath(dir, g2)) != "school+columns=2+estimate.dpt" {
		t.Errorf("path %s", EstimatePath(dir, g2))
	}
}
