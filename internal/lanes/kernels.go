package lanes

import "dicepoker/engine"

// Fastest returns the fastest lane kernels this CPU runs: the ones Kernel
// names.
func Fastest() *Kernels { return &activeKernel }

// PlainGo returns the plain Go lane kernels, the ones every machine
// without the assembly runs, to the same bits as the others.
func PlainGo() *Kernels { return &kernelGo }

// Name names k: "avx" or "avx512" (the amd64 assembly), "neon" (the arm64
// assembly) or "go".
func (k *Kernels) Name() string { return k.name }

// KeepValues does KeepValues in every lane of v, as LaneKeeps.KeepValues
// does, in k.
func (k *Kernels) KeepValues(v *LaneKeeps) { k.mean(v, meanRows) }

// BestKeeps does BestKeeps in every lane of v, as LaneKeeps.BestKeeps
// does, in k; ordered says that every value is +0 or more, or -Inf (see
// Kernels), which spares the plain Go kernel a look at their signs.
func (k *Kernels) BestKeeps(v *LaneKeeps, ordered bool) { k.best(v, maxGroups, ordered) }

// Expect sets e[j] to the expected value of the j-th state's rolls, as
// LaneRolls.Expect does, in k.
func (k *Kernels) Expect(r *LaneRolls, e *[Lanes]float64) { k.expect(r, e) }

// MaxByLevel is LaneRolls.MaxByLevel in k, ordered as for BestKeeps.
func (k *Kernels) MaxByLevel(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, ordered bool) {
	k.levels(r, level, totals, ordered)
}

// MaxScored sets the row of each roll of list (Scored's, or a tail of it)
// to the larger of it and the roll's points plus add, lane by lane,
// ordered as for BestKeeps.
func (k *Kernels) MaxScored(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64, ordered bool) {
	k.sparse(v, list, add, ordered)
}

// MaxPoints sets each roll's row of v to the larger of it and points[r]
// plus add, lane by lane.
func (k *Kernels) MaxPoints(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64) {
	k.points(v, points, add)
}

// MaxRaised sets the row of each roll of list (Raised's, or a tail of it)
// to the larger of it and its level's totals, lane by lane, ordered as
// for BestKeeps.
func (k *Kernels) MaxRaised(v *LaneKeeps, list []LevelRoll, totals *BoxLevels, ordered bool) {
	k.raised(v, list, totals, ordered)
}

// MaxPointsOne is MaxPoints for one state: f[r] = max(f[r], points[r]+add).
func (k *Kernels) MaxPointsOne(f, points *[engine.NumRolls]float64, add float64) {
	k.pointsOne(f, points, add)
}

// DenseFrom is how many rolls of a box's Scored list make one state's
// pass over every roll (MaxPointsOne) cheaper than over the list.
func (k *Kernels) DenseFrom() int { return k.denseFrom }

// KeepValuesOne is KeepValues, for one state's keeps, to the same bits.
func (k *Kernels) KeepValuesOne(v *Keeps) { k.keepsOne(v) }

// BestKeepsOne is BestKeeps for one state's keep values with the sign
// bit clear, to the same bits.
func (k *Kernels) BestKeepsOne(v *Keeps) { k.bestOne(v) }

// MaxRaisedOne is MaxRaised for one state's ordered roll values f, from
// lane 0 of totals, the rolls taken run by run (Raised's runs).
func (k *Kernels) MaxRaisedOne(f *[engine.NumRolls]float64, runs []LevelRun, totals *BoxLevels) {
	k.raisedOne(f, runs, totals)
}

// Rank sets order[:n] to the positions of x[:n] by value, largest first,
// equal values in order of position. The assembly takes it that x holds
// no NaN; the plain Go kernel ranks NaN values as they fall, each behind
// the values before it and ahead of those after it.
func (k *Kernels) Rank(x *[Rankable]float64, n int, order *[Rankable]uint8) { k.rank(x, n, order) }

// Fill sets every value of f to x.
func (k *Kernels) Fill(f *[engine.NumRolls]float64, x float64) { k.fill(f, x) }
