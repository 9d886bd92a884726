//go:build !purego

package lanes

import "golang.org/x/sys/cpu"

//go:noescape
func finalAVX(f *Finals, v, e, bar *LaneRolls, tol float64)

//go:noescape
func bestNearAVX(v, e *LaneTurn, rows []laneRow, parents int, tol float64)

//go:noescape
func bestNearAVX512(v, e *LaneTurn, rows []laneRow, parents int, tol float64)

// nearAVX is the near kernel in AVX instructions, as kernelAVX is the lane
// kernel: the same operations in the same order as nearGo; in float32, a
// row of eight lanes in one Y register (near32_amd64.s). Its masked
// maxima (a compare, an AND with the second values, VMAXPD) agree with
// nearGo's branches for values of +0 or more. The float32 Final is
// plain Go: the turns that have AVX take FinalStaged's kernel instead.
var nearAVX = nearKernel{name: "avx", mean: meanPairWith(kernelAVX), final: finalAVX,
	best: func(v, e *LaneTurn, tol float64) {
		for _, g := range maxGroups {
			bestNearAVX(v, e, g.rows, g.parents, tol)
		}
	},
	mean32: mean32AVX, expect32: expect32AVX,
	best32: func(v, e *NearTurn[float32], tol float32) {
		for _, g := range maxGroups32 {
			bestNear32AVX(v, e, g.rows, g.parents, tol)
		}
	}}

// nearAVX512 is nearAVX with the float64 keep passes in AVX-512
// Foundation, a row in one Z register (kernelAVX512's means,
// bestNearAVX512): the same operations in the same order, a compare's
// lanes in a K register and the second values where it is clear loaded
// as +0, as nearAVX's AND makes them.
var nearAVX512 = func() nearKernel {
	k := nearAVX
	k.name, k.mean = "avx512", meanPairWith(kernelAVX512)
	k.best = func(v, e *LaneTurn, tol float64) {
		for _, g := range maxGroups {
			bestNearAVX512(v, e, g.rows, g.parents, tol)
		}
	}
	return k
}()

// activeNear is the fastest near kernel this CPU runs.
var activeNear = func() nearKernel {
	switch {
	case cpu.X86.HasAVX512F:
		return nearAVX512
	case cpu.X86.HasAVX:
		return nearAVX
	}
	return nearGo
}()
