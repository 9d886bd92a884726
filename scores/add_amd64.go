//go:build !purego

package scores

import "golang.org/x/sys/cpu"

//go:noescape
func addShiftedAVX(to, pad, q []float64, at []int)

// addShifted is addShiftedGo in AVX where the CPU has it, four totals an
// instruction, len(to) a multiple of four (pad and the totals read as
// far): a multiply, then an add, each rounded as Go's are on amd64, so
// the sums are the same to the bit.
var addShifted = func() func(to, pad, q []float64, at []int) {
	if cpu.X86.HasAVX {
		return addShiftedAVX
	}
	return addShiftedGo
}()
