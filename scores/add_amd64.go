//go:build !purego

package scores

import "golang.org/x/sys/cpu"

//go:noescape
func addScaledAVX(to, p []float64, q float64)

//go:noescape
func addScaledAVX512(to, p []float64, q float64)

// addScaled is addScaledGo in AVX-512 or AVX where the CPU has it, len(to)
// a multiple of four (p read as far): a multiply, then an add, each
// rounded as Go's are on amd64, so the sums are the same to the bit.
var addScaled = func() func(to, p []float64, q float64) {
	switch {
	case cpu.X86.HasAVX512F:
		return addScaledAVX512
	case cpu.X86.HasAVX:
		return addScaledAVX
	}
	return addScaledGo
}()
