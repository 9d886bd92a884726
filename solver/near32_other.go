//go:build !amd64 || purego

package solver

// stagedFinal32 is the float32 FinalStaged kernel: none where there is no
// assembly for it, Final's own doing the work.
var stagedFinal32 func(f *NearFinals[float32], st *NearStage[float32], used []uint16, v, e, bar *NearRolls[float32], tol float32)
