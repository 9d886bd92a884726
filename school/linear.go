package school

import (
	"math"
	"slices"

	"dicepoker/engine"
)

// linear is the part of an estimate that is a weighted sum of features
// of the sheet, which generalise smoothly between sheets:
//
//   - each row, by its open cells, and by the turns left: what its cells
//     are still worth, more with more turns to choose from;
//   - each pair of rows, by their open cells: rows that compete for the
//     same rolls;
//   - each row whose bonus is in reach, by its open cells, and for a
//     combination row its best cell so far;
//   - each column whose bonus is in reach, by its open cells, its best
//     cell so far and which rows it still has open; and by which of the
//     hard rows it still has open, with its best cell;
//   - the reserve: for each School row, whether the reserve covers one and
//     two missing dice, times its open cells; and, by the number of open
//     School cells, the reserve up to each of a few levels.
type linear struct {
	Game *engine.Game
	W    []float64 // the weights, by feature
	f    featureLayout
}

// featureLayout is where each group of features starts.
type featureLayout struct {
	rows, cols                              int
	rowOpen, rowTime, rowBonus, rowBest     int
	colOpen, colBest                        int
	colRow, colHard, colHardBest, pairs     int
	reserveOne, reserveTwo, reserve, number int
	hard                                    []int // the hard rows' bit in colHard, by row; -1 for others
	school                                  []int // the School rows, in order
}

// timeBuckets is the number of spans the turns left are cut into.
const timeBuckets = 15

// reserveLevels are the levels the reserve is counted up to.
var reserveLevels = []int{1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30}

func newFeatureLayout(g *engine.Game) featureLayout {
	n, c := len(g.Categories), g.Columns
	f := featureLayout{rows: n, cols: c, hard: make([]int, n)}
	hard := 0
	for r, cat := range g.Categories {
		f.hard[r] = -1
		if slices.Contains(hardRows[:], cat.Name) {
			f.hard[r] = hard
			hard++
		}
		if cat.School {
			f.school = append(f.school, r)
		}
	}
	next := 0
	for _, p := range []struct {
		at   *int
		size int
	}{{&f.rowOpen, n * c}, {&f.rowTime, n * timeBuckets}, {&f.rowBonus, n * c}, {&f.rowBest, n * c}, {&f.colOpen, n}, {&f.colBest, n}, {&f.colRow, n},
		{&f.colHard, 1 << hard}, {&f.colHardBest, 1 << hard}, {&f.pairs, n * n},
		{&f.reserveOne, n}, {&f.reserveTwo, n}, {&f.reserve, len(reserveLevels) * (6*c + 1)}} {
		*p.at = next
		next += p.size
	}
	f.number = next
	return f
}

// features emits the features of s.
func (e *linear) features(s *engine.SchoolState, out emit) {
	for c := range e.f.rows {
		e.rowFeatures(s, c, out)
	}
	e.timeFeatures(s, out)
	for c := range e.f.rows {
		e.pairFeatures(s, c, c+1, out)
	}
	for j := range e.f.cols {
		e.colFeatures(s, j, out)
	}
	e.reserveFeatures(s, out)
}

// pairFeatures emits the features of the pairs of row c with the rows
// from row from on.
func (e *linear) pairFeatures(s *engine.SchoolState, c, from int, out emit) {
	open := e.f.cols - int(s.Fill[c])
	if open == 0 {
		return
	}
	for d := from; d < e.f.rows; d++ {
		if other := e.f.cols - int(s.Fill[d]); d != c && other > 0 {
			out.add(e.f.pairs+min(c, d)*e.f.rows+max(c, d), float64(open*other))
		}
	}
}

// span returns the span of turns that turns left is in; turns >= 1.
func (e *linear) span(turns int) int { return (turns - 1) * timeBuckets / (e.f.rows * e.f.cols) }

// timeFeatures emits each row's open cells by the span of turns left.
func (e *linear) timeFeatures(s *engine.SchoolState, out emit) {
	turns := e.Game.SchoolTurnsLeft(s)
	if turns == 0 {
		return
	}
	at := e.f.rowTime + e.span(turns)
	for c := range e.f.rows {
		if open := e.f.cols - int(s.Fill[c]); open > 0 {
			out.add(at+c*timeBuckets, float64(open))
		}
	}
}

