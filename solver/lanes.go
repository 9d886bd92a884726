package solver

import "dicepoker/engine"

// lanes is how many states the solver takes through a turn's keep passes
// together. Every state of a layer runs the same passes over the same
// keep indices; only the final roll values differ. Side by side, one
// index load serves eight states and each operation is one vector
// instruction per four of them.
const lanes = 8

// laneKeeps holds the keep values of lanes states: v[k][j] is keep k's
// value in the j-th state. Like Keeps, rows from engine.NumKeeps on are
// padding.
type laneKeeps [keepsLen][lanes]float64

// laneRow is one keep pass step: the byte offset in a laneKeeps of the keep
// written, then those of the keeps it reads. Offsets, not indices, so the
// assembly needs no scaling beyond what an address can say.
type laneRow [8]uint16

// rowOffset is the byte offset of keep k's row in a laneKeeps.
func rowOffset(k int) uint16 { return uint16(k * lanes * 8) }

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
// parents: each row is the keep, then its parents.
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
			groups[i].rows = append(groups[i].rows, r)
		}
	}
	return groups
}()

// laneKernel is the code that runs the keep passes over lanes: plain Go, or
// vector instructions where the CPU has them. Both give the same bits.
type laneKernel struct {
	// mean does the rows' KeepValues steps.
	mean func(v *laneKeeps, rows []laneRow)
	// max does the rows' BestKeeps steps, each with the given parents.
	max func(v *laneKeeps, rows []laneRow, parents int)
	// expect sets e[j] to the expected value of the j-th state's rolls.
	expect func(v *laneKeeps, e *[lanes]float64)
	// levels maximises each roll's row with totals[level[r]], the value of
	// writing the roll in a box whose points matter, by its points level.
	levels func(v *laneKeeps, level *[engine.NumRolls]uint8, totals *[8][lanes]float64)
	// sparse maximises the row of each listed roll with its points plus add.
	sparse func(v *laneKeeps, list []scoredRoll, add *[lanes]float64)
	// points maximises each roll's row with points[r] plus add.
	points func(v *laneKeeps, points *[engine.NumRolls]float64, add *[lanes]float64)
}

// kernelGo is the plain Go lane kernel.
var kernelGo = laneKernel{mean: meanLanesGo, max: maxLanesGo, expect: expectLanesGo,
	levels: levelsLanesGo, sparse: sparseLanesGo, points: pointsLanesGo}

// rollProbs holds each roll's probability, for the expectation.
var rollProbs = func() (p [engine.NumRolls]float64) {
	for r := range p {
		p[r] = engine.RollProbability(r)
	}
	return p
}()

// at returns the row of v at byte offset off.
func at(v *laneKeeps, off uint16) *[lanes]float64 {
	return &v[(off/(lanes*8))&(keepsLen-1)]
}

// meanLanesGo does KeepValues' steps, adding in the same order.
func meanLanesGo(v *laneKeeps, rows []laneRow) {
	for i := range rows {
		r := &rows[i]
		c0, c1, c2, c3, c4, c5 := at(v, r[1]), at(v, r[2]), at(v, r[3]), at(v, r[4]), at(v, r[5]), at(v, r[6])
		dst := at(v, r[0])
		for j := range lanes {
			dst[j] = (c0[j] + c1[j] + c2[j] + c3[j] + c4[j] + c5[j]) * (1.0 / 6)
		}
	}
}

// maxLanesGo does BestKeeps' steps.
func maxLanesGo(v *laneKeeps, rows []laneRow, parents int) {
	for i := range rows {
		r := &rows[i]
		dst := at(v, r[0])
		for _, off := range r[1 : 1+parents] {
			p := at(v, off)
			for j := range lanes {
				dst[j] = max(dst[j], p[j])
			}
		}
	}
}

// expectLanesGo sums each lane's rolls weighted by their probabilities, in
// roll order as Turn.Value does.
func expectLanesGo(v *laneKeeps, e *[lanes]float64) {
	*e = [lanes]float64{}
	for r, p := range &rollProbs {
		row := &v[keepParents+r]
		for j := range lanes {
			e[j] += p * row[j]
		}
	}
}

// levelsLanesGo is laneKernel.levels in plain Go.
func levelsLanesGo(v *laneKeeps, level *[engine.NumRolls]uint8, totals *[8][lanes]float64) {
	for r, l := range level {
		row, t := &v[keepParents+r], &totals[l&7]
		for j := range lanes {
			row[j] = max(row[j], t[j])
		}
	}
}

// sparseLanesGo is laneKernel.sparse in plain Go.
func sparseLanesGo(v *laneKeeps, list []scoredRoll, add *[lanes]float64) {
	for _, e := range list {
		row := at(v, e.off)
		for j := range lanes {
			row[j] = max(row[j], e.points+add[j])
		}
	}
}

// pointsLanesGo is laneKernel.points in plain Go.
func pointsLanesGo(v *laneKeeps, points *[engine.NumRolls]float64, add *[lanes]float64) {
	for r, p := range points {
		row := &v[keepParents+r]
		for j := range lanes {
			row[j] = max(row[j], p+add[j])
		}
	}
}

// laneScratch is one goroutine's work arrays for a batch of states.
type laneScratch struct {
	keeps   laneKeeps
	written [lanes]written
	adds    [32][lanes]float64 // by box: see Turn.adds
	totals  [8][lanes]float64  // by level, for one box at a time
}

// Value returns the value of state s before its first roll: the optimal
// expected sum of future points, given the values of the next states.
func (t *Turn) Value(s engine.State, next Values) float64 {
	w := t.scratch.Get().(*laneScratch)
	defer t.scratch.Put(w)
	var e [1]float64
	t.values([]engine.State{s}, next, w, e[:])
	return e[0]
}

// values sets out[j] to the value of states[j] (at most lanes of them), as
// Value gives it: their turns run side by side.
func (t *Turn) values(states []engine.State, next Values, w *laneScratch, out []float64) {
	v := &w.keeps
	t.finalLanes(states, next, w)
	k := activeKernel
	for range t.g.Rolls - 1 {
		k.mean(v, meanRows)
		for _, g := range maxGroups {
			k.max(v, g.rows, g.parents)
		}
	}
	var e [lanes]float64
	k.expect(v, &e)
	copy(out, e[:len(states)])
}
