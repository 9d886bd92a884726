//go:build !purego

package lanes

//go:noescape
func meanLanesNEON(v *LaneKeeps, rows []laneRow)

//go:noescape
func maxLanesNEON(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func expectLanesNEON(r *LaneRolls, e *[Lanes]float64)

// kernelNEON is the lane kernel with the keep passes and the expectation
// in Advanced SIMD instructions, four registers of two float64 a row: the
// same operations in the same order as kernelGo, whose steps on the final
// rolls it shares. FMAX follows Go's max builtin for every value, NaN and
// signed zeros included.
var kernelNEON = Kernels{name: "neon", mean: meanLanesNEON, best: bestLanesWith(maxLanesNEON), expect: expectLanesNEON,
	levels: levelsLanesGo, sparse: sparseLanesGo, points: pointsLanesGo, raised: raisedLanesGo,
	pointsOne: pointsOneGo, denseFrom: kernelGo.denseFrom, keepsOne: KeepValues,
	bestOne: bestKeepsBits, raisedOne: raisedOne, rank: rankGo, fill: fill}

// activeKernel is the lane kernel of every arm64 CPU: Advanced SIMD is
// part of the architecture.
var activeKernel = kernelNEON
