package school

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"dicepoker/engine"
)

// Estimate values school sheets of any number of columns: a weighted sum
// of features that generalise smoothly (see linear), plus a sum of table
// entries, an n-tuple network, where each tuple looks at a few parts of
// the sheet and the combination of their values picks one weight of its
// table. The tuples, with the turns left read at a few nodes (the tables
// by spans, each sheet between the two nodes about its turns left: see
// node) or cut into coarse spans:
//
//   - each open row: its open cells, whether its bonus is in reach, the
//     size of its best cell so far and the turns left; and the best cell
//     itself, linearly, while the bonus is in reach (the bonus pays it);
//   - each pair of rows: the open cells and bonus of both, by a coarse
//     span of turns: rows that compete for the same turns and rolls;
//   - each column whose bonus is in reach: its open cells by the turns
//     left; which of the hard rows (full house, four and five of a kind,
//     the straights) it still has open, by the size of its best cell;
//     which School rows, and which of the other rows, it still has open,
//     by a coarse span; and its best cell, linearly, by its open cells;
//   - each open School row: its open cells and bonus by how many dice short
//     the reserve covers, and the turns left; and the reserve itself by
//     the turns left and by the open School cells;
//   - the load: the open School cells against the other open cells, by
//     the size of the reserve. A School cell takes a zero (-200) unless
//     it is closed, and only the other cells can take a bad roll, so a
//     sheet's risk of zeros late in the game is in how many of each are
//     left (and how much the reserve can lend);
//   - the School load by bonus: the open School cells of the rows whose
//     bonus is still in reach against those of the rows whose bonus is
//     lost (to a zero or the reserve's help), by a coarse span and the
//     size of the reserve. The load alone valued the sheets of a player
//     who zeroes School cells 10 points too high on average, up to 35;
//   - which columns' bonuses and how many rows' are still in reach, by a
//     coarse span: what the other bonuses are worth, and how the player
//     plays for them, depends on how many are left; and which columns'
//     by how many School rows' and how many other rows', apart;
//   - the turns left.
//
// A table entry is a weight the fit learns (see Train); a sheet's value is
// the sum of the entries its tuples pick, so it costs one look-up a tuple
// (two for a table by spans, between nodes) and a write changes only the
// tuples of its row, its column, the reserve and the bonuses in reach
// (see After).
type Estimate struct {
	Game *engine.Game
	// W holds the weights: first the linear part's (see linear), then
	// those of every table, laid out by layout.
	W []float64
	// Expected is the mean final score of the estimate-based player,
	// measured when the weights were fitted.
	Expected float64
	lin      featureLayout
	l        layout
}

// layout is where each table starts in W, and the sheet's sizes.
type layout struct {
	rows, cols, turns int   // turns: of a new sheet
	school            []int // the School rows
	schoolBit         []int // each row's bit in a column's School mask; -1 for others
	hardBit           []int // each row's bit in a column's hard mask; -1 for others
	restBit           []int // each other row's bit in a column's mask of the rest
	bonus             []bool
	faces             []int
	// The tables, each the offset of its first weight.
	row, rowBest, pair, colOpen, colHard, colSchool, colRest, colBest int
	reserveRow, reserve, reserveCells, time                           int
	load, bonuses                                                     int
	schoolLoad, bonusKinds                                            int
	schoolRows                                                        uint16 // a bit for each School row
	rest                                                              int    // rows neither School nor hard
	number                                                            int
}

// Sizes of the tables' parts.
const (
	spans       = 12 // nodes the turns left are read at (see node)
	coarseSpans = 3  // and coarsely
	bestLevels  = 6  // sizes of a best cell
	shortLevels = 7  // dice short the reserve covers, 0..6
	reserveCap  = 40 // the reserve counted up to
	hardRowsN   = 5
	loadLevels  = 11 // sizes of the reserve, as the load tuple reads it
)

// loadLevel returns the size class of a reserve for the load tuple: 0, 1,
// 2, 3-4, 5-7, 8-11, 12-15, 16-19, 20-25, 26-32, 33+: large reserves are
// kept apart, not lumped together as 12 or more (see docs/design.md, the estimate's check).
func loadLevel(reserve int) int {
	switch {
	case reserve < 3:
		return reserve
	case reserve < 5:
		return 3
	case reserve < 8:
		return 4
	case reserve < 12:
		return 5
	case reserve < 16:
		return 6
	case reserve < 20:
		return 7
	case reserve < 26:
		return 8
	case reserve < 33:
		return 9
	}
	return 10
}

