package school

import (
	"fmt"
	"slices"
	"sort"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Layout is the dense index of the states of a one-column school sheet:
// the filled rows, then the reserve, then the column bonus.
//
// The reserve is told apart only up to what the open School rows could
// still take from it (two dice short in each): beyond that it is never
// needed, and what is over stays in the total whatever happens.
//
// The column bonus is out of reach (slot 0) or in reach with the best
// combination-or-sum cell so far (slots 1..). Best cells no larger than
// the least that some open combination row must still score are one slot:
// to keep the bonus that row must be written with at least that much, so
// they cannot change the bonus.
type Layout struct {
	rows   int
	offset []int     // first index of each filled set
	cap    []int     // the largest reserve told apart, by filled set
	levels [][]int   // best cells told apart, by filled set; levels[m][0] = 0 stands for all up to the least
	slot   [][]uint8 // slot[m][b]: slot of best cell b in filled set m, from 1
	size   int
	// closes[c][reserve*(engine.Dice+1)+n] is the write of n dice in
	// School row c with the reserve given, scores[c][p] that of p points
	// in combination row c, the column bonus in reach, on a sheet that
	// the write does not fill: the same in every filled set, as such a
	// write reads nothing of the sheet's other rows, and of its best cell
	// only what the next slot takes (movesOf).
	closes, scores [][]fixedWrite
	// points[c] are the points of combination row c (nil for a School
	// row), in the order of its writes.
	points []*pointsOf
}

// pointsOf are the distinct points a combination row can score, the
// cross (0) first, then those only plain, those plain and doubled, and
// those only doubled: the order of its writes in a filled set's moves.
type pointsOf struct {
	points []int
	// stale[i] and fresh[i] are the positions in points of level i's
	// points, plain and doubled.
	stale, fresh []uint8
	// byRoll[0][r] is the position of roll r's plain points (0, the
	// cross, where its condition fails), byRoll[1][r] that of its doubled
	// ones less from: each within lanes.Levels, so that a row's values
	// by position are its values by level, stale and fresh, to
	// lanes.LaneRolls's MaxByLevel. Where from is not 0, byRoll[1] is 0
	// for a roll that crosses out, which only a row whose scoring rolls
	// go into the finals roll by roll has: none is read.
	byRoll [2][engine.NumRolls]uint8
	from   int
}

// newPoints returns the points of combination row c of k's game.
func newPoints(k *Kernel, c int) (*pointsOf, error) {
	g := k.g
	plain, doubled := k.levels[c], make([]int, len(k.levels[c]))
	for i, p := range plain {
		doubled[i] = g.School.Fresh * p
	}
	pt := &pointsOf{points: []int{0}}
	for _, p := range plain {
		if !slices.Contains(doubled, p) {
			pt.points = append(pt.points, p)
		}
	}
	only := len(pt.points) - 1
	for _, p := range plain {
		if slices.Contains(doubled, p) {
			pt.points = append(pt.points, p)
		}
	}
	for _, p := range doubled {
		if !slices.Contains(plain, p) {
			pt.points = append(pt.points, p)
		}
	}
	crosses := false
	for i := range plain {
		pt.stale = append(pt.stale, uint8(slices.Index(pt.points, plain[i])))
		pt.fresh = append(pt.fresh, uint8(slices.Index(pt.points, doubled[i])))
	}
	for r, l := range &k.level[c] {
		if l == 0 {
			crosses = true
			continue
		}
		pt.byRoll[0][r], pt.byRoll[1][r] = pt.stale[l-1], pt.fresh[l-1]
	}
	if len(pt.points) > lanes.Levels {
		pt.from = 1 + only
		for r := range pt.byRoll[1] {
			if k.level[c][r] != 0 {
				pt.byRoll[1][r] -= uint8(pt.from)
			}
		}
	}
	if slices.Max(pt.byRoll[0][:]) >= lanes.Levels || slices.Max(pt.byRoll[1][:]) >= lanes.Levels || pt.from > 0 && crosses && k.scoring[c] == nil {
		return nil, fmt.Errorf("%s: row %s has points the solver's levels cannot tell apart", g.Name, g.Categories[c].Name)
	}
	return pt, nil
}

// fixedWrite is what a write does on a sheet it does not fill: the
// reserve after it, what it adds to the total and whether the column
// bonus stays in reach (1) or not (0), as rowWrite.kept.
type fixedWrite struct{ reserve, total, kept int32 }

// SolvesExactly reports whether Solve solves school game g exactly: the
// exact solver's layout holds the sheets of one column only, and more
// columns are played by an estimate (Build).
func SolvesExactly(g *engine.Game) bool { return g.Columns == 1 }

// NewLayout returns the layout of one-column school game g (the full
// sheet or a subset of its rows).
func NewLayout(g *engine.Game) (*Layout, error) {
	if !SolvesExactly(g) {
		return nil, fmt.Errorf("%s: the exact solver needs one column, not %d", g.Name, g.Columns)
	}
	n := len(g.Categories)
	if n > engine.MaxSchoolRows {
		return nil, fmt.Errorf("%s: %d rows, at most %d", g.Name, n, engine.MaxSchoolRows)
	}
	k := NewKernel(g)
	least := make([]int, n)   // least points > 0 of each combination row
	cells := make([][]int, n) // every points > 0 a combination cell can hold, doubled or not
	top := 0
	for c := range g.Categories {
		for _, p := range k.levels[c] {
			fresh := g.School.Fresh * p
			cells[c] = append(cells[c], p, fresh)
			top = max(top, fresh)
		}
		if len(cells[c]) > 0 {
			least[c] = slices.Min(cells[c])
		}
	}
	if top > 255 {
		return nil, fmt.Errorf("%s: a cell of %d points does not fit the layout", g.Name, top)
	}
	l := &Layout{rows: n, offset: make([]int, 1<<n), cap: make([]int, 1<<n), levels: make([][]int, 1<<n), slot: make([][]uint8, 1<<n)}
	for m := range 1 << n {
		floor, low := 0, 0 // the least an open row must still score; the least the filled ones hold
		var seen []int
		for c, cat := range g.Categories {
			switch filled := m&(1<<c) != 0; {
			case cat.School && !filled:
				l.cap[m] += 2 * cat.Face
			case !filled:
				floor = max(floor, least[c])
			default:
				low = max(low, least[c])
				seen = append(seen, cells[c]...)
			}
		}
		levels := []int{0}
		slices.Sort(seen)
		for _, b := range slices.Compact(seen) {
			if b > floor && b >= low {
				levels = append(levels, b)
			}
		}
		slot := make([]uint8, top+1)
		for i, b := range levels {
			for v := b; v <= top; v++ {
				slot[v] = uint8(1 + i)
			}
		}
		l.levels[m], l.slot[m] = levels, slot
		l.offset[m] = l.size
		l.size += (l.cap[m] + 1) * (1 + len(levels))
	}
	l.points = make([]*pointsOf, n)
	for c, cat := range g.Categories {
		if !cat.School {
			var err error
			if l.points[c], err = newPoints(k, c); err != nil {
				return nil, err
			}
		}
	}
	l.closes, l.scores = make([][]fixedWrite, n), make([][]fixedWrite, n)
	fixed := func(w engine.SchoolWrite) fixedWrite {
		return fixedWrite{int32(w.Next.Reserve), int32(w.Total()), int32(w.Next.ColBonus & 1)}
	}
	for c, cat := range g.Categories {
		s := g.NewSchoolState()
		if !cat.School {
			for p := range top + 1 {
				l.scores[c] = append(l.scores[c], fixed(g.SchoolScore(s, c, p)))
			}
			continue
		}
		for reserve := range l.cap[0] + 1 {
			s.Reserve = reserve
			for count := range engine.Dice + 1 {
				l.closes[c] = append(l.closes[c], fixed(g.SchoolClose(s, c, count)))
			}
		}
	}
	return l, nil
}

// Size returns the number of states in the index.
func (l *Layout) Size() int { return l.size }

// slots returns the column bonus slots of filled set m.
func (l *Layout) slots(m int) int { return 1 + len(l.levels[m]) }

// Index returns the position of state s.
func (l *Layout) Index(s *engine.SchoolState) int {
	m := 0
	for c := range l.rows {
		if s.Fill[c] != 0 {
			m |= 1 << c
		}
	}
	return l.indexIn(m, s)
}

// indexIn returns the position of state s of filled set m, as Index does.
func (l *Layout) indexIn(m int, s *engine.SchoolState) int {
	slot := 0
	if s.ColBonus&1 != 0 {
		slot = int(l.slot[m][s.ColBest[0]])
	}
	return l.at(m, s.Reserve, slot)
}

// at returns the index of the states of filled set m with the reserve
// and column bonus slot given.
func (l *Layout) at(m, reserve, slot int) int {
	return l.offset[m] + min(reserve, l.cap[m])*l.slots(m) + slot
}

// State returns a state of filled set m, reserve and column bonus slot:
// one of those at that position of the index.
func (l *Layout) State(g *engine.Game, m, reserve, slot int) engine.SchoolState {
	s := g.NewSchoolState()
	for c := range l.rows {
		if m&(1<<c) != 0 {
			s.Fill[c] = 1
			s.RowBonus &^= 1 << c
		}
	}
	s.Reserve = reserve
	if slot == 0 {
		s.ColBonus = 0
	} else {
		s.ColBest[0] = uint8(l.levels[m][slot-1])
	}
	return s
}

// StateAt returns a state at position i of the index, one of those that
// Index puts there: they play and score alike, which is what lets the
// index tell them apart no further.
func (l *Layout) StateAt(g *engine.Game, i int) engine.SchoolState {
	m := sort.Search(len(l.offset), func(m int) bool { return l.offset[m] > i }) - 1
	rest := i - l.offset[m]
	return l.State(g, m, rest/l.slots(m), rest%l.slots(m))
}

// moves are the writes of the states of one filled set, each found once
// with the engine and kept as the index of the state after it and what it
// adds to the total: what the turns of the solve and of the distribution
// look up their finals' values by, instead of writing every roll in every
// state again.
//
// A combination row's write neither reads nor changes the reserve, so it
// is found once for each column bonus slot, the next index then moving by
// the reserve; a School row's once for each reserve, the slot carried
// over as a close of three dice carries it, or lost when the write takes
// it out of reach. Both are found once for the whole game (Layout.closes
// and scores), but for the sheet's last write, which pays the column
// bonus, the best cell: there the writes are found for every slot, the
// School row's for every state. The tests check every write of every
// state of reduced sheets against the engine.
type moves struct {
	m     int        // the filled set
	slots int        // its column bonus slots
	rows  []rowMoves // the open rows, in sheet order
	// row[c] is the position of row c in rows, -1 when it is filled.
	row [engine.MaxSchoolRows]int
}

// rowMoves are the writes of one open row in the states of a filled set:
// a School row's by the dice of its face (0..engine.Dice), a combination
// row's by their points.
type rowMoves struct {
	c      int
	school bool
	// A combination row's points, its writes' order; nil for a School
	// row.
	*pointsOf
	// ways is the number of writes; those of the state with reserve r and
	// slot b are at (r*byReserve + b*bySlot)*ways in writes.
	ways, byReserve, bySlot int
	writes                  []rowWrite
	carried                 []int32
	cap, stride             int
}

// rowWrite is one write of a rowMoves: the next index and what it adds to
// the total. The next index then moves by min(r, cap)*stride, and, where
// kept is 1, by carried[b]. A combination row's kept is 0: its next slot
// is in next already.
type rowWrite struct{ next, total, kept int32 }

// at returns the position in r's tables of the writes of the state with
// the reserve and slot given.
func (r *rowMoves) at(reserve, slot int) int { return (reserve*r.byReserve + slot*r.bySlot) * r.ways }

// write returns the next index and the total of the write at position e
// (at) of the state with the reserve and slot given.
func (r *rowMoves) write(e, reserve, slot int) (next int, total int) {
	w := &r.writes[e]
	return int(w.next) + min(reserve, r.cap)*r.stride + int(w.kept*r.carried[slot]), int(w.total)
}

// values sets v[d] to the value of the d-th write of the state with the
// reserve and slot given: what it adds to the total plus the value of
// the sheet after it, by index in values.
func (r *rowMoves) values(reserve, slot int, values []float64, v []float64) {
	// What write does, with the state's shifts taken once.
	e := r.at(reserve, slot)
	writes := r.writes[e : e+r.ways]
	shift, carried := int32(min(reserve, r.cap)*r.stride), r.carried[slot]
	v = v[:len(writes)]
	for d, w := range writes {
		v[d] = float64(w.total) + values[w.next+shift+w.kept*carried]
	}
}

// movesOf fills t with the writes of filled set m of k's game g, reusing
// its buffers.
func (l *Layout) movesOf(g *engine.Game, k *Kernel, m int, t *moves) {
	t.m, t.slots = m, l.slots(m)
	t.rows = t.rows[:0]
	slots := l.slots(m)
	for c, cat := range g.Categories {
		t.row[c] = -1
		if m&(1<<c) != 0 {
			continue
		}
		t.row[c] = len(t.rows)
		if len(t.rows) < cap(t.rows) {
			t.rows = t.rows[:len(t.rows)+1]
		} else {
			t.rows = append(t.rows, rowMoves{})
		}
		r := &t.rows[len(t.rows)-1]
		after := m | 1<<c
		r.c, r.school = c, cat.School
		r.writes = r.writes[:0]
		r.carried = slices.Grow(r.carried[:0], slots)[:slots]
		clear(r.carried)
		add := func(w engine.SchoolWrite, next int) {
			r.writes = append(r.writes, rowWrite{next: int32(next), total: int32(w.Total())})
		}
		r.pointsOf = l.points[c]
		if !cat.School {
			r.ways, r.byReserve, r.bySlot, r.cap, r.stride = len(r.points), 0, 1, l.cap[after], l.slots(after)
			if after == 1<<l.rows-1 {
				// The last write pays the best cell as the column bonus.
				for slot := range slots {
					s := l.State(g, m, 0, slot)
					for _, p := range r.points {
						w := g.SchoolScore(s, c, p)
						add(w, l.indexIn(after, &w.Next))
					}
				}
				continue
			}
			// The best cell after a score is the larger of the slot's
			// and the points: the next slot's, with the bonus in reach.
			for slot := range slots {
				for _, p := range r.points {
					w, next := l.scores[c][p], l.at(after, 0, 0)
					if slot > 0 && w.kept != 0 {
						next += int(l.slot[after][max(l.levels[m][slot-1], p)])
					}
					r.writes = append(r.writes, rowWrite{next: int32(next), total: w.total})
				}
			}
			continue
		}
		r.ways, r.cap, r.stride = engine.Dice+1, 0, 0
		if after == 1<<l.rows-1 {
			r.byReserve, r.bySlot = slots, 1
			for i := range (l.cap[m] + 1) * slots {
				s := l.State(g, m, i/slots, i%slots)
				for n := range engine.Dice + 1 {
					w := g.SchoolClose(s, c, n)
					add(w, l.indexIn(after, &w.Next))
				}
			}
			continue
		}
		r.byReserve, r.bySlot = 1, 0
		for slot := range slots {
			w := g.SchoolClose(l.State(g, m, 0, slot), c, 3)
			r.carried[slot] = int32(l.indexIn(after, &w.Next) - l.at(after, w.Next.Reserve, 0))
		}
		// The next index with the column bonus kept moves by the slot
		// carried, and is found at slot 0; lost, it is slot 0.
		for _, w := range l.closes[c][:(l.cap[m]+1)*(engine.Dice+1)] {
			r.writes = append(r.writes, rowWrite{next: int32(l.at(after, int(w.reserve), 0)), total: w.total, kept: w.kept})
		}
	}
}
