//go:build !amd64 || purego

package scores

// addShifted is addShiftedGo where there is no assembly for the
// architecture, or the purego build tag asks for none.
var addShifted = addShiftedGo
