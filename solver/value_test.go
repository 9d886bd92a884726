package solver

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// TestBatchesMatchSingleStates checks that states valued side by side,
// with different boxes open in each lane and lanes left empty, get the
// very bits that each state gets alone.
func TestBatchesMatchSingleStates(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, name := range []string{"yahtzee", "swedish", "poker-dice"} {
		t.Run(name, func(t *testing.T) {
			g, err := engine.New(name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			turn := NewTurn(g)
			n := len(g.Categories)
			next := func(s engine.State) float64 {
				h := (uint64(s.Filled)*0x9e3779b97f4a7c15 ^ uint64(s.Upper)*0xbf58476d1ce4e5b9) >> 44
				if s.FullBox {
					h ^= 0x55
				}
				return float64(h%1024) / 4
			}
			var w laneScratch
			for range 100 {
				states := make([]engine.State, 1+rng.IntN(lanes.Lanes))
				for i := range states {
					s := engine.State{Filled: uint32(rng.IntN(1<<n - 1)), Upper: rng.IntN(g.UpperCap() + 1)}
					if g.Extra != nil && !s.Open(g.Extra.Box) {
						s.FullBox = rng.IntN(2) == 1
					}
					states[i] = s
				}
				out := make([]float64, len(states))
				turn.values(states, next, &w, out)
				for i, s := range states {
					if want := turn.Value(s, next); math.Float64bits(out[i]) != math.Float64bits(want) {
						t.Fatalf("%s, lane %d of %d, state %+v: %v side by side, %v alone", name, i, len(states), s, out[i], want)
					}
				}
			}
		})
	}
}
