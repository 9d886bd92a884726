//go:build !purego

package lanes

import "golang.org/x/sys/cpu"

// Every amd64 kernel this CPU runs is checked, not only the active one:
// the AVX kernels stand beside the AVX-512 ones, which CPUs without
// AVX-512 run in their place.
func init() {
	if cpu.X86.HasAVX {
		laneKernels["avx"], nearKernels["avx"] = kernelAVX, nearAVX
	}
	if cpu.X86.HasAVX512F {
		laneKernels["avx512"], nearKernels["avx512"] = kernelAVX512, nearAVX512
	}
}
