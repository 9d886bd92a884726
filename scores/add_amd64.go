//go:build !purego

package scores

import "golang.org/x/sys/cpu"

//go:noescape
func addScaledAVX(dst, src []float64, a float64)

//go:noescape
func addShiftedAVX(to, pad, q []float64, at []int)

// addScaled and addShifted are addScaledGo and addShiftedGo in AVX where
// the CPU has it, four totals an instruction: a multiply, then an add,
// each rounded as Go's are on amd64, so the sums are the same to the bit.
var addScaled, addShifted = func() (func(dst, src []float64, a float64), func(to, pad, q []float64, at []int)) {
	if cpu.X86.HasAVX {
		return addScaledAVX, addShiftedAVX
	}
	return addScaledGo, addShiftedGo
}()
