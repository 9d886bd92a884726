package policy

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
)

// midGame returns a yahtzee policy over hashed values and the mid-game
// state the benchmarks measure.
func midGame(b *testing.B) (*Policy, engine.State) {
	g := newGame(b, "yahtzee", engine.Options{})
	p, err := New(g, hashed(statespace.NewLayout(g), 0))
	if err != nil {
		b.Fatal(err)
	}
	return p, engine.State{Filled: 0b0101010101010, Upper: 20}
}

// BenchmarkPlan measures the decisions of one mid-game yahtzee state,
// computed afresh.
func BenchmarkPlan(b *testing.B) {
	p, s := midGame(b)
	for b.Loop() {
		p.plan(s)
	}
}

// BenchmarkOutcomes measures the turn outcomes of the same state.
func BenchmarkOutcomes(b *testing.B) {
	p, s := midGame(b)
	for b.Loop() {
		p.Outcomes(s)
	}
}

// BenchmarkBatchOutcomes measures the turn outcomes of eight mid-game
// yahtzee states planned together, as an exact distribution takes them
// (Batch.AppendArcs).
func BenchmarkBatchOutcomes(b *testing.B) {
	p, s := midGame(b)
	states := make([]engine.State, lanes.Lanes)
	for j := range states {
		states[j] = s
		states[j].Upper = 3 * j
	}
	batch := p.NewBatch()
	out := make([][]Arc, lanes.Lanes)
	for b.Loop() {
		batch.Plan(states)
		batch.AppendArcs(nil, out)
	}
}
