package lanes

import (
	"unsafe"

	"dicepoker/engine"
)

// The near kernels in either precision: NearTurn, NearRolls and
// NearFinals hold float64 lanes, laid out as LaneTurn, LaneRolls and
// Finals and run by the same kernels to the same bits, or float32 lanes,
// half the bytes and twice the lanes an instruction. A float32 choice
// wants a tolerance above float32's rounding (package target's is 2^-22):
// below 2^-25 the bar of a choice is its best first value itself, and
// near is equal.

// Real is the precision of the near kernels' lanes.
type Real interface{ float32 | float64 }

// NearKeeps holds the keep values of Lanes needs, as LaneKeeps does.
type NearKeeps[T Real] [keepsLen][Lanes]T

// NearRolls holds a value for each roll in Lanes needs, as LaneRolls does.
type NearRolls[T Real] [engine.NumRolls][Lanes]T

// NearTurn is LaneTurn in precision T: the keep passes' values, and Now,
// each final roll's value when written at once.
type NearTurn[T Real] struct {
	Keeps NearKeeps[T]
	Now   NearRolls[T]
}

// NearFinals is Finals in precision T.
type NearFinals[T Real] struct {
	First, Second         [32 * Levels]*[Lanes]T
	Add                   [32 * Levels]T
	Rolls                 []uint16
	Starts                [engine.NumRolls + 1]uint16
	BaseFirst, BaseSecond *[Lanes]T
}

// A float64 NearTurn is a LaneTurn and a float32 one spans half its
// bytes, its rows of eight float32 half a row of eight float64: its
// steps are LaneTurn's with every byte offset halved.
var (
	_ [unsafe.Sizeof(NearTurn[float64]{}) - unsafe.Sizeof(LaneTurn{})]struct{}
	_ [unsafe.Sizeof(LaneTurn{}) - unsafe.Sizeof(NearTurn[float64]{})]struct{}
	_ [unsafe.Sizeof(NearFinals[float64]{}) - unsafe.Sizeof(Finals{})]struct{}
	_ [unsafe.Sizeof(Finals{}) - unsafe.Sizeof(NearFinals[float64]{})]struct{}
	_ [2*unsafe.Offsetof(NearTurn[float32]{}.Now) - uintptr(nowOffset)]struct{}
	_ [uintptr(nowOffset) - 2*unsafe.Offsetof(NearTurn[float32]{}.Now)]struct{}
)

// Rolls returns the rows of v's rolls, as LaneKeeps.Rolls.
func (v *NearKeeps[T]) Rolls() *NearRolls[T] { return (*NearRolls[T])(v[keepParents:engine.NumKeeps]) }

// as64 returns v, whose lanes must be float64, as its LaneTurn.
func as64[T Real](v *NearTurn[T]) *LaneTurn { return (*LaneTurn)(unsafe.Pointer(v)) }

// as32 returns v, whose lanes must be float32, as its float32 NearTurn.
func as32[T Real](v *NearTurn[T]) *NearTurn[float32] { return (*NearTurn[float32])(unsafe.Pointer(v)) }

// Is64 reports whether T is float64.
func Is64[T Real]() bool { return unsafe.Sizeof(T(0)) == 8 }

// MeanNow is LaneTurn.MeanNow in precision T.
func (v *NearTurn[T]) MeanNow(e *NearTurn[T]) {
	if Is64[T]() {
		as64(v).MeanNow(as64(e))
		return
	}
	activeNear.mean32(as32(v), as32(e), meanNowRows32)
}

// KeepValues is LaneTurn.KeepValues in precision T.
func (v *NearTurn[T]) KeepValues(e *NearTurn[T]) {
	if Is64[T]() {
		as64(v).KeepValues(as64(e))
		return
	}
	activeNear.mean32(as32(v), as32(e), meanRows32)
}

// BestKeepsNear is LaneTurn.BestKeepsNear in precision T.
func (v *NearTurn[T]) BestKeepsNear(e *NearTurn[T], tol T) {
	if Is64[T]() {
		as64(v).BestKeepsNear(as64(e), float64(tol))
		return
	}
	activeNear.best32(as32(v), as32(e), float32(tol))
}

