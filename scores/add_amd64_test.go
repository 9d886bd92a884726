//go:build !purego

package scores

import "golang.org/x/sys/cpu"

func init() {
	if cpu.X86.HasAVX {
		addScaledKernels["avx"] = addScaledAVX
	}
	if cpu.X86.HasAVX512F {
		addScaledKernels["avx512"] = addScaledAVX512
	}
}