// hardRows are the rows that make a column's bonus hard to keep.
var hardRows = [hardRowsN]string{"full-house", "four-of-a-kind", "five-of-a-kind", "small-straight", "large-straight"}

func newLayout(g *engine.Game) layout {
	n, c := len(g.Categories), g.Columns
	l := layout{rows: n, cols: c, turns: n * c, schoolBit: make([]int, n), hardBit: make([]int, n), restBit: make([]int, n), bonus: make([]bool, n), faces: make([]int, n)}
	for r, cat := range g.Categories {
		l.schoolBit[r], l.hardBit[r], l.restBit[r] = -1, -1, -1
		if cat.School {
			l.schoolBit[r] = len(l.school)
			l.school = append(l.school, r)
			l.schoolRows |= 1 << r
		}
		for i, name := range hardRows {
			if cat.Name == name {
				l.hardBit[r] = i
			}
		}
		if l.schoolBit[r] < 0 && l.hardBit[r] < 0 {
			l.restBit[r] = l.rest
			l.rest++
		}
		l.bonus[r] = g.HasRowBonus(r)
		l.faces[r] = cat.Face
	}
	sides := 2 * (c + 1) // a row's fill and bonus bit, in a pair
	next := 0
	for _, p := range []struct {
		at   *int
		size int
	}{
		{&l.row, n * c * 2 * bestLevels * spans},
		{&l.rowBest, n * c * spans},
		{&l.pair, n * n * sides * sides * coarseSpans},
		{&l.colOpen, c * (n + 1) * spans},
		{&l.colHard, c * (1 << hardRowsN) * bestLevels},
		{&l.colSchool, c * (1 << len(l.school)) * coarseSpans},
		{&l.colRest, c * (1 << l.rest) * coarseSpans},
		{&l.colBest, c * (n + 1)},
		{&l.reserveRow, n * c * 2 * shortLevels * spans},
		{&l.reserve, (reserveCap + 1) * spans},
		{&l.reserveCells, (reserveCap + 1) * (len(l.school)*c + 1)},
		{&l.time, n*c + 1},
		{&l.load, (len(l.school)*c + 1) * ((n-len(l.school))*c + 1) * loadLevels},
		{&l.bonuses, (1 << c) * (n + 1) * coarseSpans},
		{&l.schoolLoad, (len(l.school)*c + 1) * (len(l.school)*c + 1) * coarseSpans * loadLevels},
		{&l.bonusKinds, (1 << c) * (len(l.school) + 1) * (n - len(l.school) + 1) * coarseSpans},
	} {
		*p.at = next
		next += p.size
	}
	l.number = next
	return l
}

// node returns where turns left (>= 1) lies among the spans' nodes, which
// are spread evenly from 1 turn left (node 0) to a new sheet's turns (node
// spans-1): the node at or below it, and how far it is on to the next one.
// A table by spans reads both nodes, weighted by how near each is, so a
// sheet's value changes smoothly with the turns left: with a step a span
// long, a span's sheets all took the value of its mean turns, and the
// tables by exact turns (the load's, the turns left's) made up for it only
// where their entries had been met.
func (l *layout) node(turns int) (int, float64) {
	if l.turns <= 1 {
		return 0, 0
	}
	at := (turns - 1) * (spans - 1)
	return at / (l.turns - 1), float64(at%(l.turns-1)) / float64(l.turns-1)
}

// coarse returns the coarse span of turns left (>= 1).
func (l *layout) coarse(turns int) int { return (turns - 1) * coarseSpans / l.turns }

// bestLevel returns the size class of a best cell of points.
func bestLevel(points uint8) int {
	switch {
	case points == 0:
		return 0
	case points < 10:
		return 1
	case points < 20:
		return 2
	case points < 30:
		return 3
	case points < 45:
		return 4
	}
	return 5
}

