package school

import (
	"fmt"
	"slices"
	"sort"

	"dicepoker/engine"
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
}

// NewLayout returns the layout of one-column school game g (the full
// sheet or a subset of its rows).
func NewLayout(g *engine.Game) (*Layout, error) {
	if g.Columns != 1 {
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
	slot := 0
	if s.ColBonus&1 != 0 {
		slot = int(l.slot[m][s.ColBest[0]])
	}
	return l.offset[m] + min(s.Reserve, l.cap[m])*l.slots(m) + slot
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
