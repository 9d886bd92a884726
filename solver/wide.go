package solver

import (
	"unsafe"

	"dicepoker/engine"
)

// WideLanes is how many needs a WideTurn holds in a row: sixteen float32
// lanes, the 64 bytes of one AVX-512 Z register, a LaneTurn's row.
const WideLanes = 2 * Lanes

// WideRolls holds a value for each roll in WideLanes needs.
type WideRolls [engine.NumRolls][WideLanes]float32

// WideKeeps holds the keep values of WideLanes needs.
type WideKeeps [keepsLen][WideLanes]float32

// WideTurn is a float32 NearTurn of two batches side by side, the first's
// eight needs in lanes 0..7 and the second's in 8..15, for the AVX-512
// kernels: each lane goes through the same operations as in a NearTurn,
// so to the same bits, and every step is one instruction for sixteen
// needs. Its rows are a LaneTurn's bytes, so its steps are LaneTurn's.
type WideTurn struct {
	Keeps WideKeeps
	Now   WideRolls
}

var (
	_ [unsafe.Sizeof(WideTurn{}) - unsafe.Sizeof(LaneTurn{})]struct{}
	_ [unsafe.Sizeof(LaneTurn{}) - unsafe.Sizeof(WideTurn{})]struct{}
)

// WideStage is a NearStage of two batches side by side, for FinalWide:
// each level's first values, and its second values plus its Add, the
// first batch's in lanes 0..7 of its row and the second's in 8..15.
type WideStage struct {
	First, Second [32 * Levels][WideLanes]float32
}

// wideKernel is the code of the WideTurn kernels.
type wideKernel struct {
	mean   func(v, e *WideTurn, rows []laneRow)
	best   func(v, e *WideTurn, tol float32)
	expect func(r *WideRolls, e *[WideLanes]float64)
	final  func(f *NearFinals[float32], first, second *float32, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32)
}

// HasWide reports whether this CPU runs the WideTurn kernels and
// FinalWide (AVX-512), and the staged kernels that lay out a WideStage
// (AVX); without them a WideTurn's and a WideStage's methods, StageWide
// and FinalWide must not be called.
func HasWide() bool { return activeWide != nil && staged32 != nil }

// StageWide is Stage, of float32 lanes, with the levels laid out in half
// (0 or 1) of st's lanes. Only where HasWide.
func (f *NearFinals[T]) StageWide(st *WideStage, used []uint16, half int) {
	staged32.stage((*NearFinals[float32])(unsafe.Pointer(f)), &st.First[0][half*Lanes], &st.Second[0][half*Lanes], used, wideShift)
}

// Outdone is NearStage.Outdone on the levels StageWide laid out in half
// of st's lanes.
func (st *WideStage) Outdone(zero, from, n, half int) bool {
	return staged32.outdone(&st.First[0][half*Lanes], &st.Second[0][half*Lanes], zero, from, n, wideShift)
}

// FinalWide is FinalStaged, of float32 lanes, for two batches at once:
// from their levels laid out in st (StageWide, each batch in its half)
// and their bases (baseFirst and baseSecond, sixteen lanes, as
// f.BaseFirst and f.BaseSecond), it writes each roll's values to v and e
// (no bars), every lane with the operations of FinalStaged in their
// order, walking f's Rolls and Starts for both batches. Each lane has
// FinalStaged's bits with its own batch's lists where the levels listed
// for the other batch alone are not above its base's first value and
// are either below the bar of any first value at or above the base's or
// have the base's first value and a second value not above the base's
// (package target's boxes whose 0s the base counts). Only where HasWide.
func (f *NearFinals[T]) FinalWide(st *WideStage, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32) {
	activeWide.final((*NearFinals[float32])(unsafe.Pointer(f)), &st.First[0][0], &st.Second[0][0], v, e, baseFirst, baseSecond, tol)
}

// Rolls returns the rows of v's rolls, as NearKeeps.Rolls.
func (v *WideKeeps) Rolls() *WideRolls { return (*WideRolls)(v[keepParents:engine.NumKeeps]) }

// Half returns roll r's values in half (0 or 1) of v's lanes: 0..7 or
// 8..15.
func (v *WideRolls) Half(r, half int) *[Lanes]float32 { return (*[Lanes]float32)(v[r][half*Lanes:]) }

// MeanNow is NearTurn.MeanNow in sixteen lanes.
func (v *WideTurn) MeanNow(e *WideTurn) { activeWide.mean(v, e, meanNowRows) }

// KeepValues is NearTurn.KeepValues in sixteen lanes.
func (v *WideTurn) KeepValues(e *WideTurn) { activeWide.mean(v, e, meanRows) }

// BestKeepsNear is NearTurn.BestKeepsNear in sixteen lanes.
func (v *WideTurn) BestKeepsNear(e *WideTurn, tol float32) { activeWide.best(v, e, tol) }

// Expect is NearRolls.Expect in sixteen lanes: each lane summed in
// float64, in roll order, each product rounded before it is added.
func (r *WideRolls) Expect(e *[WideLanes]float64) { activeWide.expect(r, e) }
