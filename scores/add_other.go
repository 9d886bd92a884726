//go:build !amd64 || purego

package scores

// addScaled is addScaledGo where there is no assembly for the
// architecture, or the purego build tag asks for none.
var addScaled = addScaledGo
