//go:build !purego

//lint:file-ignore U1000 the finals32 and stage32 offsets are read by near32_amd64.s as const_finals32First and so on

package lanes

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The byte offsets of a float32 NearFinals' fields, for the assembly.
const (
	finals32First      = unsafe.Offsetof(NearFinals[float32]{}.First)
	finals32Second     = unsafe.Offsetof(NearFinals[float32]{}.Second)
	finals32Add        = unsafe.Offsetof(NearFinals[float32]{}.Add)
	finals32Rolls      = unsafe.Offsetof(NearFinals[float32]{}.Rolls)
	finals32Starts     = unsafe.Offsetof(NearFinals[float32]{}.Starts)
	finals32BaseFirst  = unsafe.Offsetof(NearFinals[float32]{}.BaseFirst)
	finals32BaseSecond = unsafe.Offsetof(NearFinals[float32]{}.BaseSecond)
	stage32Second      = unsafe.Offsetof(NearStage[float32]{}.Second)
)

//go:noescape
func mean32AVX(v, e *NearTurn[float32], rows []laneRow)

//go:noescape
func bestNear32AVX(v, e *NearTurn[float32], rows []laneRow, parents int, tol float32)

//go:noescape
func expect32AVX(r *NearRolls[float32], e *[Lanes]float64)

//go:noescape
func stage32AVX(f *NearFinals[float32], st *NearStage[float32], used []uint16)

//go:noescape
func final32StagedAVX(f *NearFinals[float32], st *NearStage[float32], v, e, bar *NearRolls[float32], tol float32)

//go:noescape
func outdone32AVX(st *NearStage[float32], zero, from, n int) bool

// staged32 are the float32 staged kernels of this CPU: AVX, or none
// without it.
var staged32 = func() *stagedKernels {
	if cpu.X86.HasAVX {
		return &stagedKernels{stage: stage32AVX, final: final32StagedAVX, outdone: outdone32AVX}
	}
	return nil
}()
