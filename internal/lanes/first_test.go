package lanes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestFirstBest checks FirstBest, from the plain Go kernel and the one
// this CPU runs, against a search of every keep's sub-keeps, lane by
// lane: for a keep with fewer than five dice, every keep it contains,
// itself included; for a roll, engine.SubKeeps in order. The values are
// drawn from a few levels, so that ties are everywhere, and some are
// -Inf, as a closed row's are.
func TestFirstBest(t *testing.T) {
	active := activeFirstBest
	defer func() { activeFirstBest = active }()
	levels := []float64{math.Inf(-1), -200, 1.5, 2, 3}
	for name, kernel := range map[string]func(v, f *LaneKeeps){"go": firstBestGo, "active": active} {
		activeFirstBest = kernel
		rng := rand.New(rand.NewPCG(21, 22))
		for _, spread := range []int{2, 3, len(levels)} {
			t.Run(fmt.Sprintf("%s kernel, %d levels", name, spread), func(t *testing.T) {
				for range 5 {
					var v LaneKeeps
					for k := range engine.NumKeeps {
						for j := range Lanes {
							v[k][j] = levels[len(levels)-1-rng.IntN(spread)]
						}
					}
					best := v
					best.BestKeeps()
					var f LaneKeeps
					best.FirstBest(&f)
					for j := range Lanes {
						for k := range engine.NumKeeps {
							want, top := firstOfBest(&v, k, j)
							if got := int(f[k][j]); got != want {
								t.Fatalf("lane %d, keep %v: first best %v, want %v", j, engine.Keep(k), engine.Keep(got), engine.Keep(want))
							}
							if k < engine.FirstRollKeep && best[k][j] != top {
								t.Fatalf("lane %d, keep %v: best %v, want %v", j, engine.Keep(k), best[k][j], top)
							}
						}
					}
				}
			})
		}
	}
}

// firstOfBest returns, for keep k in lane j of v, the first in order of
// keep index of its sub-keeps (itself included, but for a roll) with the
// largest value, and that value.
func firstOfBest(v *LaneKeeps, k, j int) (int, float64) {
	var subs []int
	if k < engine.FirstRollKeep {
		for i := range k + 1 {
			if engine.Keep(k).Contains(engine.Keep(i)) {
				subs = append(subs, i)
			}
		}
	} else {
		subs = engine.SubKeeps(k - engine.FirstRollKeep)
	}
	first, top := -1, math.Inf(-1)
	for _, i := range subs {
		if first < 0 || v[i][j] > top {
			first, top = i, v[i][j]
		}
	}
	return first, top
}
