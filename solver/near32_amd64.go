//go:build !purego

package solver

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The byte offsets of a float32 NearFinals' fields, for the assembly.
//
//lint:ignore U1000 read by near32_amd64.s as const_finals32First and so on
const (
	finals32First      = unsafe.Offsetof(NearFinals[float32]{}.First)
	finals32Second     = unsafe.Offsetof(NearFinals[float32]{}.Second)
	finals32Add        = unsafe.Offsetof(NearFinals[float32]{}.Add)
	finals32Rolls      = unsafe.Offsetof(NearFinals[float32]{}.Rolls)
	finals32Starts     = unsafe.Offsetof(NearFinals[float32]{}.Starts)
	finals32BaseFirst  = unsafe.Offsetof(NearFinals[float32]{}.BaseFirst)
	finals32BaseSecond = unsafe.Offsetof(NearFinals[float32]{}.BaseSecond)
)

//go:noescape
func mean32AVX(v, e *NearTurn[float32], rows []laneRow)

//go:noescape
func bestNear32AVX(v, e *NearTurn[float32], rows []laneRow, parents int, tol float32)

//go:noescape
func final32AVX(f *NearFinals[float32], v, e, bar *NearRolls[float32], tol float32)

//go:noescape
func expect32AVX(r *NearRolls[float32], e *[Lanes]float64)

// near32AVX is the float32 near kernel in AVX instructions, a row of
// eight float32 lanes in one Y register: the same operations in the
// same order as near32Go, each rounded as Go rounds it.
var near32AVX = near32Kernel{name: "avx", mean: mean32AVX, final: final32AVX, expect: expect32AVX,
	best: func(v, e *NearTurn[float32], tol float32) {
		for _, g := range maxGroups32 {
			bestNear32AVX(v, e, g.rows, g.parents, tol)
		}
	}}

// active32 is the fastest float32 near kernel this CPU runs.
var active32 = func() near32Kernel {
	if cpu.X86.HasAVX {
		return near32AVX
	}
	return near32Go
}()
