package lanes

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

// WideStage is a NearStage of sixteen lanes, for FinalWide: at each
// level's index its first values, and its second values plus its Add.
type WideStage struct {
	First, Second [32 * Levels][WideLanes]float32
}

// wideKernel is the code of the WideTurn and WideStage kernels.
type wideKernel struct {
	mean    func(v, e *WideTurn, rows []laneRow)
	best    func(v, e *WideTurn, tol float32)
	expect  func(r, s *WideRolls, e, f *[WideLanes]float64)
	stage   func(f *NearFinals[float32], st *WideStage, used []uint16)
	final   func(f *NearFinals[float32], st *WideStage, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32)
	outdone func(st *WideStage, zero, from, n int) bool
	base    func(st *WideStage, zeros []uint16, dense uint32, tol float32, first, second *[WideLanes]float32) uint32
	choose  func(st *WideStage, levels []uint16, v, e *[WideLanes]float32, tol float32)
}

// HasWide reports whether this CPU runs the WideTurn and WideStage
// kernels (AVX-512); without them a WideTurn's and a WideStage's
// methods, StageWide and FinalWide must not be called.
func HasWide() bool { return activeWide != nil }

// StageWide is Stage in sixteen lanes: it lays out in st, for FinalWide
// and WideStage.Outdone, each level of f that used lists, its sixteen
// first values from its First on (its eight lanes and the eight values
// after them, which must be there: package target's rows of needs, the
// next batch's needs after a batch's) and as many second values from its
// Second on, plus its Add. Only where HasWide, of float32 lanes.
func (f *NearFinals[T]) StageWide(st *WideStage, used []uint16) {
	if Is64[T]() {
		panic("lanes: StageWide of float64 lanes")
	}
	activeWide.stage((*NearFinals[float32])(unsafe.Pointer(f)), st, used)
}

// Outdone is NearStage.Outdone in sixteen lanes, of the levels that
// StageWide laid out in st.
func (st *WideStage) Outdone(zero, from, n int) bool { return activeWide.outdone(st, zero, from, n) }

// Base sets first and second to the base, in package target's sense, of
// the levels laid out in st that zeros lists but for those that dense
// leaves out (zeros[i] where bit i of dense is set): first, lane by
// lane, the largest of their first values (0 without any), second the
// largest second value of those whose first value is first's (0
// without any); it returns the levels (a bit each, as dense) whose first
// value is, in some lane, near first's but not at it: at or above its
// bar, first - tol·first, and below it.
func (st *WideStage) Base(zeros []uint16, dense uint32, tol float32, first, second *[WideLanes]float32) uint32 {
	return activeWide.base(st, zeros, dense, tol, first, second)
}

// Choose sets v and e to one roll's choice, as FinalWide makes it,
// between the levels laid out in st that levels lists, from a base of 0
// (a first and a second value of 0, which values of 0 or more leave
// as they are): lane by lane, v the largest first value, e the largest
// second value of the levels whose first value is at or above the bar
// v - tol·v; both 0 without any level. Package target chooses so between
// the ways the bonus and joker rules allow of writing a five-alike roll.
// Only where HasWide.
func (st *WideStage) Choose(levels []uint16, v, e *[WideLanes]float32, tol float32) {
	activeWide.choose(st, levels, v, e, tol)
}

// FinalWide is FinalStaged in sixteen lanes, to the same bits in each:
// from the levels that StageWide laid out in st, the rolls' levels in
// f's Rolls and Starts and the base in baseFirst and baseSecond (in the
// place of f's BaseFirst and BaseSecond), it sets each roll's values in
// v and e; it writes no bars. Only where HasWide, of float32 lanes.
func (f *NearFinals[T]) FinalWide(st *WideStage, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32) {
	if Is64[T]() {
		panic("lanes: FinalWide of float64 lanes")
	}
	activeWide.final((*NearFinals[float32])(unsafe.Pointer(f)), st, v, e, baseFirst, baseSecond, tol)
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

// Expect is NearRolls.Expect in sixteen lanes, of r into e and of s into
// f at once (their sums side by side, so that neither waits on the
// other's additions): each lane summed in float64, in roll order, each
// product rounded before it is added.
func (r *WideRolls) Expect(s *WideRolls, e, f *[WideLanes]float64) { activeWide.expect(r, s, e, f) }
