package scores

import (
	"context"
	"testing"

	"dicepoker/engine"
)

// TestExactStopsWhenCanceled cancels an exact distribution at the first
// report of a turn's states and checks that it carries no turn after and
// returns an empty histogram.
func TestExactStopsWhenCanceled(t *testing.T) {
	t.Parallel()
	p := optimal(t, "poker-dice")
	ctx, cancel := context.WithCancel(context.Background())
	turns := 0
	d := ExactFrom(p, engine.State{}, Options{Threads: 1, Context: ctx,
		TurnProgress: func(int, int, int, int) { cancel() },
		Progress:     func(int, int) { turns++ }})
	if turns != 0 || len(d.Scores.W) != 0 {
		t.Errorf("canceled in the first turn: %d turns carried, %d totals; want none", turns, len(d.Scores.W))
	}
}