// rowFeatures emits the features of row c.
func (e *linear) rowFeatures(s *engine.SchoolState, c int, out emit) {
	f := &e.f
	open := f.cols - int(s.Fill[c])
	if open == 0 {
		return
	}
	i := c*f.cols + open - 1
	out.add(f.rowOpen+i, 1)
	if s.RowBonus&(1<<c) != 0 {
		out.add(f.rowBonus+i, 1)
		if b := s.RowBest[c]; b != 0 {
			out.add(f.rowBest+i, float64(b)/10)
		}
	}
}

// colFeatures emits the features of column j.
func (e *linear) colFeatures(s *engine.SchoolState, j int, out emit) {
	if s.ColBonus&(1<<j) == 0 {
		return
	}
	f := &e.f
	open, hard := 0, 0
	for c := range f.rows {
		if int(s.Fill[c]) <= j {
			open++
			out.add(f.colRow+c, 1)
			if f.hard[c] >= 0 {
				hard |= 1 << f.hard[c]
			}
		}
	}
	if open == 0 {
		return
	}
	out.add(f.colOpen+open-1, 1)
	out.add(f.colHard+hard, 1)
	if b := s.ColBest[j]; b != 0 {
		out.add(f.colBest+open-1, float64(b)/10)
		out.add(f.colHardBest+hard, float64(b)/10)
	}
}

// reserveFeatures emits the features of the reserve.
func (e *linear) reserveFeatures(s *engine.SchoolState, out emit) {
	e.reserveLevelFeatures(s.Reserve, e.reserveRowFeatures(s, out), out)
}

// reserveRowFeatures emits the features of the reserve with each open
// School row, and returns the open School cells.
func (e *linear) reserveRowFeatures(s *engine.SchoolState, out emit) (cells int) {
	for _, c := range e.f.school {
		open := e.f.cols - int(s.Fill[c])
		if open == 0 {
			continue
		}
		cells += open
		face := e.Game.Categories[c].Face
		if s.Reserve >= face {
			out.add(e.f.reserveOne+c, float64(open))
		}
		if s.Reserve >= 2*face {
			out.add(e.f.reserveTwo+c, float64(open))
		}
	}
	return cells
}

// reserveLevelFeatures emits the features of a reserve up to each of the
// levels, by the open School cells.
func (e *linear) reserveLevelFeatures(reserve, cells int, out emit) {
	if reserve == 0 || cells == 0 {
		return
	}
	at := e.f.reserve + cells*len(reserveLevels)
	for i, l := range reserveLevels {
		out.add(at+i, float64(min(reserve, l)))
	}
}

// linearTerms are the linear part's value of one sheet, by term.
type linearTerms struct {
	rows          [engine.MaxSchoolRows]float64
	pairs         [engine.MaxSchoolRows]float64 // each row's pairs with all others
	cols          [engine.MaxColumns]float64
	time, reserve float64
	total         float64
}

// terms returns the value of s by term.
func (e *linear) terms(s *engine.SchoolState) linearTerms {
	var t linearTerms
	d := newWeighted(e.W)
	for c := range e.f.rows {
		t.rows[c] = d.of(func(out emit) { e.rowFeatures(s, c, out) })
		t.pairs[c] = d.of(func(out emit) { e.pairFeatures(s, c, 0, out) })
		t.total += t.rows[c] + t.pairs[c]/2
	}
	for j := range e.f.cols {
		t.cols[j] = d.of(func(out emit) { e.colFeatures(s, j, out) })
		t.total += t.cols[j]
	}
	t.time = d.of(func(out emit) { e.timeFeatures(s, out) })
	t.reserve = d.of(func(out emit) { e.reserveFeatures(s, out) })
	t.total += t.time + t.reserve
	return t
}

// value returns the linear part's estimate of the sum of what is still to come from state s.
func (e *linear) value(s engine.SchoolState) float64 { return e.terms(&s).total }

// linearAfter is the linear part's values for the sheets one write after
// a base sheet, the same as value but quicker: a write changes one row,
// one column, the reserve and the turns left, and only their terms are
// worked out again, from sums over base's other rows found once.
type linearAfter struct {
	e    *linear
	base *engine.SchoolState
	t    linearTerms
	// start[c] is base's value with the time term of one turn less,
	// without the terms of row c and its column in base and row c's
	// time term: where a write in row c starts.
	start [engine.MaxSchoolRows]float64
	// pairs[c] is what each open cell of row c adds with the other rows.
	pairs [engine.MaxSchoolRows]float64
	// Each column's open rows in base: how many, which hard ones, and the
	// sum of their row weights.
	open, hard [engine.MaxColumns]int
	rows       [engine.MaxColumns]float64
	d          emitter
	// levels[k][n] is the reserve's value by its levels with a reserve
	// of n after the write, and k School cells fewer open than in base;
	// NaN until looked up, as a turn's writes meet few reserves.
	levels [2][]float64
	cells  int // base's open School cells
}

