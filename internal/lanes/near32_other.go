//go:build !amd64 || purego

package lanes

// staged32 are the float32 staged kernels: none where there is no
// assembly for them.
var staged32 *stagedKernels
