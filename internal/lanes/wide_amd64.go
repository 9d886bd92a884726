//go:build !purego

//lint:file-ignore U1000 wideStageSecond is read by wide_amd64.s as const_wideStageSecond

package lanes

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func mean32AVX512(v, e *WideTurn, rows []laneRow)

//go:noescape
func bestNear32AVX512(v, e *WideTurn, rows []laneRow, parents int, tol float32)

//go:noescape
func expect32AVX512(r, s *WideRolls, e, f *[WideLanes]float64)

//go:noescape
func stage32AVX512(f *NearFinals[float32], st *WideStage, used []uint16)

//go:noescape
func final32WideAVX512(f *NearFinals[float32], st *WideStage, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32)

//go:noescape
func outdone32AVX512(st *WideStage, zero, from, n int) bool

//go:noescape
func base32AVX512(st *WideStage, zeros []uint16, dense uint32, tol float32, first, second *[WideLanes]float32) uint32

//go:noescape
func choose32AVX512(st *WideStage, levels []uint16, v, e *[WideLanes]float32, tol float32)

// wideStageSecond is the byte offset of a WideStage's Second, for the
// assembly.
const wideStageSecond = unsafe.Offsetof(WideStage{}.Second)

// wideAVX512 is the WideTurn kernel in AVX-512 instructions
// (wide_amd64.s): the float32 AVX kernels' operations in their order, on
// Z registers, a compare's lanes in a K register and the second values
// where it is clear loaded as +0, as the AVX kernels' AND makes them.
var wideAVX512 = &wideKernel{mean: mean32AVX512, expect: expect32AVX512, stage: stage32AVX512, final: final32WideAVX512, outdone: outdone32AVX512, base: base32AVX512, choose: choose32AVX512,
	best: func(v, e *WideTurn, tol float32) {
		for _, g := range maxGroups {
			bestNear32AVX512(v, e, g.rows, g.parents, tol)
		}
	}}

// activeWide is the WideTurn kernel of this CPU: AVX-512, or none without
// it. The kernels use AVX-512 Foundation alone (the zeroing is VPXORQ,
// not VXORPD, which on Z registers would need AVX512DQ too).
var activeWide = func() *wideKernel {
	if cpu.X86.HasAVX512F {
		return wideAVX512
	}
	return nil
}()
