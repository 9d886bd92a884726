package solver

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestChoices checks each keep's choice, from BestKeepsChoosing's plain
// Go kernel and the one this CPU runs, against a search through all its
// sub-keeps for the largest value and, of those, the largest keep index,
// on values with many exact ties and with few.
func TestChoices(t *testing.T) {
	kernels := map[string]func(v, c *LaneKeeps){"go": bestChoicesGo, "active": activeBestChoices}
	rng := rand.New(rand.NewPCG(7, 8))
	for name, kernel := range kernels {
		for _, spread := range []int{2, 5, 1_000_000} {
			for trial := range 10 {
				var own LaneKeeps
				for k := range engine.NumKeeps {
					for j := range Lanes {
						own[k][j] = float64(rng.IntN(spread))
					}
				}
				best := own
				var c LaneKeeps
				c[0] = [Lanes]float64{}
				kernel(&best, &c)
				for k := range engine.NumKeeps {
					for j := range Lanes {
						want := -1
						for m := range k + 1 {
							if !engine.Keep(k).Contains(engine.Keep(m)) {
								continue
							}
							if want < 0 || own[m][j] >= own[want][j] {
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

// TestMaxByBoxesFirstBox checks, for the plain Go kernel and the one
// this CPU runs, that a turn's boxes leave each roll the largest of
// their levels' totals, to the bits MaxByLevel gives, and the first box
// that has it, on totals with many exact ties and with few.
func TestMaxByBoxesFirstBox(t *testing.T) {
	kernels := map[string]func(*LaneRolls, []LevelBox, *LaneRolls){"go": boxesChoosingGo, "active": activeBoxesChoosing}
	rng := rand.New(rand.NewPCG(9, 10))
	for name, kernel := range kernels {
		for _, spread := range []int{3, 1_000_000} {
			boxes := randomBoxes(rng, 6, spread, false)
			var got, want, choice LaneRolls
			for r := range want {
				for j := range Lanes {
					want[r][j] = math.Inf(-1)
				}
			}
			for _, b := range boxes {
				want.MaxByLevel(b.Level, b.Totals)
			}
			kernel(&got, boxes, &choice)
			for r := range got {
				for j := range Lanes {
					first := 0
					for c, b := range boxes {
						if b.Totals[b.Level[r]][j] == want[r][j] {
							first = c
							break
						}
					}
					if math.Float64bits(got[r][j]) != math.Float64bits(want[r][j]) || choice[r][j] != float64(first) {
						t.Fatalf("%s kernel, spread %d, roll %d, lane %d: %v from box %v, want %v from box %d", name, spread, r, j, got[r][j], choice[r][j], want[r][j], first)
					}
				}
			}
		}
	}
}

// TestSpread checks Spread, from the plain Go kernel and the one this
// CPU runs, bit for bit against one lane at a time: each keep in index
// order gaining a sixth of its parents' sum, in face order.
func TestSpread(t *testing.T) {
	kernels := map[string]func(*LaneKeeps){"go": spreadGo, "active": activeSpread}
	rng := rand.New(rand.NewPCG(11, 12))
	for name, kernel := range kernels {
		for trial := range 5 {
			var got LaneKeeps
			var want [Lanes][engine.NumKeeps]float64
			for k := range engine.NumKeeps {
				for j := range Lanes {
					if rng.IntN(3) > 0 {
						got[k][j] = rng.Float64()
						want[j][k] = got[k][j]
					}
				}
			}
			kernel(&got)
			for j := range want {
				w := &want[j]
				for k := 1; k < engine.NumKeeps; k++ {
					m, in := engine.Keep(k), 0.0
					for f := range engine.Faces {
						if m[f] > 0 {
							m[f]--
							in += w[engine.KeepIndex(m)]
							m[f]++
						}
					}
					w[k] += in * (1.0 / engine.Faces)
				}
				for k := range engine.NumKeeps {
					if math.Float64bits(got[k][j]) != math.Float64bits(w[k]) {
						t.Fatalf("%s kernel, trial %d, lane %d, keep %v: %v, want %v", name, trial, j, engine.Keep(k), got[k][j], w[k])
					}
				}
			}
		}
	}
}

// TestBestKeepsChoosing checks, for the plain Go kernel and the one this
// CPU runs, that BestKeepsChoosing leaves the bests and the choices, bit
// for bit, that BestKeeps and choicesGo give on a copy of the values, on
// values with many exact ties and with few.
func TestBestKeepsChoosing(t *testing.T) {
	kernels := map[string]func(v, c *LaneKeeps){"go": bestChoicesGo, "active": activeBestChoices}
	rng := rand.New(rand.NewPCG(15, 16))
	for name, kernel := range kernels {
		for _, spread := range []int{2, 5, 1_000_000} {
			for trial := range 5 {
				var v LaneKeeps
				for k := range engine.NumKeeps {
					for j := range Lanes {
						v[k][j] = float64(rng.IntN(spread))
					}
				}
				var own LaneTurn
				own.Keeps, own.Now = v, *v.Rolls()
				want, got := v, v
				want.BestKeeps()
				var wantChoice, gotChoice LaneKeeps
				choicesGo(&wantChoice, &own, &want)
				gotChoice[0] = [Lanes]float64{}
				kernel(&got, &gotChoice)
				for k := range engine.NumKeeps {
					for j := range Lanes {
						if math.Float64bits(got[k][j]) != math.Float64bits(want[k][j]) || gotChoice[k][j] != wantChoice[k][j] {
							t.Fatalf("%s kernel, spread %d, trial %d, keep %v, lane %d: best %v, choice %v; want %v, %v",
								name, spread, trial, engine.Keep(k), j, got[k][j], gotChoice[k][j], want[k][j], wantChoice[k][j])
						}
					}
				}
			}
		}
	}
}
