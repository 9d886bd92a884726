package policy

import (
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
)

// BenchmarkSixDiceArcs measures a batch's arcs in a game of six dice, as
// the exact distribution takes them: a full batch of states a pass.
func BenchmarkSixDiceArcs(b *testing.B) {
	g := sixDiceGame(b)
	p, err := New(g, hashed(statespace.NewLayout(g), 40))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 18))
	batch := p.NewBatch()
	states := make([]engine.State, lanes.Lanes)
	for j := range states {
		states[j] = randomState(g, rng)
	}
	batch.Plan(states)
	out := make([][]Arc, lanes.Lanes)
	var arcs []Arc
	for b.Loop() {
		arcs = batch.AppendArcs(arcs[:0], out)
	}
}
