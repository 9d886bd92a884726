package target

import (
	"testing"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/solver"
)

// BenchmarkBatch measures one batch: eight needs of a mid-game yahtzee
// state played through its turn, in float64 as the exact solve plays it
// and in float32 as the every-target table does.
func BenchmarkBatch(b *testing.B) {
	g := subset(b, "yahtzee", engine.Options{})
	s := engine.State{Filled: 0b0101010101010, Upper: 20}
	sol := solve(b, g, s, 100)
	b.Run("float64", func(b *testing.B) { benchBatch(b, sol.turn, sol, s) })
	b.Run("float32", func(b *testing.B) { benchBatch(b, newTurn[float32](g), sol, s) })
}

// benchBatch measures turn t's batch of needs 41..48 of state s, valued by
// next.
func benchBatch[T lane.Real](b *testing.B, t *turn[T], next chances, s engine.State) {
	w := t.get()
	t.collect(s, next, w)
	t.prepare(next, 41, 49, w)
	for b.Loop() {
		t.batch(41, w)
	}
}

// BenchmarkPlans measures what the distribution for a target does for
// each state it reaches: eight needs of a mid-game yahtzee state
// planned, their choices noted roll by roll (turn.plans), in float64 and
// in float32.
func BenchmarkPlans(b *testing.B) {
	g := subset(b, "yahtzee", engine.Options{})
	s := engine.State{Filled: 0b0101010101010, Upper: 20}
	sol := solve(b, g, s, 100)
	needs := []int{41, 42, 43, 44, 45, 46, 47, 48}
	b.Run("float64", func(b *testing.B) {
		for b.Loop() {
			sol.turn.plans(sol, s, needs)
		}
	})
	b.Run("float32", func(b *testing.B) {
		t := newTurn[float32](g)
		for b.Loop() {
			t.plans(sol, s, needs)
		}
	})
}

// BenchmarkSolveLate measures the solve that advise --target runs in a
// late yahtzee position: eight boxes filled, 132 points needed.
func BenchmarkSolveLate(b *testing.B) {
	g := subset(b, "yahtzee", engine.Options{})
	from := engine.State{Filled: 0b1001010111111, Upper: 45}
	for b.Loop() {
		if _, err := Solve(g, from, 132, solver.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveTable measures the every-target table of yatzy without
// its four lowest boxes, on one thread.
func BenchmarkSolveTable(b *testing.B) {
	g := subset(b, "yatzy", engine.Options{}, "fours", "fives", "sixes", "one-pair", "two-pairs", "three-of-a-kind",
		"four-of-a-kind", "small-straight", "large-straight", "full-house", "chance")
	for b.Loop() {
		if _, err := SolveTable(g, solver.Options{Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
