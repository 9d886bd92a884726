package scores

import (
	"math"
	"math/rand/v2"
	"testing"
)

// addScaledKernels are the kernels that addScaled may be, by name;
// add_amd64_test.go adds the assembly ones this CPU runs.
var addScaledKernels = map[string]func(to, p []float64, q float64){"go": addScaledGo, "active": addScaled}

// TestAddScaled checks every kernel that carries totals bit for bit
// against adding each arc's product, rounded, to each total in turn,
// for several arcs into one next state's totals at different shifts,
// over totals of every length up to 40, and that the buffers' slack
// stays 0.
func TestAddScaled(t *testing.T) {
	t.Parallel()
	for name, kernel := range addScaledKernels {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			for n := 1; n <= 40; n++ {
				// Totals and products of like sizes, so that rounding
				// the product apart (or not) changes sums.
				p, want, got := totals(n), totals(n+40), totals(n+40)
				for _, x := range [][]float64{p, want} {
					for i := range x {
						x[i] = rng.Float64() * math.Exp2(-rng.Float64()*4)
					}
				}
				copy(got, want)
				for range 5 {
					at, q := rng.IntN(41), rng.Float64()
					for k, x := range p {
						want[at+k] += float64(q * x)
					}
					kernel(got[at:][:upTo4(n)], p, q)
				}
				for i, x := range got[:cap(got)] {
					if math.Float64bits(x) != math.Float64bits(want[:cap(want)][i]) {
						t.Fatalf("%d totals: total %d is %v, want %v", n, i, x, want[:cap(want)][i])
					}
				}
			}
		})
	}
}

// totals returns a buffer of n totals, all 0, with slack zeros past them.
func totals(n int) []float64 { return make([]float64, n, n+slack) }
