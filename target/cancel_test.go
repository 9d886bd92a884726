package target

import (
	"context"
	"errors"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

// TestSolvesStopWhenCanceled cancels each long solve at its first
// progress report and checks that it returns the context's error with no
// report after: no layer is solved once its client has left.
func TestSolvesStopWhenCanceled(t *testing.T) {
	t.Parallel()
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		solve func(o solver.Options) error
	}{
		{"Solve", func(o solver.Options) error { _, err := Solve(g, engine.State{}, 200, o); return err }},
		{"BeatActions", func(o solver.Options) error {
			m, _ := engine.FromDice(1, 1, 2, 5, 6)
			_, _, _, err := BeatActions(g, engine.State{}, 0, []Opponent{{State: engine.State{Filled: 1<<len(g.Categories) - 4}}}, m, 2, o)
			return err
		}},
		{"SolveTable", func(o solver.Options) error { _, err := SolveTable(g, o); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			reports := 0
			err := tc.solve(solver.Options{Threads: 1, Context: ctx, Progress: func(done, total int) {
				reports++
				cancel()
			}})
			if !errors.Is(err, context.Canceled) || reports != 1 {
				t.Errorf("canceled at the first report: %v, %d reports, want canceled after 1", err, reports)
			}
		})
	}
}
