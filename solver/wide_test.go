package solver

import (
	"math/rand/v2"
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