// NewEstimate returns the estimate of school game g with weights w (nil:
// all zero, which values every sheet at 0: the greedy player).
func NewEstimate(g *engine.Game, w []float64) (*Estimate, error) {
	e := &Estimate{Game: g, lin: newFeatureLayout(g), l: newLayout(g)}
	if w == nil {
		w = make([]float64, e.Features())
	}
	if len(w) != e.Features() {
		return nil, fmt.Errorf("%s: %d weights, the estimate has %d", g.Name, len(w), e.Features())
	}
	e.W = w
	return e, nil
}

// Features returns the number of weights.
func (e *Estimate) Features() int { return e.lin.number + e.l.number }

// linear returns the linear part of the estimate, on its weights.
func (e *Estimate) linear() *linear {
	return &linear{Game: e.Game, W: e.W[:e.lin.number], f: e.lin}
}

// emit receives the entries a sheet's tuples pick (emitter.add): a
// weight's index and what it is multiplied by (1 for a table entry, more
// for a linear term).
type emit = *emitter

// emitter sums the weights w, each times the value it is emitted with,
// into v (newWeighted), or hands each entry to rec (the fit's features).
// One serves many sums: a sum's own closure would escape, and cost an
// allocation each time, in the loops that value every write of a turn;
// and a struct's add, unlike a func value, is a direct call the compiler
// inlines into every tuple, where the sums spend their time.
type emitter struct {
	w   []float64
	v   float64
	rec func(i int, v float64)
}

// add receives entry i, times v.
func (o *emitter) add(i int, v float64) {
	if o.rec != nil {
		o.rec(i, v)
		return
	}
	o.v += o.w[i] * v
}

// recorder returns an emit that hands each entry to rec.
func recorder(rec func(i int, v float64)) emit { return &emitter{rec: rec} }

// sheet is what the tuples read of a sheet, worked out once.
type sheet struct {
	s     *engine.SchoolState
	turns int     // turns left, >= 1
	span  int     // the spans' node at or below the turns left (see node)
	frac  float64 // how far the turns left are on to the next node
	crude int
}

func (l *layout) sheet(s *engine.SchoolState, turns int) sheet {
	x := sheet{s: s, turns: turns, crude: l.coarse(turns)}
	x.span, x.frac = l.node(turns)
	return x
}

// spanned emits the entry of a tuple by spans whose nodes start at at,
// times v: the two nodes about the turns left, each by its nearness.
func (x *sheet) spanned(at int, v float64, out emit) {
	out.add(at+x.span, v*(1-x.frac))
	if x.frac > 0 {
		out.add(at+x.span+1, v*x.frac)
	}
}

// side returns row r's fill and bonus bit, as a pair reads them.
func (x *sheet) side(r int) int {
	return 2*int(x.s.Fill[r]) + int(x.s.RowBonus>>r&1)
}

// rowTerms emits the tuples of row r, if open.
func (l *layout) rowTerms(x *sheet, r int, out emit) {
	s := x.s
	f := int(s.Fill[r])
	if f >= l.cols {
		return
	}
	b := int(s.RowBonus >> r & 1)
	best := s.RowBest[r]
	x.spanned(l.row+(((r*l.cols+f)*2+b)*bestLevels+bestLevel(best))*spans, 1, out)
	if b == 1 && best > 0 {
		x.spanned(l.rowBest+(r*l.cols+f)*spans, float64(best)/10, out)
	}
}

// pairTerms emits the tuples of row r with every other row, or with the
// rows after r only when after is set (so that each pair counts once).
func (l *layout) pairTerms(x *sheet, r int, after bool, out emit) {
	from := 0
	if after {
		from = r + 1
	}
	for d := from; d < l.rows; d++ {
		if i := l.pairEntry(x, r, d); i >= 0 {
			out.add(i, 1)
		}
	}
}

// pairEntry returns the entry of the tuple of rows r and d, or -1 when there is
// none: d is r, or both are full.
func (l *layout) pairEntry(x *sheet, r, d int) int {
	if d == r || int(x.s.Fill[r]) >= l.cols && int(x.s.Fill[d]) >= l.cols {
		return -1
	}
	sides := 2 * (l.cols + 1)
	lo, hi, sa, sb := r, d, x.side(r), x.side(d)
	if d < r {
		lo, hi, sa, sb = d, r, sb, sa
	}
	return l.pair + ((lo*l.rows+hi)*sides*sides+sa*sides+sb)*coarseSpans + x.crude
}

