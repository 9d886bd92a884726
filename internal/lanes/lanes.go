package lanes

import (
	"math"
	"unsafe"

	"dicepoker/engine"
)

// Lanes is how many states a solver takes through a turn's keep passes
// together. Every state of a layer runs the same passes over the same
// keep indices; only the final roll values differ. Side by side, one
// index load serves eight states and each operation is one vector
// instruction per four of them.
const Lanes = 8

// LaneKeeps holds the keep values of Lanes states: v[k][j] is keep k's
// value in the j-th state. Like Keeps, rows from engine.NumKeeps on are
// padding.
type LaneKeeps [keepsLen][Lanes]float64

// LaneRolls holds a value for each roll of five dice in Lanes states:
// r[roll][j] in the j-th state.
type LaneRolls [engine.NumRolls][Lanes]float64

// Rolls returns the rows of v's rolls: Rolls()[r] is the row of keep
// engine.FirstRollKeep+r.
func (v *LaneKeeps) Rolls() *LaneRolls { return (*LaneRolls)(v[keepParents:engine.NumKeeps]) }

// KeepValues does KeepValues in every lane of v, to the same bits.
func (v *LaneKeeps) KeepValues() { activeKernel.mean(v, meanRows) }

// BestKeeps does BestKeeps in every lane of v, to the same bits.
func (v *LaneKeeps) BestKeeps() { activeKernel.best(v, maxGroups, false) }

// BestRolls does BestKeeps' steps for the rolls alone, in every lane of v,
// whose keeps with fewer than five dice hold their best already (as
// BestKeeps left them): each roll becomes the best of itself and of its
// keeps of four dice, to the bits BestKeeps gives.
func (v *LaneKeeps) BestRolls() { activeKernel.best(v, maxGroups[rollGroups:], false) }

// Levels is how many levels LaneRolls.MaxByLevel tells apart.
const Levels = 32

// LaneLevels holds a value for each level of a box in Lanes states.
type LaneLevels [Levels][Lanes]float64

// MaxByLevel sets each roll's row of r to the larger of it and
// totals[level[roll]], lane by lane: the value of writing the roll in a
// box whose rolls fall in levels, each worth its own. Levels are taken
// modulo Levels.
func (r *LaneRolls) MaxByLevel(level *[engine.NumRolls]uint8, totals *LaneLevels) {
	activeKernel.levels(r, level, totals, false)
}

// Expect sets e[j] to the expected value of the j-th state's rolls over a
// roll of all five dice, adding in roll order.
func (r *LaneRolls) Expect(e *[Lanes]float64) { activeKernel.expect(r, e) }

// laneRow is one keep pass step: the byte offset in a LaneKeeps of the keep
// written, then those of the keeps it reads. Offsets, not indices, so the
// assembly needs no scaling beyond what an address can say.
type laneRow [8]uint16

// rowOffset is the byte offset of keep k's row in a LaneKeeps.
func rowOffset(k int) uint16 { return uint16(k * Lanes * 8) }

// meanRows are the steps of KeepValues, in its order: each keep with fewer
// than five dice, then its six children.
var meanRows = func() []laneRow {
	rows := make([]laneRow, 0, keepParents)
	for k := keepParents - 1; k >= 0; k-- {
		r := laneRow{rowOffset(k)}
		for f := range engine.Faces {
			r[1+f] = rowOffset(int(children[k][f]))
		}
		rows = append(rows, r)
	}
	return rows
}()

// maxGroup is a run of BestKeeps steps whose keeps have equally many
// parents: each row is the keep, then its parents, and in entry ownSlot
// the offset that BestKeepsNear reads the keep's own value from, in a
// LaneTurn (Now's row for a roll).
type maxGroup struct {
	parents int
	rows    []laneRow
}

// maxGroups are the steps of BestKeeps, in the order of parentGroups.
var maxGroups = func() []maxGroup {
	groups := make([]maxGroup, len(parentGroups))
	for i, g := range parentGroups {
		groups[i].parents = g.parents
		for _, keep := range g.keeps {
			var r laneRow
			for j := range g.parents + 1 {
				r[j] = rowOffset(int(keep[j]))
			}
			r[ownSlot] = r[0]
			if r[0] >= rowOffset(keepParents) {
				r[ownSlot] = r[0] - rowOffset(keepParents) + nowOffset
			}
			groups[i].rows = append(groups[i].rows, r)
		}
	}
	return groups
}()