// Final is Finals.Final in precision T.
func (f *NearFinals[T]) Final(v, e, bar *NearRolls[T], tol T) {
	if Is64[T]() {
		(*Finals)(unsafe.Pointer(f)).Final((*LaneRolls)(unsafe.Pointer(v)), (*LaneRolls)(unsafe.Pointer(e)), (*LaneRolls)(unsafe.Pointer(bar)), float64(tol))
		return
	}
	r := func(x *NearRolls[T]) *NearRolls[float32] { return (*NearRolls[float32])(unsafe.Pointer(x)) }
	finalOf((*NearFinals[float32])(unsafe.Pointer(f)), r(v), r(e), r(bar), float32(tol))
}

// NearStage is where Stage lays out a batch's levels for the float32
// staged kernels: at each level's index its first values, and its second
// values plus its Add.
type NearStage[T Real] struct {
	First, Second [32 * Levels][Lanes]T
}

// stagedKernels are the float32 kernels that read the levels laid out in
// a NearStage.
type stagedKernels struct {
	stage   func(f *NearFinals[float32], st *NearStage[float32], used []uint16)
	final   func(f *NearFinals[float32], st *NearStage[float32], v, e, bar *NearRolls[float32], tol float32)
	outdone func(st *NearStage[float32], zero, from, n int) bool
}

// Stage lays out in st the levels of f that used lists, for FinalStaged
// and Outdone, and reports whether it did: only float32 lanes where the
// CPU has the staged kernels (AVX) are laid out.
func (f *NearFinals[T]) Stage(st *NearStage[T], used []uint16) bool {
	if staged32 == nil || Is64[T]() {
		return false
	}
	staged32.stage((*NearFinals[float32])(unsafe.Pointer(f)), (*NearStage[float32])(unsafe.Pointer(st)), used)
	return true
}

// FinalStaged is Final, to the same bits, from the levels that Stage laid
// out in st (every level a roll may take among them): each roll reads
// them at their index, with no pointers to follow. Only after a Stage
// that did.
func (f *NearFinals[T]) FinalStaged(st *NearStage[T], v, e, bar *NearRolls[T], tol T) {
	r := func(x *NearRolls[T]) *NearRolls[float32] { return (*NearRolls[float32])(unsafe.Pointer(x)) }
	staged32.final((*NearFinals[float32])(unsafe.Pointer(f)), (*NearStage[float32])(unsafe.Pointer(st)), r(v), r(e), r(bar), float32(tol))
}

// Outdone reports whether every level from..from+n-1 that Stage laid out
// in st is in every lane at least as large as level zero, its first value
// and its second value plus its Add alike. Only after a Stage that did.
func (st *NearStage[T]) Outdone(zero, from, n int) bool {
	return staged32.outdone((*NearStage[float32])(unsafe.Pointer(st)), zero, from, n)
}

// Expect sets e[j] to the expected value of the j-th need's rolls over a
// roll of all five dice, as LaneRolls.Expect: float32 lanes are summed
// in float64, in roll order, each product rounded before it is added.
func (r *NearRolls[T]) Expect(e *[Lanes]float64) {
	if Is64[T]() {
		(*LaneRolls)(unsafe.Pointer(r)).Expect(e)
		return
	}
	activeNear.expect32((*NearRolls[float32])(unsafe.Pointer(r)), e)
}

// halved returns rows with every byte offset halved: the steps of a
// float32 NearTurn.
func halved(rows []laneRow) []laneRow {
	out := make([]laneRow, len(rows))
	for i, r := range rows {
		for j, off := range r {
			out[i][j] = off / 2
		}
	}
	return out
}

// meanRows32, meanNowRows32 and maxGroups32 are meanRows, meanNowRows
// and maxGroups for float32 NearTurns.
var (
	meanRows32    = halved(meanRows)
	meanNowRows32 = halved(meanNowRows)
	maxGroups32   = func() []maxGroup {
		groups := make([]maxGroup, len(maxGroups))
		for i, g := range maxGroups {
			groups[i] = maxGroup{parents: g.parents, rows: halved(g.rows)}
		}
		return groups
	}()
)

// rowOf returns the row of v (its Keeps, or Now past them) at byte
// offset off.
func rowOf[T Real](v *NearTurn[T], off uint16) *[Lanes]T {
	return (*[Lanes]T)(unsafe.Add(unsafe.Pointer(v), off))
}

