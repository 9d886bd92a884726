//go:build !amd64 || purego

package lanes

// activeWide is the WideTurn kernel: none where there is no assembly for
// it.
var activeWide *wideKernel
