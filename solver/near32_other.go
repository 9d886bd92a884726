//go:build !amd64 || purego

package solver

// active32 is the float32 near kernel: plain Go where there is no
// assembly for the architecture, or the purego build tag asks for none.
var active32 = near32Go
