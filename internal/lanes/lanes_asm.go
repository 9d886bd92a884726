//go:build (amd64 || arm64) && !purego

package lanes

import "dicepoker/engine"

// numRolls is engine.NumRolls, for the assembly.
//
//lint:ignore U1000 read by lanes_amd64.s and lanes_arm64.s as const_numRolls
const numRolls = engine.NumRolls

// The assembly holds a row of LaneKeeps in registers of eight float64 in
// all: two of four on amd64, four of two on arm64.
var (
	_ [Lanes - 8]struct{}
	_ [8 - Lanes]struct{}
)

// bestLanesWith returns a kernel's best step from an assembly one that
// folds each row's parents into its keep, for rows with the given number
// of parents: the steps of the groups given, a group of keeps with
// equally many parents at a time. The vector maxima need no ordering.
func bestLanesWith(maxRows func(v *LaneKeeps, rows []laneRow, parents int)) func(*LaneKeeps, []maxGroup, bool) {
	return func(v *LaneKeeps, groups []maxGroup, _ bool) {
		for _, g := range groups {
			maxRows(v, g.rows, g.parents)
		}
	}
}
