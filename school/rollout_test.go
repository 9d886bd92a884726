package school

import (
	"math"
	"testing"

	"dicepoker/engine"
)

// TestRolloutsAgreeWithExactValues plays games on after the best actions
// of a position of a reduced one-column sheet with the exact player: each
// action's rollout mean must agree with its exact value, which is what it
// estimates.
func TestRolloutsAgreeWithExactValues(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	k := NewKernel(g)
	s := g.NewSchoolState()
	dice := engine.Multiset{0, 2, 0, 0, 2, 1} // 2 2 5 5 6
	actions, err := k.Actions(s, dice, 2, true, sol.Value)
	if err != nil {
		t.Fatal(err)
	}
	actions = actions[:6]
	const games = 2000
	rolls, err := k.Rollouts(s, dice, 2, true, actions, Fixed(sol.Value), games, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rolls {
		a := actions[i]
		se := r.CI95 / 1.96
		if r.Games != games || se <= 0 || math.Abs(r.Mean-a.Value) > 4.5*se {
			t.Errorf("action %d (score %q, keep %v): rollout %.3f ± %.3f over %d games, exact value %.3f", i, a.Box, a.Keep, r.Mean, r.CI95, r.Games, a.Value)
		}
	}
	if again, err := k.Rollouts(s, dice, 2, true, actions, Fixed(sol.Value), games, 1, 3); err != nil || again[0] != rolls[0] {
		t.Errorf("3 threads: %+v (%v), 0 threads: %+v", again, err, rolls[0])
	}
}

// TestRolloutsLastWrite checks that a write that fills the sheet is worth
// its own points in every game: nothing is left to roll.
func TestRolloutsLastWrite(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, "pair", "sum")
	k := NewKernel(g)
	s := g.NewSchoolState()
	first := k.g.SchoolMoves(s, engine.RollIndex(engine.Multiset{0, 0, 0, 0, 0, 5}), true, nil)
	for _, m := range first {
		if g.Categories[m.Row].Name == "sum" {
			s = m.Next
		}
	}
	dice := engine.Multiset{0, 0, 0, 0, 2, 3} // 5 5 6 6 6
	actions, err := k.Actions(s, dice, 0, false, sol.Value)
	if err != nil {
		t.Fatal(err)
	}
	rolls, err := k.Rollouts(s, dice, 0, false, actions, Fixed(sol.Value), 10, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rolls {
		w := writeOf(t, g, s, dice, false, actions[i])
		if want := float64(w.Total()); r.Mean != want || r.CI95 != 0 {
			t.Errorf("write %+v: rollout %v ± %v, want exactly %v", w.Cell, r.Mean, r.CI95, want)
		}
	}
}
