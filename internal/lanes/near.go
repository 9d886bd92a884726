package lanes

import (
	"unsafe"

	"dicepoker/engine"
)

// The kernels of an objective valued by two numbers, a first one that
// decides and a second one that breaks its near ties (package target's
// probabilities and points): the choice between options takes the
// largest first value, and of the options whose first value is near it,
// at least best - tol*best, the largest second value. Second values must
// be +0 or more: an option that is not near counts as +0 in the second
// maximum, which the one that sets the first value always outweighs or
// equals. First values must be +0 or more too, and neither may be NaN.
//
// The choice is made at each step with the values at hand: BestKeepsNear
// chooses each keep's best from its own value and those of its parents,
// as BestKeeps does, each against its own largest first value. That is
// the choice between all the sub-keeps of a roll at once, save where
// first values within tol of each other but unequal form a chain (a near
// b near c, a not near c): chances that close are ties in all but
// rounding.

// LaneTurn holds the values of one objective for Lanes states (or needs)
// through a turn: Keeps for the keep passes, and Now, each final roll's
// value when it is written at once, which BestKeepsNear reads as the
// value of keeping all five dice and MeanNow reads as the rolls' values.
type LaneTurn struct {
	Keeps LaneKeeps
	Now   LaneRolls
}

// nowOffset is the byte offset of LaneTurn.Now: its rows lie within
// reach of a laneRow's 16-bit offsets from the start of Keeps.
const nowOffset = uint16(unsafe.Offsetof(LaneTurn{}.Now))

const _ = uint(1<<16 - 1 - unsafe.Sizeof(LaneTurn{})) // a LaneTurn spans less than 64 KiB

// MeanNow does KeepValues on v.Keeps and e.Keeps with the rolls' values
// read from their Now: the mean of each keep over the rolls it can
// become, when the rolls are to be written as they fall.
func (v *LaneTurn) MeanNow(e *LaneTurn) { activeNear.mean(v, e, meanNowRows) }

// KeepValues does KeepValues on v.Keeps and e.Keeps, to the bits that
// LaneKeeps.KeepValues gives each.
func (v *LaneTurn) KeepValues(e *LaneTurn) { activeNear.mean(v, e, meanRows) }

// BestKeepsNear chooses, in v and e together, each keep's best among its
// sub-keeps (keeping all five dice being writing the roll now, v.Now and
// e.Now), as BestKeeps does with one value: v's keeps become the largest
// first value of a sub-keep, e's the largest second value of a sub-keep
// near it (see the package notes on near choices). Applied after
// KeepValues (or MeanNow), each roll's row of v.Keeps and e.Keeps then
// holds the value of the roll with a reroll to come.
func (v *LaneTurn) BestKeepsNear(e *LaneTurn, tol float64) { activeNear.best(v, e, tol) }

// Finals are the values a turn's final rolls may be written for, Lanes
// needs (or states) at a time, and which of them each roll may take:
// level k (box k/32's level k%32) has its first values at First[k],
// its second at Second[k] plus Add[k]; roll r may take the levels
// Rolls[Starts[r]:Starts[r+1]], and the base, BaseFirst and BaseSecond,
// a choice of levels every roll may count.
type Finals struct {
	First, Second [32 * Levels]*[Lanes]float64
	Add           [32 * Levels]float64
	Rolls         []uint16
	Starts        [engine.NumRolls + 1]uint16
	// BaseFirst is the base's first value, BaseSecond its second: the
	// base stands for options whose first values near BaseFirst are all
	// at it. Neither may be nil (a base of no second values is 0s).
	BaseFirst, BaseSecond *[Lanes]float64
}

// Final sets each roll's rows of v, e and bar to the near choice between
// the levels it may take and the base: the largest first value (v), its
// bar (Bars), and the largest second value of the levels whose first
// value is near (e), the base's where its first value is near, all at
// once.
func (f *Finals) Final(v, e, bar *LaneRolls, tol float64) { activeNear.final(f, v, e, bar, tol) }

// nearKernel is the code of the near kernels: plain Go, or vector
// instructions. Both give the same bits for the values allowed (+0 or
// more, never NaN).
type nearKernel struct {
	name  string
	mean  func(v, e *LaneTurn, rows []laneRow)
	best  func(v, e *LaneTurn, tol float64)
	final func(f *Finals, v, e, bar *LaneRolls, tol float64)
	// The same in float32 (see NearTurn), and the expectation of the
	// rolls, summed in float64.
	mean32   func(v, e *NearTurn[float32], rows []laneRow)
	best32   func(v, e *NearTurn[float32], tol float32)
	expect32 func(r *NearRolls[float32], e *[Lanes]float64)
}

// NearKernel names the near kernel this CPU runs: "avx", "avx512" or "go".
func NearKernel() string { return activeNear.name }

var nearGo = nearKernel{name: "go", mean: meanPairWith(kernelGo), best: bestNearGo, final: finalGo,
	mean32: mean32Go, best32: best32Go, expect32: expect32Go}

// meanPairWith returns the means of a pair of LaneTurns by lane kernel k:
// its KeepValues steps on each, rows read past Keeps from Now.
func meanPairWith(k Kernels) func(v, e *LaneTurn, rows []laneRow) {
	return func(v, e *LaneTurn, rows []laneRow) {
		k.mean(&v.Keeps, rows)
		k.mean(&e.Keeps, rows)
	}
}

// meanNowRows are meanRows with the rolls read from LaneTurn.Now.
var meanNowRows = func() []laneRow {
	rows := make([]laneRow, len(meanRows))
	for i, r := range meanRows {
		rows[i] = r
		for j := 1; j <= engine.Faces; j++ {
			if off := r[j]; off >= rowOffset(keepParents) {
				rows[i][j] = off - rowOffset(keepParents) + nowOffset
			}
		}
	}
	return rows
}()

// ownSlot is the entry of a maxGroups row that holds the offset of the
// keep's own value: after the keep and at most five parents.
const ownSlot = 7

const _ = uint(ownSlot - engine.Dice - 1) // the slot lies past every parent

// turnAt returns the row of v (its Keeps, or Now past them) at byte
// offset off.
func turnAt(v *LaneTurn, off uint16) *[Lanes]float64 {
	return (*[Lanes]float64)(unsafe.Add(unsafe.Pointer(v), off))
}
