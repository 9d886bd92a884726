package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
)

// TestWideTurn checks the WideTurn kernels, where this CPU has them,
// against the float32 near kernels on each of its two batches, bit for
// bit: a turn's passes (MeanNow, BestKeepsNear, KeepValues,
// BestKeepsNear) and the sums over the first roll, on the cases of
// TestNear32.
func TestWideTurn(t *testing.T) {
	if !HasWide() {
		t.Skip("no AVX-512 on this CPU")
	}
	for _, c := range nearCases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, 32))
			for trial := range 10 {
				var half [2][2]NearTurn[float32] // batch, then chances and points
				for b := range half {
					for r := range engine.NumRolls {
						for j := range Lanes {
							half[b][0].Now[r][j], half[b][1].Now[r][j] = chance(rng, c.exact), float32(rng.IntN(40))
						}
					}
				}
				var v, e WideTurn
				for b := range half {
					for r := range engine.NumRolls {
						*v.Now.Half(r, b), *e.Now.Half(r, b) = half[b][0].Now[r], half[b][1].Now[r]
					}
				}
				v.MeanNow(&e)
				v.BestKeepsNear(&e, c.tol)
				v.KeepValues(&e)
				v.BestKeepsNear(&e, c.tol)
				var gotP, gotE [WideLanes]float64
				v.Keeps.Rolls().Expect(&gotP)
				e.Keeps.Rolls().Expect(&gotE)
				for b := range half {
					p, pe := &half[b][0], &half[b][1]
					p.MeanNow(pe)
					p.BestKeepsNear(pe, c.tol)
					p.KeepValues(pe)
					p.BestKeepsNear(pe, c.tol)
					var wantP, wantE [Lanes]float64
					p.Keeps.Rolls().Expect(&wantP)
					pe.Keeps.Rolls().Expect(&wantE)
					for k := range engine.NumKeeps {
						for j := range Lanes {
							if v.Keeps[k][b*Lanes+j] != p.Keeps[k][j] || e.Keeps[k][b*Lanes+j] != pe.Keeps[k][j] {
								t.Fatalf("trial %d, batch %d, keep %d, lane %d: wide (%v, %v), float32 (%v, %v)", trial, b, k, j,
									v.Keeps[k][b*Lanes+j], e.Keeps[k][b*Lanes+j], p.Keeps[k][j], pe.Keeps[k][j])
							}
						}
					}
					for j := range Lanes {
						if gotP[b*Lanes+j] != wantP[j] || gotE[b*Lanes+j] != wantE[j] {
							t.Fatalf("trial %d, batch %d, lane %d: wide sums (%v, %v), float32 (%v, %v)", trial, b, j,
								gotP[b*Lanes+j], gotE[b*Lanes+j], wantP[j], wantE[j])
						}
					}
				}
			}
		})
	}
}

// TestFinalWide checks FinalWide and a WideStage's Outdone, where this
// CPU has them, against FinalStaged and a NearStage's Outdone on each of
// its two batches, bit for bit: levels at random rows of each batch's
// own values, with random Adds, the same lists of levels for both.
func TestFinalWide(t *testing.T) {
	if !HasWide() {
		t.Skip("no AVX-512 on this CPU")
	}
	for _, c := range nearCases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(33, 34))
			for trial := range 20 {
				var vals [2][2][64][Lanes]float32 // batch, first or second values, row
				var f [2]NearFinals[float32]
				for b := range vals {
					for i := range vals[b][0] {
						for j := range Lanes {
							vals[b][0][i][j], vals[b][1][i][j] = chance(rng, c.exact), float32(rng.IntN(60))/4
						}
					}
					for k := range f[b].First {
						f[b].First[k], f[b].Second[k], f[b].Add[k] = &vals[b][0][rng.IntN(64)], &vals[b][1][rng.IntN(64)], float32(rng.IntN(30))
					}
					// a base of second values, or of none (0s) in odd trials
					f[b].BaseFirst, f[b].BaseSecond = &vals[b][0][0], &vals[b][1][1]
					if trial%2 == 1 {
						f[b].BaseSecond = &[Lanes]float32{}
					}
				}
				var used []uint16
				for r := range engine.NumRolls {
					f[0].Starts[r] = uint16(len(f[0].Rolls))
					for range rng.IntN(8) {
						k := uint16(rng.IntN(len(f[0].First)))
						f[0].Rolls = append(f[0].Rolls, k)
						if !slices.Contains(used, k) {
							used = append(used, k)
						}
					}
				}
				f[0].Starts[engine.NumRolls] = uint16(len(f[0].Rolls))
				f[1].Rolls, f[1].Starts = f[0].Rolls, f[0].Starts
				ws := new(WideStage)
				var baseP, baseE [WideLanes]float32
				for b := range f {
					f[b].StageWide(ws, used, b)
					copy(baseP[b*Lanes:], f[b].BaseFirst[:])
					copy(baseE[b*Lanes:], f[b].BaseSecond[:])
				}
				var v, e WideRolls
				f[0].FinalWide(ws, &v, &e, &baseP, &baseE, c.tol)
				for b := range f {
					st := new(NearStage[float32])
					f[b].Stage(st, used)
					var want [3]NearRolls[float32]
					f[b].FinalStaged(st, &want[0], &want[1], &want[2], c.tol)
					for r := range engine.NumRolls {
						for j := range Lanes {
							gp, ge := v.Half(r, b)[j], e.Half(r, b)[j]
							if math.Float32bits(gp) != math.Float32bits(want[0][r][j]) || math.Float32bits(ge) != math.Float32bits(want[1][r][j]) {
								t.Fatalf("trial %d, batch %d, roll %d, lane %d: wide (%v, %v), FinalStaged (%v, %v)", trial, b, r, j, gp, ge, want[0][r][j], want[1][r][j])
							}
						}
					}
					for _, z := range used {
						for n := 1; n <= 3 && isStaged(used, z, n); n++ {
							if got, want := ws.Outdone(int(z), int(z), n, b), st.Outdone(int(z), int(z), n); got != want {
								t.Fatalf("trial %d, batch %d: level %d and the %d from it: wide Outdone %v, NearStage's %v", trial, b, z, n, got, want)
							}
						}
					}
				}
			}
		})
	}
}
