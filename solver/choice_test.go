package solver

import (
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestChoices checks each keep's choice, from the plain Go kernel and
// the one this CPU runs, against a search through all its sub-keeps for
// the largest value and, of those, the largest keep index, on values
// with many exact ties and with few.
func TestChoices(t *testing.T) {
	kernels := map[string]func(c *LaneKeeps, v *LaneTurn, best *LaneKeeps){"go": choicesGo, "active": activeChoices}
	rng := rand.New(rand.NewPCG(7, 8))
	for name, kernel := range kernels {
		for _, spread := range []int{2, 5, 1_000_000} {
			for trial := range 10 {
				var v LaneTurn
				var best LaneKeeps
				for k := range engine.NumKeeps {
					for j := range Lanes {
						x := float64(rng.IntN(spread))
						if k < keepParents {
							v.Keeps[k][j] = x
						} else {
							v.Now[k-keepParents][j] = x
						}
						best[k][j] = x
					}
				}
				best.BestKeeps()
				var c LaneKeeps
				c[0] = [Lanes]float64{}
				kernel(&c, &v, &best)
				own := func(k, j int) float64 {
					if k < keepParents {
						return v.Keeps[k][j]
					}
					return v.Now[k-keepParents][j]
				}
				for k := range engine.NumKeeps {
					for j := range Lanes {
						want := -1
						for m := range k + 1 {
							if !engine.Keep(k).Contains(engine.Keep(m)) {
								continue
							}
							if want < 0 || own(m, j) >= own(want, j) {
								want = m
							}
						}
						if got := c[k][j]; got != float64(want) {
							t.Fatalf("%s kernel, spread %d, trial %d, keep %v, lane %d: chose %v, want %v", name, spread, trial, engine.Keep(k), j, got, engine.Keep(want))
						}
					}
				}
			}
		}
	}
}