// colTerms emits the tuples of column j, while its bonus is in reach.
func (l *layout) colTerms(x *sheet, j int, out emit) {
	if x.s.ColBonus>>j&1 == 0 {
		return
	}
	l.colMaskTerms(x, j, l.colOpenRows(x.s, j), x.s.ColBest[j], out)
}

// openRows is which rows of a column are open: how many, and which of the
// hard rows, of the School rows and of the rest, a bit each.
type openRows struct{ n, hard, school, rest int }

// colOpenRows returns the open rows of column j in s.
func (l *layout) colOpenRows(s *engine.SchoolState, j int) openRows {
	var o openRows
	for r := range l.rows {
		if int(s.Fill[r]) <= j {
			o = o.with(l, r)
		}
	}
	return o
}

// with returns o with row r, which is not in it, open too.
func (o openRows) with(l *layout, r int) openRows { return o.toggle(l, r, 1) }

// without returns o with row r, which is in it, no longer open.
func (o openRows) without(l *layout, r int) openRows { return o.toggle(l, r, -1) }

func (o openRows) toggle(l *layout, r, n int) openRows {
	o.n += n
	if b := l.hardBit[r]; b >= 0 {
		o.hard ^= 1 << b
	}
	if b := l.schoolBit[r]; b >= 0 {
		o.school ^= 1 << b
	}
	if b := l.restBit[r]; b >= 0 {
		o.rest ^= 1 << b
	}
	return o
}

// colMaskTerms emits the tuples of column j, in reach, with open rows o
// and best cell best.
func (l *layout) colMaskTerms(x *sheet, j int, o openRows, best uint8, out emit) {
	l.colShapeTerms(x, j, o, out)
	l.colBestTerms(j, o, best, out)
}

// colShapeTerms emits the tuples of column j, in reach, that read only
// which rows it has open, o.
func (l *layout) colShapeTerms(x *sheet, j int, o openRows, out emit) {
	x.spanned(l.colOpen+(j*(l.rows+1)+o.n)*spans, 1, out)
	out.add(l.colSchool+(j<<len(l.school)+o.school)*coarseSpans+x.crude, 1)
	out.add(l.colRest+(j<<l.rest+o.rest)*coarseSpans+x.crude, 1)
}

// colBestTerms emits the tuples of column j, in reach, with open rows o,
// that read its best cell best.
func (l *layout) colBestTerms(j int, o openRows, best uint8, out emit) {
	out.add(l.colHard+(j<<hardRowsN+o.hard)*bestLevels+bestLevel(best), 1)
	if best > 0 {
		out.add(l.colBest+j*(l.rows+1)+o.n, float64(best)/10)
	}
}

// reserveTerms emits the tuples of the reserve: with each open School row,
// alone by the turns left, and by the open School cells.
func (l *layout) reserveTerms(x *sheet, out emit) {
	s := x.s
	cells, with := 0, 0 // the open School cells, and those of rows whose bonus is in reach
	for _, r := range l.school {
		f := int(s.Fill[r])
		if f >= l.cols {
			continue
		}
		cells += l.cols - f
		short := min(s.Reserve/l.faces[r], shortLevels-1)
		b := int(s.RowBonus >> r & 1)
		with += b * (l.cols - f)
		x.spanned(l.reserveRow+(((r*l.cols+f)*2+b)*shortLevels+short)*spans, 1, out)
	}
	reserve := min(s.Reserve, reserveCap)
	x.spanned(l.reserve+reserve*spans, 1, out)
	out.add(l.reserveCells+reserve*(len(l.school)*l.cols+1)+cells, 1)
	// The load: the open School cells against the other open cells (the
	// turns that can take a bad roll without a zero), by the reserve.
	others := (l.rows-len(l.school))*l.cols + 1
	out.add(l.load+((cells*others)+x.turns-cells)*loadLevels+loadLevel(s.Reserve), 1)
	// The School load by bonus: the open School cells of the rows whose
	// bonus is still in reach against those of the rows whose is not.
	out.add(l.schoolLoad+((with*(len(l.school)*l.cols+1)+cells-with)*coarseSpans+x.crude)*loadLevels+loadLevel(s.Reserve), 1)
}

