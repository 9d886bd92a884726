//go:build !purego

package solver

import (
	"golang.org/x/sys/cpu"

	"dicepoker/engine"
)

// firstRollOffset is the byte offset of roll 0's row in a LaneKeeps.
//
//lint:ignore U1000 read by lanes_amd64.s as const_firstRollOffset
const firstRollOffset = keepParents * Lanes * 8

//go:noescape
func meanLanesAVX(v *LaneKeeps, rows []laneRow)

//go:noescape
func maxLanesAVX(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func expectLanesAVX(r *LaneRolls, e *[Lanes]float64)

//go:noescape
func levelsAVX(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels)

//go:noescape
func sparseAVX(v *LaneKeeps, list []scoredRoll, add *[Lanes]float64)

//go:noescape
func raisedAVX(v *LaneKeeps, list []levelRoll, totals *boxLevels)

//go:noescape
func pointsAVX(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64)

//go:noescape
func pointsOneAVX(f, points *[engine.NumRolls]float64, add float64)

//go:noescape
func keepRowsAVX(v *Keeps, rows []keepRow)

// keepValuesAVX is KeepValues four keeps an instruction, a row of them at
// a time (keepRows).
func keepValuesAVX(v *Keeps) { keepRowsAVX(v, keepRows) }

// kernelAVX is the lane kernel in AVX instructions (VEX-encoded 256-bit
// arithmetic, nothing of AVX2): the same operations in the same order as
// kernelGo, two registers of four lanes each. Its maxima (VMAXPD) agree
// with Go's max builtin for every value but NaN and signed zeros, which
// never occur: see laneKernel.
var kernelAVX = laneKernel{name: "avx", mean: meanLanesAVX, best: bestLanesWith(maxLanesAVX), expect: expectLanesAVX,
	levels: func(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, _ bool) {
		levelsAVX(r, level, totals)
	},
	sparse: func(v *LaneKeeps, list []scoredRoll, add *[Lanes]float64, _ bool) { sparseAVX(v, list, add) },
	points: pointsAVX,
	raised: func(v *LaneKeeps, list []levelRoll, totals *boxLevels, _ bool) { raisedAVX(v, list, totals) },
	// Four rolls an instruction: a box's list is worth walking only when
	// it holds less than an eighth of the rolls.
	pointsOne: pointsOneAVX, denseFrom: engine.NumRolls / 8, keepsOne: keepValuesAVX}

// activeKernel is the fastest lane kernel this CPU runs.
var activeKernel = func() laneKernel {
	if cpu.X86.HasAVX {
		return kernelAVX
	}
	return kernelGo
}()