// rollGroups is the first of maxGroups whose keeps are rolls: they come
// last, as parentGroups lies by size.
var rollGroups = func() int {
	for i, g := range maxGroups {
		if g.rows[0][0] >= rowOffset(keepParents) {
			return i
		}
	}
	panic("lanes: no group of rolls")
}()

// Kernels is the code that runs the keep passes over lanes: plain Go, or
// vector instructions where the CPU has them. Both give the same bits for
// the values a solve meets, which are never NaN and never -0 (points are
// integers, and the rest are sums, means and maxima of them): the vector
// maximum and Go's max builtin differ only there. Products that are
// summed are rounded before the sum (float64(p*x)), so that no compiler
// fuses them into one multiply-add on any architecture.
//
// Steps given ordered may take it that every value they compare is +0 or
// more, or -Inf, as in a solve of points that are never negative: such
// values compare as their bits do, as integers, which plain Go does in two
// instructions where its max of two floats takes seven.
type Kernels struct {
	name string // for Kernel
	// mean does the rows' KeepValues steps.
	mean func(v *LaneKeeps, rows []laneRow)
	// best does the steps of the groups given, maxGroups or its tail.
	best func(v *LaneKeeps, groups []maxGroup, ordered bool)
	// expect sets e[j] to the expected value of the j-th state's rolls.
	expect func(r *LaneRolls, e *[Lanes]float64)
	// levels is LaneRolls.MaxByLevel.
	levels func(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, ordered bool)
	// sparse maximises the row of each listed roll with its points plus add.
	sparse func(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64, ordered bool)
	// points maximises each roll's row with points[r] plus add.
	points func(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64)
	// raised maximises the row of each listed roll with its level's totals.
	raised func(v *LaneKeeps, list []LevelRoll, totals *BoxLevels, ordered bool)
	// pointsOne is points for one state: f[r] = max(f[r], points[r]+add).
	pointsOne func(f, points *[engine.NumRolls]float64, add float64)
	// denseFrom is how many rolls of a sparse box make one state's pass
	// over every roll (pointsOne) cheaper than over the box's list.
	denseFrom int
	// keepsOne is KeepValues, for one state's advice.
	keepsOne func(v *Keeps)
	// bestOne is BestKeeps for one state's keep values with the sign bit
	// clear (bestKeepsBits).
	bestOne func(v *Keeps)
	// raisedOne is Kernels.raised for one state's ordered roll values
	// (Go: raisedOne).
	raisedOne func(f *[engine.NumRolls]float64, runs []LevelRun, totals *BoxLevels)
	// rank sets order[:n] to the positions of x[:n] by value, largest
	// first, equal values in order of position, for a turn's actions; the
	// values hold no NaN.
	rank func(x *[Rankable]float64, n int, order *[Rankable]uint8)
	// fill sets every value of f to x.
	fill func(f *[engine.NumRolls]float64, x float64)
}

// Kernel names the lane kernel this CPU runs: "avx" or "avx512" (the amd64
// assembly), "neon" (the arm64 assembly) or "go".
func Kernel() string { return activeKernel.name }

// kernelGo is the plain Go lane kernel.
var kernelGo = Kernels{name: "go", mean: meanLanesGo, best: bestLanesGo, expect: expectLanesGo,
	levels: levelsLanesGo, sparse: sparseLanesGo, points: pointsLanesGo, raised: raisedLanesGo,
	pointsOne: pointsOneGo, denseFrom: engine.NumRolls + 1, keepsOne: KeepValues,
	bestOne: bestKeepsBits, raisedOne: raisedOne, rank: rankGo, fill: fill}

// rollProbs holds each roll's probability, for the expectation.
var rollProbs = engine.RollProbabilities()

// LaneRollProbs holds each roll's probability in every lane: where the
// dice of a roll of all five start, for those who follow a turn's dice
// through the lanes.
var LaneRollProbs = func() (p LaneRolls) {
	for r := range p {
		for j := range p[r] {
			p[r][j] = rollProbs[r]
		}
	}
	return p
}()