// bonusTerms emits the tuple of the bonuses still in reach: which
// columns' and how many rows', by a coarse span. Each zero or cross takes
// some, and what the others are worth depends on how many are left.
func (l *layout) bonusTerms(x *sheet, out emit) {
	rows := bits.OnesCount16(x.s.RowBonus)
	out.add(l.bonuses+(int(x.s.ColBonus)*(l.rows+1)+rows)*coarseSpans+x.crude, 1)
	// And which columns' by how many School rows' and how many others':
	// a School row's bonus is lost to a zero or the reserve's help, the
	// others' to a cross, and the player spends its turns differently on
	// each.
	school := bits.OnesCount16(x.s.RowBonus & l.schoolRows)
	out.add(l.bonusKinds+((int(x.s.ColBonus)*(len(l.school)+1)+school)*(l.rows-len(l.school)+1)+rows-school)*coarseSpans+x.crude, 1)
}

// terms emits every tuple of the sheet.
func (l *layout) terms(x *sheet, out emit) {
	for r := range l.rows {
		l.rowTerms(x, r, out)
		l.pairTerms(x, r, true, out)
	}
	for j := range l.cols {
		l.colTerms(x, j, out)
	}
	l.reserveTerms(x, out)
	l.bonusTerms(x, out)
	out.add(l.time+x.turns, 1)
}

// features emits the features of s and the entries its tuples pick,
// none for a full sheet.
func (e *Estimate) features(s *engine.SchoolState, out emit) {
	e.linear().features(s, out)
	if turns := e.Game.SchoolTurnsLeft(s); turns > 0 {
		x := e.l.sheet(s, turns)
		e.l.terms(&x, recorder(func(i int, v float64) { out.add(e.lin.number+i, v) }))
	}
}

// newWeighted returns an emit that sums the weights w (see emitter).
func newWeighted(w []float64) emit { return &emitter{w: w} }

// of returns the weighted sum of the weights each emits.
func (o *emitter) of(each func(out emit)) float64 {
	o.v = 0
	each(o)
	return o.v
}

// Value returns the estimated sum of what is still to come from state s.
func (e *Estimate) Value(s engine.SchoolState) float64 {
	v := e.linear().value(s)
	if turns := e.Game.SchoolTurnsLeft(&s); turns > 0 {
		x := e.l.sheet(&s, turns)
		v += newWeighted(e.W[e.lin.number:]).of(func(out emit) { e.l.terms(&x, out) })
	}
	return v
}

// After returns the estimate's values for the sheets one write after
// base, the same as Value but quicker: a write fills one cell, so only the
// tuples of its row, its column, the reserve and the bonuses in reach are
// looked up again; the others are those of base with one turn less. The
// writes of one row leave it with one of two sides (scored or not), so
// its pairs are looked up once for each.
func (e *Estimate) After(base *engine.SchoolState) Values {
	turns := e.Game.SchoolTurnsLeft(base) - 1
	if turns <= 0 {
		return e.Value
	}
	a := &afterSheet{e: e, base: base, d: emitter{w: e.W[e.lin.number:]}}
	e.linear().after(base, &a.lin)
	l, d := &e.l, &a.d
	a.b = l.sheet(base, turns)
	b, w := &a.b, d.w
	var open [engine.MaxColumns]openRows // each column's open rows in base
	for r := range l.rows {
		a.rows[r] = d.of(func(out emit) { l.rowTerms(b, r, out) })
		for c := r + 1; c < l.rows; c++ {
			if i := l.pairEntry(b, r, c); i >= 0 {
				a.pairs[r] += w[i]
				a.pairs[c] += w[i]
				a.total += w[i]
			}
		}
		a.total += a.rows[r]
	}
	for j := range l.cols {
		a.cols[j] = d.of(func(out emit) { l.colTerms(b, j, out) })
		a.total += a.cols[j]
		open[j] = l.colOpenRows(base, j)
	}
	for r := range l.rows {
		if j := int(base.Fill[r]); j < l.cols {
			a.after[r] = open[j].without(l, r)
			a.shape[r] = d.of(func(out emit) { l.colShapeTerms(b, j, a.after[r], out) })
		}
	}
	a.reserve = d.of(func(out emit) { l.reserveTerms(b, out) })
	a.bonuses = d.of(func(out emit) { l.bonusTerms(b, out) })
	a.total += a.reserve + a.bonuses + e.W[e.lin.number+l.time+turns]
	return a.value
}

