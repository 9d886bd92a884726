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

// wideKernel is the code of the WideTurn kernels.
type wideKernel struct {
	mean   func(v, e *WideTurn, rows []laneRow)
	best   func(v, e *WideTurn, tol float32)
	expect func(r *WideRolls, e *[WideLanes]float64)
}

// HasWide reports whether this CPU runs the WideTurn kernels (AVX-512),
// and FinalStagedWide's (AVX); without them a WideTurn's methods must not
// be called.
func HasWide() bool { return activeWide != nil && staged32 != nil }

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
