package scores

import (
	"context"
	"testing"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/solver"
)

// TestExactStopsWhenCanceled cancels an exact distribution at the first
// report of a turn's states and checks that it carries no turn after and
// returns an empty histogram.
func TestExactStopsWhenCanceled(t *testing.T) {
	t.Parallel()
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := policy.New(g, sol.Value)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	turns := 0
	d := ExactFrom(p, engine.State{}, Options{Threads: 1, Context: ctx,
		TurnProgress: func(int, int, int, int) { cancel() },
		Progress:     func(int, int) { turns++ }})
	if turns != 0 || len(d.Scores.W) != 0 {
		t.Errorf("canceled in the first turn: %d turns carried, %d totals; want none", turns, len(d.Scores.W))
	}
}