// afterSheet is what After works out once for the sheets after base.
type afterSheet struct {
	e    *Estimate
	base *engine.SchoolState
	lin  linearAfter
	d    emitter
	b    sheet // base with the turns left after the write
	// The table sums of base: each row's tuples, each row's pairs with
	// the others, each column's; the reserve's, the bonuses' and all.
	rows, pairs             [engine.MaxSchoolRows]float64
	cols                    [engine.MaxColumns]float64
	reserve, bonuses, total float64
	// Each row's column after a write there, by its open rows then, and
	// the tuples of that column that read only them.
	after [engine.MaxSchoolRows]openRows
	shape [engine.MaxSchoolRows]float64
	// sidePairs[r][b] holds the pairs of row r after a write there, its
	// bonus in reach (b = 1) or not, where bit b of sided[r] is set: the
	// write fills one more cell of the row, so its side is one of two.
	sidePairs [engine.MaxSchoolRows][2]float64
	sided     [engine.MaxSchoolRows]uint8
}

// value returns the estimate's value of s, one write after a.base.
func (a *afterSheet) value(s engine.SchoolState) float64 {
	e, l, d := a.e, &a.e.l, &a.d
	r := writtenRow(a.base, &s, l.rows)
	if r < 0 {
		return e.Value(s)
	}
	j := int(a.base.Fill[r])
	x := a.b // the same turns left, whose spans b has worked out
	x.s = &s
	v := a.lin.value(&s, r) + a.total - a.rows[r] - a.pairs[r] - a.cols[j]
	v += d.of(func(out emit) { l.rowTerms(&x, r, out) })
	side := s.RowBonus >> r & 1
	if a.sided[r]>>side&1 == 0 {
		a.sidePairs[r][side] = d.of(func(out emit) { l.pairTerms(&x, r, false, out) })
		a.sided[r] |= 1 << side
	}
	v += a.sidePairs[r][side]
	if s.ColBonus>>j&1 != 0 {
		v += a.shape[r] + d.of(func(out emit) { l.colBestTerms(j, a.after[r], s.ColBest[j], out) })
	}
	if s.Reserve != a.base.Reserve || l.schoolBit[r] >= 0 {
		v += d.of(func(out emit) { l.reserveTerms(&x, out) }) - a.reserve
	}
	if s.RowBonus != a.base.RowBonus || s.ColBonus != a.base.ColBonus {
		v += d.of(func(out emit) { l.bonusTerms(&x, out) }) - a.bonuses
	}
	return v
}

// writtenRow returns the row of the one cell s has written beyond base, or
// -1 when s is not one write after base. It compares the fills eight rows
// at a time: one write makes the difference of two little-endian words
// of them a power of 256 (the fills are at most 5, so no other changes
// can add up to one).
func writtenRow(base, s *engine.SchoolState, rows int) int {
	const last = engine.MaxSchoolRows - 8 // the first row of the second word
	lo := binary.LittleEndian.Uint64(s.Fill[:8]) - binary.LittleEndian.Uint64(base.Fill[:8])
	hi := binary.LittleEndian.Uint64(s.Fill[last:]) - binary.LittleEndian.Uint64(base.Fill[last:])
	byteStep := func(d uint64) int { // the byte d is 1 in, or -1
		if z := bits.TrailingZeros64(d); d != 0 && d&(d-1) == 0 && z%8 == 0 {
			return z / 8
		}
		return -1
	}
	r := -1
	switch {
	case hi == 0:
		r = byteStep(lo)
	case lo == 0:
		if r = byteStep(hi); r >= 0 {
			r += last
		}
	case lo == 1<<(8*last) && hi == 1: // the row both words hold
		r = last
	}
	if r >= rows {
		return -1
	}
	return r
}