// after sets a, which is zero, to the linear part's values for the
// sheets one write after base, which is not full after it.
func (e *linear) after(base *engine.SchoolState, a *linearAfter) {
	f := &e.f
	a.e, a.base, a.t, a.d = e, base, e.terms(base), emitter{w: e.W}
	at := f.rowTime + e.span(e.Game.SchoolTurnsLeft(base)-1) // the time features of the turns left after the write
	rest := a.t.total - a.t.time                             // base's value with the time term of one turn less
	for c := range f.rows {
		rest += float64(f.cols-int(base.Fill[c])) * e.W[at+c*timeBuckets]
		if open := f.cols - int(base.Fill[c]); open > 0 {
			a.pairs[c] = a.t.pairs[c] / float64(open)
		}
	}
	most := 0 // the most a write adds to the reserve
	for _, c := range f.school {
		a.cells += f.cols - int(base.Fill[c])
		most = max(most, (engine.Dice-3)*e.Game.Categories[c].Face)
	}
	n := base.Reserve + most + 1
	levels := make([]float64, len(a.levels)*n)
	for i := range levels {
		levels[i] = math.NaN()
	}
	for k := range a.levels {
		a.levels[k] = levels[k*n : (k+1)*n]
	}
	for j := range f.cols {
		for c := range f.rows {
			if int(base.Fill[c]) <= j {
				a.open[j]++
				a.rows[j] += e.W[f.colRow+c]
				if f.hard[c] >= 0 {
					a.hard[j] |= 1 << f.hard[c]
				}
			}
		}
	}
	t := &a.t
	for c := range f.rows {
		if j := int(base.Fill[c]); j < f.cols {
			a.start[c] = rest - t.rows[c] - t.pairs[c] - t.cols[j] - e.W[at+c*timeBuckets]
		}
	}
}

// value returns the linear part's value of s, base with a write in row c.
func (a *linearAfter) value(s *engine.SchoolState, c int) float64 {
	e, f, base, t := a.e, &a.e.f, a.base, &a.t
	pairs, rows, open, hard := &a.pairs, &a.rows, &a.open, &a.hard
	j := int(base.Fill[c])
	v := a.start[c] + a.d.of(func(out emit) { e.rowFeatures(s, c, out) })
	v += float64(f.cols-int(s.Fill[c])) * pairs[c]
	if s.ColBonus&(1<<j) != 0 {
		// Column j as colFeatures has it, without row c.
		v += rows[j] - e.W[f.colRow+c]
		if n := open[j] - 1; n > 0 {
			h := hard[j]
			if f.hard[c] >= 0 {
				h &^= 1 << f.hard[c]
			}
			v += e.W[f.colOpen+n-1] + e.W[f.colHard+h]
			if b := s.ColBest[j]; b != 0 {
				v += (e.W[f.colBest+n-1] + e.W[f.colHardBest+h]) * float64(b) / 10
			}
		}
	}
	if s.Reserve == base.Reserve && !e.Game.Categories[c].School {
		return v // neither the reserve nor the open School cells changed
	}
	// The reserve as reserveFeatures has it: reserveRowFeatures' terms
	// summed here (this runs for every write of every turn, and a call
	// an entry costs 6% of a simulation), its levels looked up.
	v -= t.reserve
	for _, d := range f.school {
		open := f.cols - int(s.Fill[d])
		if open == 0 {
			continue
		}
		face := e.Game.Categories[d].Face
		if s.Reserve >= face {
			v += e.W[f.reserveOne+d] * float64(open)
		}
		if s.Reserve >= 2*face {
			v += e.W[f.reserveTwo+d] * float64(open)
		}
	}
	k := 0
	if e.Game.Categories[c].School {
		k = 1
	}
	l := &a.levels[k][s.Reserve]
	if math.IsNaN(*l) {
		*l = a.d.of(func(out emit) { e.reserveLevelFeatures(s.Reserve, a.cells-k, out) })
	}
	return v + *l
}
