//go:build !amd64 || purego

package lanes

// activeNear is the near kernel: plain Go where there is no assembly for
// the architecture, or the purego build tag asks for none.
var activeNear = nearGo
