//go:build !amd64 || purego

package scores

// addScaled and addShifted are addScaledGo and addShiftedGo where there
// is no assembly for the architecture, or the purego build tag asks for
// none.
var (
	addScaled  = addScaledGo
	addShifted = addShiftedGo
)