// at returns the row of v at byte offset off, which the tables hold for
// rows of v alone (rowOffset), without the division and bounds check of an
// index.
func at(v *LaneKeeps, off uint16) *[Lanes]float64 {
	return (*[Lanes]float64)(unsafe.Add(unsafe.Pointer(v), off))
}

// The plain Go kernels spell out the eight lanes, which the compiler would
// otherwise loop over one at a time, and keep a row being maximised in
// registers across its parents.

// meanLanesGo does KeepValues' steps, adding in the same order.
func meanLanesGo(v *LaneKeeps, rows []laneRow) {
	const sixth = 1.0 / 6
	for i := range rows {
		r := &rows[i]
		c0, c1, c2, c3, c4, c5 := at(v, r[1]), at(v, r[2]), at(v, r[3]), at(v, r[4]), at(v, r[5]), at(v, r[6])
		dst := at(v, r[0])
		dst[0] = (c0[0] + c1[0] + c2[0] + c3[0] + c4[0] + c5[0]) * sixth
		dst[1] = (c0[1] + c1[1] + c2[1] + c3[1] + c4[1] + c5[1]) * sixth
		dst[2] = (c0[2] + c1[2] + c2[2] + c3[2] + c4[2] + c5[2]) * sixth
		dst[3] = (c0[3] + c1[3] + c2[3] + c3[3] + c4[3] + c5[3]) * sixth
		dst[4] = (c0[4] + c1[4] + c2[4] + c3[4] + c4[4] + c5[4]) * sixth
		dst[5] = (c0[5] + c1[5] + c2[5] + c3[5] + c4[5] + c5[5]) * sixth
		dst[6] = (c0[6] + c1[6] + c2[6] + c3[6] + c4[6] + c5[6]) * sixth
		dst[7] = (c0[7] + c1[7] + c2[7] + c3[7] + c4[7] + c5[7]) * sixth
	}
}

// bestLanesGo does the groups' BestKeeps steps, comparing the values as integers
// when they are ordered, given so or found so, as BestKeeps does.
func bestLanesGo(v *LaneKeeps, groups []maxGroup, ordered bool) {
	if !ordered {
		// A negative value anywhere ends the look: the lanes spelled
		// out, a row at a time, as WebAssembly runs a loop of eight
		// slowly.
		ordered = true
		for i := range engine.NumKeeps {
			r := &v[i]
			b := math.Float64bits
			if (b(r[0])|b(r[1])|b(r[2])|b(r[3])|b(r[4])|b(r[5])|b(r[6])|b(r[7]))>>63 != 0 {
				ordered = false
				break
			}
		}
	}
	for _, g := range groups {
		if ordered {
			bestBitsLanesGo(v, g.rows, g.parents)
		} else {
			bestFloatLanesGo(v, g.rows, g.parents)
		}
	}
}

