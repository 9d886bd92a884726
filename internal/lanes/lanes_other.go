//go:build (!amd64 && !arm64) || purego

package lanes

// activeKernel is the lane kernel: plain Go where there is no assembly
// for the architecture, or the purego build tag asks for none.
var activeKernel = kernelGo