// mean32Go does the rows' KeepValues steps in v and e, adding in face
// order and multiplying by a sixth, each step rounded to float32.
func mean32Go(v, e *NearTurn[float32], rows []laneRow) {
	const sixth = float32(1.0 / 6)
	for _, x := range [2]*NearTurn[float32]{v, e} {
		for i := range rows {
			r := &rows[i]
			c0, c1, c2, c3, c4, c5 := rowOf(x, r[1]), rowOf(x, r[2]), rowOf(x, r[3]), rowOf(x, r[4]), rowOf(x, r[5]), rowOf(x, r[6])
			dst := rowOf(x, r[0])
			for j := range Lanes {
				dst[j] = (c0[j] + c1[j] + c2[j] + c3[j] + c4[j] + c5[j]) * sixth
			}
		}
	}
}

// bestNearGo is BestKeepsNear in plain Go.
func bestNearGo(v, e *LaneTurn, tol float64) {
	bestNearOf((*NearTurn[float64])(unsafe.Pointer(v)), (*NearTurn[float64])(unsafe.Pointer(e)), maxGroups, tol)
}

// best32Go is BestKeepsNear in float32, in plain Go.
func best32Go(v, e *NearTurn[float32], tol float32) { bestNearOf(v, e, maxGroups32, tol) }

// bestNearOf does the groups' BestKeepsNear steps in plain Go, the groups
// of v's precision (maxGroups, maxGroups32).
func bestNearOf[T Real](v, e *NearTurn[T], groups []maxGroup, tol T) {
	for _, g := range groups {
		for i := range g.rows {
			r := &g.rows[i]
			own, ownE := rowOf(v, r[ownSlot]), rowOf(e, r[ownSlot])
			best := *own
			for _, off := range r[1 : 1+g.parents&7] {
				p := rowOf(v, off)
				for j := range Lanes {
					best[j] = max(best[j], p[j])
				}
			}
			var bar, second [Lanes]T
			for j := range Lanes {
				bar[j] = best[j] - T(tol*best[j])
				if own[j] >= bar[j] {
					second[j] = ownE[j]
				}
			}
			for _, off := range r[1 : 1+g.parents&7] {
				p, pe := rowOf(v, off), rowOf(e, off)
				for j := range Lanes {
					if p[j] >= bar[j] {
						second[j] = max(second[j], pe[j])
					}
				}
			}
			*rowOf(v, r[0]) = best
			*rowOf(e, r[0]) = second
		}
	}
}

// finalGo is Finals.Final in plain Go.
func finalGo(f *Finals, v, e, bar *LaneRolls, tol float64) {
	r := func(x *LaneRolls) *NearRolls[float64] { return (*NearRolls[float64])(unsafe.Pointer(x)) }
	finalOf((*NearFinals[float64])(unsafe.Pointer(f)), r(v), r(e), r(bar), tol)
}

// finalOf is NearFinals.Final in plain Go.
func finalOf[T Real](f *NearFinals[T], v, e, bar *NearRolls[T], tol T) {
	for r := range engine.NumRolls {
		levels := f.Rolls[f.Starts[r]:f.Starts[r+1]]
		p := *f.BaseFirst
		for _, k := range levels {
			x := f.First[k]
			for j := range Lanes {
				p[j] = max(p[j], x[j])
			}
		}
		var b, s [Lanes]T
		for j := range Lanes {
			b[j] = p[j] - T(tol*p[j])
			if f.BaseFirst[j] >= b[j] {
				s[j] = f.BaseSecond[j]
			}
		}
		for _, k := range levels {
			x, y, a := f.First[k], f.Second[k], f.Add[k]
			for j := range Lanes {
				if x[j] >= b[j] {
					s[j] = max(s[j], y[j]+a)
				}
			}
		}
		v[r], e[r], bar[r] = p, s, b
	}
}

// expect32Go sums each lane's rolls in float64, weighted by their
// probabilities, in roll order.
func expect32Go(rolls *NearRolls[float32], e *[Lanes]float64) {
	var sum [Lanes]float64
	for r, p := range &rollProbs {
		for j, x := range &rolls[r] {
			sum[j] += float64(p * float64(x))
		}
	}
	*e = sum
}
