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

// numRolls is engine.NumRolls, for the assembly.
//
//lint:ignore U1000 read by lanes_amd64.s as const_numRolls
const numRolls = engine.NumRolls

// sixth is 1/6, for the assembly to broadcast.
//
//lint:ignore U1000 read by lanes_amd64.s
var sixth = 1.0 / 6

//go:noescape
func meanLanesAVX2(v *LaneKeeps, rows []laneRow)

//go:noescape
func maxLanesAVX2(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func expectLanesAVX2(r *LaneRolls, e *[Lanes]float64)

//go:noescape
func levelsAVX2(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels)

//go:noescape
func sparseAVX2(v *LaneKeeps, list []scoredRoll, add *[Lanes]float64)

//go:noescape
func pointsAVX2(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64)

// kernelAVX2 is the lane kernel in AVX2 instructions: the same operations
// in the same order as kernelGo, two registers of four lanes each.
var kernelAVX2 = laneKernel{mean: meanLanesAVX2, max: maxLanesAVX2, expect: expectLanesAVX2,
	levels: levelsAVX2, sparse: sparseAVX2, points: pointsAVX2}

// activeKernel is the fastest lane kernel this CPU runs.
var activeKernel = func() laneKernel {
	if cpu.X86.HasAVX2 {
		return kernelAVX2
	}
	return kernelGo
}()