// bestBitsLanesGo does the rows' BestKeeps steps, each with the given
// parents, on ordered values, read as integers. Each lane's maximum is a
// statement of its own: looped over, the lanes kept the row's offsets on
// the stack, reloaded for every lane; spelled out, only rows with five
// parents run short of registers, and they are six rows of 252.
func bestBitsLanesGo(v *LaneKeeps, rows []laneRow, parents int) {
	at := func(off uint16) *[Lanes]int64 { return (*[Lanes]int64)(unsafe.Pointer(at(v, off))) }
	switch parents {
	case 1:
		for i := range rows {
			r := &rows[i]
			d, a := at(r[0]), at(r[1])
			d[0], d[1], d[2], d[3] = max(d[0], a[0]), max(d[1], a[1]), max(d[2], a[2]), max(d[3], a[3])
			d[4], d[5], d[6], d[7] = max(d[4], a[4]), max(d[5], a[5]), max(d[6], a[6]), max(d[7], a[7])
		}
	case 2:
		for i := range rows {
			r := &rows[i]
			d, a, b := at(r[0]), at(r[1]), at(r[2])
			d[0] = max(d[0], a[0], b[0])
			d[1] = max(d[1], a[1], b[1])
			d[2] = max(d[2], a[2], b[2])
			d[3] = max(d[3], a[3], b[3])
			d[4] = max(d[4], a[4], b[4])
			d[5] = max(d[5], a[5], b[5])
			d[6] = max(d[6], a[6], b[6])
			d[7] = max(d[7], a[7], b[7])
		}
	case 3:
		for i := range rows {
			r := &rows[i]
			d, a, b, c := at(r[0]), at(r[1]), at(r[2]), at(r[3])
			d[0] = max(d[0], a[0], b[0], c[0])
			d[1] = max(d[1], a[1], b[1], c[1])
			d[2] = max(d[2], a[2], b[2], c[2])
			d[3] = max(d[3], a[3], b[3], c[3])
			d[4] = max(d[4], a[4], b[4], c[4])
			d[5] = max(d[5], a[5], b[5], c[5])
			d[6] = max(d[6], a[6], b[6], c[6])
			d[7] = max(d[7], a[7], b[7], c[7])
		}
	case 4:
		for i := range rows {
			r := &rows[i]
			d, a, b, c, e := at(r[0]), at(r[1]), at(r[2]), at(r[3]), at(r[4])
			d[0] = max(d[0], a[0], b[0], c[0], e[0])
			d[1] = max(d[1], a[1], b[1], c[1], e[1])
			d[2] = max(d[2], a[2], b[2], c[2], e[2])
			d[3] = max(d[3], a[3], b[3], c[3], e[3])
			d[4] = max(d[4], a[4], b[4], c[4], e[4])
			d[5] = max(d[5], a[5], b[5], c[5], e[5])
			d[6] = max(d[6], a[6], b[6], c[6], e[6])
			d[7] = max(d[7], a[7], b[7], c[7], e[7])
		}
	case 5:
		for i := range rows {
			r := &rows[i]
			d, a, b, c, e, f := at(r[0]), at(r[1]), at(r[2]), at(r[3]), at(r[4]), at(r[5])
			d[0] = max(d[0], a[0], b[0], c[0], e[0], f[0])
			d[1] = max(d[1], a[1], b[1], c[1], e[1], f[1])
			d[2] = max(d[2], a[2], b[2], c[2], e[2], f[2])
			d[3] = max(d[3], a[3], b[3], c[3], e[3], f[3])
			d[4] = max(d[4], a[4], b[4], c[4], e[4], f[4])
			d[5] = max(d[5], a[5], b[5], c[5], e[5], f[5])
			d[6] = max(d[6], a[6], b[6], c[6], e[6], f[6])
			d[7] = max(d[7], a[7], b[7], c[7], e[7], f[7])
		}
	}
}

// bestFloatLanesGo is bestBitsLanesGo for any values.
func bestFloatLanesGo(v *LaneKeeps, rows []laneRow, parents int) {
	for i := range rows {
		r := &rows[i]
		dst := at(v, r[0])
		d := *dst
		for _, off := range r[1 : 1+parents&7] {
			p := at(v, off)
			d[0], d[1], d[2], d[3] = maxOf(d[0], p[0]), maxOf(d[1], p[1]), maxOf(d[2], p[2]), maxOf(d[3], p[3])
			d[4], d[5], d[6], d[7] = maxOf(d[4], p[4]), maxOf(d[5], p[5]), maxOf(d[6], p[6]), maxOf(d[7], p[7])
		}
		*dst = d
	}
}

