package solver

import (
	"unsafe"

	"dicepoker/engine"
)

// The near kernels in either precision: NearTurn, NearRolls and
// NearFinals hold float64 lanes, laid out as LaneTurn, LaneRolls and
// Finals and run by the same kernels to the same bits, or float32 lanes,
// half the bytes and twice the lanes an instruction. In float32 a
// tolerance below 2^-25 (package target's 1e-12) makes the bar of a
// choice its best first value itself: near is equal.

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

// is64 reports whether T is float64.
func is64[T Real]() bool { return unsafe.Sizeof(T(0)) == 8 }

// MeanNow is LaneTurn.MeanNow in precision T.
func (v *NearTurn[T]) MeanNow(e *NearTurn[T]) {
	if is64[T]() {
		as64(v).MeanNow(as64(e))
		return
	}
	active32.mean(as32(v), as32(e), meanNowRows32)
}

// KeepValues is LaneTurn.KeepValues in precision T.
func (v *NearTurn[T]) KeepValues(e *NearTurn[T]) {
	if is64[T]() {
		as64(v).KeepValues(as64(e))
		return
	}
	active32.mean(as32(v), as32(e), meanRows32)
}

// BestKeepsNear is LaneTurn.BestKeepsNear in precision T.
func (v *NearTurn[T]) BestKeepsNear(e *NearTurn[T], tol T) {
	if is64[T]() {
		as64(v).BestKeepsNear(as64(e), float64(tol))
		return
	}
	active32.best(as32(v), as32(e), float32(tol))
}

// Final is Finals.Final in precision T.
func (f *NearFinals[T]) Final(v, e, bar *NearRolls[T], tol T) {
	if is64[T]() {
		(*Finals)(unsafe.Pointer(f)).Final((*LaneRolls)(unsafe.Pointer(v)), (*LaneRolls)(unsafe.Pointer(e)), (*LaneRolls)(unsafe.Pointer(bar)), float64(tol))
		return
	}
	r := func(x *NearRolls[T]) *NearRolls[float32] { return (*NearRolls[float32])(unsafe.Pointer(x)) }
	active32.final((*NearFinals[float32])(unsafe.Pointer(f)), r(v), r(e), r(bar), float32(tol))
}

// Expect sets e[j] to the expected value of the j-th need's rolls over a
// roll of all five dice, as LaneRolls.Expect: float32 lanes are summed
// in float64, in roll order, each product rounded before it is added.
func (r *NearRolls[T]) Expect(e *[Lanes]float64) {
	if is64[T]() {
		(*LaneRolls)(unsafe.Pointer(r)).Expect(e)
		return
	}
	active32.expect((*NearRolls[float32])(unsafe.Pointer(r)), e)
}

// near32Kernel is the code of the float32 near kernels: plain Go, or
// vector instructions, to the same bits for values of +0 or more, never
// NaN.
type near32Kernel struct {
	name   string
	mean   func(v, e *NearTurn[float32], rows []laneRow)
	best   func(v, e *NearTurn[float32], tol float32)
	final  func(f *NearFinals[float32], v, e, bar *NearRolls[float32], tol float32)
	expect func(r *NearRolls[float32], e *[Lanes]float64)
}

// Near32Kernel names the float32 near kernel this CPU runs: "avx" or
// "go".
func Near32Kernel() string { return active32.name }

var near32Go = near32Kernel{name: "go", mean: mean32Go, best: best32Go, final: final32Go, expect: expect32Go}

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

// at32 returns the float32 row of v at byte offset off.
func at32(v *NearTurn[float32], off uint16) *[Lanes]float32 {
	return (*[Lanes]float32)(unsafe.Add(unsafe.Pointer(v), off))
}

// mean32Go does the rows' KeepValues steps in v and e, adding in face
// order and multiplying by a sixth, each step rounded to float32.
func mean32Go(v, e *NearTurn[float32], rows []laneRow) {
	const sixth = float32(1.0 / 6)
	for _, x := range [2]*NearTurn[float32]{v, e} {
		for i := range rows {
			r := &rows[i]
			c0, c1, c2, c3, c4, c5 := at32(x, r[1]), at32(x, r[2]), at32(x, r[3]), at32(x, r[4]), at32(x, r[5]), at32(x, r[6])
			dst := at32(x, r[0])
			for j := range Lanes {
				dst[j] = (c0[j] + c1[j] + c2[j] + c3[j] + c4[j] + c5[j]) * sixth
			}
		}
	}
}

// best32Go is BestKeepsNear in float32, in plain Go.
func best32Go(v, e *NearTurn[float32], tol float32) {
	for _, g := range maxGroups32 {
		for i := range g.rows {
			r := &g.rows[i]
			own, ownE := at32(v, r[ownSlot]), at32(e, r[ownSlot])
			best := *own
			for _, off := range r[1 : 1+g.parents&7] {
				p := at32(v, off)
				for j := range Lanes {
					best[j] = max(best[j], p[j])
				}
			}
			var bar, second [Lanes]float32
			for j := range Lanes {
				bar[j] = best[j] - float32(tol*best[j])
				if own[j] >= bar[j] {
					second[j] = ownE[j]
				}
			}
			for _, off := range r[1 : 1+g.parents&7] {
				p, pe := at32(v, off), at32(e, off)
				for j := range Lanes {
					if p[j] >= bar[j] {
						second[j] = max(second[j], pe[j])
					}
				}
			}
			*at32(v, r[0]) = best
			*at32(e, r[0]) = second
		}
	}
}

// final32Go is NearFinals.Final in float32, in plain Go.
func final32Go(f *NearFinals[float32], v, e, bar *NearRolls[float32], tol float32) {
	for r := range engine.NumRolls {
		levels := f.Rolls[f.Starts[r]:f.Starts[r+1]]
		p := *f.BaseFirst
		for _, k := range levels {
			x := f.First[k]
			for j := range Lanes {
				p[j] = max(p[j], x[j])
			}
		}
		var b, s [Lanes]float32
		for j := range Lanes {
			b[j] = p[j] - float32(tol*p[j])
			if f.BaseSecond != nil && f.BaseFirst[j] >= b[j] {
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
