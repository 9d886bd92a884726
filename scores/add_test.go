package scores

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddShifted checks the kernel that carries totals, plain Go and the
// one this CPU runs, bit for bit against adding each arc's product to
// each total in turn, for one arc and for several arcs from one state
// to one next state at once (shifts.add), over totals of every length
// up to 40, and that the buffers' slack stays 0.
func TestAddShifted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	active := addShifted
	defer func() { addShifted = active }()
	for name, kernel := range map[string]func(to, pad, q []float64, at []int){"go": addShiftedGo, "active": active} {
		addShifted = kernel
		for n := 1; n <= 40; n++ {
			p := totals(n)
			for i := range p {
				p[i] = rng.Float64() * math.Exp2(-rng.Float64()*60)
			}
			base := totals(n + 40)
			for i := range base {
				base[i] = rng.Float64()
			}
			// Arcs to one next state, points increasing, as Batch.AppendArcs
			// gives them, after one to another that widens the pad.
			var run []Arc
			for pts := int32(rng.IntN(3)); pts < 30; pts += 1 + int32(rng.IntN(6)) {
				run = append(run, Arc{Next: 1, Points: pts, P: rng.Float64()})
			}
			all := append([]Arc{{Next: 0, Points: 0, P: 0.5}}, run...)
			for _, arcs := range [][]Arc{run[:1], run} {
				want := totals(len(base))
				copy(want, base)
				for _, a := range arcs {
					for k, q := range p {
						want[int(a.Points)+k] += a.P * q
					}
				}
				got := totals(len(base))
				copy(got, base)
				var sh shifts
				sh.add(got[arcs[0].Points:], p, all, arcs)
				for i := range got[:cap(got)] {
					if math.Float64bits(got[:cap(got)][i]) != math.Float64bits(want[:cap(want)][i]) {
						t.Fatalf("%s kernel, %d totals, %d arcs: total %d is %v, want %v", name, n, len(arcs), i, got[:cap(got)][i], want[:cap(want)][i])
					}
				}
			}
		}
	}
}

// totals returns a buffer of n totals, all 0, with slack zeros past them.
func totals(n int) []float64 { return make([]float64, n, n+slack) }