// maxOf returns the larger of a and b, as the max builtin does for the
// values a solve meets, never NaN and never -0 (see Kernels). Go compiles
// the builtin for WebAssembly to a call into the runtime, which took a
// fifth of a school turn's search in the browser; this is a comparison.
func maxOf(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

// expectLanesGo sums each lane's rolls weighted by their probabilities, in
// roll order as a turn's value does. It sums four lanes at a time: the eight
// accumulators with their products would want more registers than amd64
// has, and one would go through memory on every roll.
func expectLanesGo(rolls *LaneRolls, e *[Lanes]float64) {
	for h := 0; h < Lanes; h += 4 {
		var e0, e1, e2, e3 float64 // in registers, not in e
		for r, p := range &rollProbs {
			x := (*[4]float64)(rolls[r][h&4:])
			e0, e1, e2, e3 = e0+float64(p*x[0]), e1+float64(p*x[1]), e2+float64(p*x[2]), e3+float64(p*x[3])
		}
		e[h&4], e[h&4+1], e[h&4+2], e[h&4+3] = e0, e1, e2, e3
	}
}

// levelsLanesGo is Kernels.levels in plain Go.
func levelsLanesGo(rolls *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, ordered bool) {
	if ordered {
		ir, it := (*[engine.NumRolls][Lanes]int64)(unsafe.Pointer(rolls)), (*[Levels][Lanes]int64)(unsafe.Pointer(totals))
		for r, l := range level {
			row, t := &ir[r], &it[l&(Levels-1)]
			for j := range Lanes {
				row[j] = max(row[j], t[j])
			}
		}
		return
	}
	for r, l := range level {
		row, t := &rolls[r], &totals[l&(Levels-1)]
		for j := range Lanes {
			row[j] = maxOf(row[j], t[j])
		}
	}
}

// sparseLanesGo is Kernels.sparse in plain Go. Ordered, it takes the
// list a run of equal points at a time (Scored lies by points, its
// entries counting the rest of their runs):
// the run's eight sums, as integers, stay in registers while each roll's
// row is maximised with them, where a roll at a time loaded add and
// summed again for every roll.
func sparseLanesGo(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64, ordered bool) {
	if ordered {
		b := func(x float64) int64 { return int64(math.Float64bits(x)) }
		for i := 0; i < len(list); {
			p := list[i].Points
			s0, s1, s2, s3 := b(p+add[0]), b(p+add[1]), b(p+add[2]), b(p+add[3])
			s4, s5, s6, s7 := b(p+add[4]), b(p+add[5]), b(p+add[6]), b(p+add[7])
			run := list[i : i+int(list[i].Left)]
			for k := range run {
				row := (*[Lanes]int64)(unsafe.Pointer(at(v, run[k].Off)))
				row[0], row[1], row[2], row[3] = max(row[0], s0), max(row[1], s1), max(row[2], s2), max(row[3], s3)
				row[4], row[5], row[6], row[7] = max(row[4], s4), max(row[5], s5), max(row[6], s6), max(row[7], s7)
			}
			i += len(run)
		}
		return
	}
	for _, e := range list {
		row := at(v, e.Off)
		for j := range Lanes {
			row[j] = max(row[j], e.Points+add[j])
		}
	}
}

// raisedLanesGo is Kernels.raised in plain Go. Ordered, it takes the
// list a run of one level at a time (Raised lies by level), the
// level's totals held in registers as sparseLanesGo holds its sums.
func raisedLanesGo(v *LaneKeeps, list []LevelRoll, totals *BoxLevels, ordered bool) {
	if ordered {
		it := (*[PointLevels][Lanes]int64)(unsafe.Pointer(totals))
		for i := 0; i < len(list); {
			l := list[i].Level
			t := &it[l&(PointLevels-1)]
			t0, t1, t2, t3, t4, t5, t6, t7 := t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
			for ; i < len(list) && list[i].Level == l; i++ {
				row := (*[Lanes]int64)(unsafe.Pointer(at(v, list[i].Off)))
				row[0], row[1], row[2], row[3] = max(row[0], t0), max(row[1], t1), max(row[2], t2), max(row[3], t3)
				row[4], row[5], row[6], row[7] = max(row[4], t4), max(row[5], t5), max(row[6], t6), max(row[7], t7)
			}
		}
		return
	}
	for _, e := range list {
		row, t := at(v, e.Off), &totals[e.Level&(PointLevels-1)]
		for j := range Lanes {
			row[j] = max(row[j], t[j])
		}
	}
}

// pointsLanesGo is Kernels.Points in plain Go.
func pointsLanesGo(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64) {
	for r, p := range points {
		row := &v[keepParents+r]
		for j := range Lanes {
			row[j] = max(row[j], p+add[j])
		}
	}
}

// pointsOneGo is Kernels.pointsOne in plain Go.
func pointsOneGo(f, points *[engine.NumRolls]float64, add float64) {
	for r, p := range points {
		f[r] = max(f[r], p+add)
	}
}
