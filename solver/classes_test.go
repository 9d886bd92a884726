package solver

import (
	"math"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
)

// TestUpperClassesShareValues checks that states of one filled set, box
// flag and bonus class have the same value, and that there are fewer
// classes than states but more than filled sets.
func TestUpperClassesShareValues(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"yahtzee", "poker-dice"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sol := solve(t, name, engine.Options{}, 0)
			g := sol.Game
			c := statespace.NewUpperClasses(g)
			type key struct {
				filled uint32
				full   bool
				class  int
			}
			seen := map[key]float64{}
			for i, v := range sol.Values {
				if math.IsNaN(v) {
					continue
				}
				s := sol.Layout.State(i)
				k := key{s.Filled, s.FullBox, c.Class(s.Filled, s.Upper)}
				if w, ok := seen[k]; ok && w != v {
					t.Fatalf("%+v: %v, another state of its class %v", s, v, w)
				}
				seen[k] = v
			}
			if len(seen) >= sol.States || len(seen) <= 1<<len(g.Categories) {
				t.Errorf("%d classes for %d states", len(seen), sol.States)
			}
		})
	}
}
