package scores

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddKernels checks the kernels that carry totals, plain Go and the
// ones this CPU runs, bit for bit against adding each arc's product in
// turn (addScaledGo): one arc's, and the arcs from one state to one next
// state at once (shifts), over totals of every length up to 40.
func TestAddKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	active := addShifted
	defer func() { addShifted = active }()
	scaled := map[string]func(dst, src []float64, a float64){"go": addScaledGo, "active": addScaled}
	shifted := map[string]func(to, pad, q []float64, at []int){"go": addShiftedGo, "active": active}
	for n := 1; n <= 40; n++ {
		p := make([]float64, n)
		for i := range p {
			p[i] = rng.Float64() * math.Exp2(-rng.Float64()*60)
		}
		base := make([]float64, n+40)
		for i := range base {
			base[i] = rng.Float64()
		}
		// Arcs to one next state, points increasing, as Batch.Arcs gives
		// them, and one to another next state that widens the pad.
		var run []Arc
		for pts := int32(rng.IntN(3)); pts < 30; pts += 1 + int32(rng.IntN(6)) {
			run = append(run, Arc{Next: 1, Points: pts, P: rng.Float64()})
		}
		all := append([]Arc{{Next: 0, Points: 0, P: 0.5}}, run...)
		want := append([]float64(nil), base...)
		for _, a := range run {
			addScaledGo(want[a.Points:], p, a.P)
		}
		for name, k := range shifted {
			got := append([]float64(nil), base...)
			sh := shifts{}
			addShifted = k
			sh.add(got[run[0].Points:], p, all, run)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s addShifted, %d totals, %d arcs: total %d is %v, want %v", name, n, len(run), i, got[i], want[i])
				}
			}
		}
		for name, k := range scaled {
			got, want := append([]float64(nil), base...), append([]float64(nil), base...)
			k(got[3:], p, 0.375)
			for i, q := range p {
				want[3+i] += 0.375 * q
			}
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s addScaled, %d totals: total %d is %v, want %v", name, n, i, got[i], want[i])
				}
			}
		}
	}
}
