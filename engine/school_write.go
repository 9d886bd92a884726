package engine

// SchoolMark says what a written cell of the school sheet holds.
type SchoolMark uint8

// The marks of a written cell.
const (
	Closed        SchoolMark = iota + 1 // a School cell closed with three or more dice (x)
	ClosedReserve                       // a School cell closed with help from the reserve (r)
	Zeroed                              // a School cell that could not close: SchoolRules.Zero points (0)
	Crossed                             // a combination cell crossed out (-)
	Scored                              // a combination cell with points
)

// SchoolEntry is one written cell of the school sheet.
type SchoolEntry struct {
	Mark SchoolMark
	// Points are the points of a Scored cell, and what a Zeroed one counts
	// (SchoolRules.Zero); 0 for the others.
	Points int
}

// Value returns what the cell counts in the total: its points, 0 for a
// closed or crossed-out cell.
func (c SchoolEntry) Value() int { return c.Points }

// SchoolWrite is one legal way to fill the next open cell of a row.
type SchoolWrite struct {
	Row, Column int
	Cell        SchoolEntry
	Reserve     int // the change of the reserve
	Bonus       int // row and column bonuses this write earns
	// EarnedRows and EarnedCols are the bonuses earned, a bit per row and
	// per column, to take away from the other players.
	EarnedRows uint16
	EarnedCols uint8
	Next       SchoolState // the sheet afterwards
}

// Total returns what the write adds to the total: the cell, the change
// of the reserve and the bonuses.
func (w SchoolWrite) Total() int { return w.Cell.Value() + w.Reserve + w.Bonus }

// SchoolClose writes a roll with count dice of its face in School row c,
// which must be open: it closes, with or without the reserve, or takes a
// zero (see CloseSchool).
func (g *Game) SchoolClose(s SchoolState, c, count int) (w SchoolWrite) {
	face := g.Categories[c].Face
	var dice Multiset
	dice[face-1] = uint8(count)
	cell := CloseSchool(face, dice, s.Reserve)
	w.Row, w.Column, w.Reserve, w.Next = c, int(s.Fill[c]), cell.Reserve-s.Reserve, s
	w.Next.Reserve = cell.Reserve
	switch {
	case !cell.Closed:
		w.Cell = SchoolEntry{Mark: Zeroed, Points: g.School.Zero}
		w.Next.RowBonus &^= 1 << c
		w.Next.ColBonus &^= 1 << w.Column
	case cell.UsedReserve:
		w.Cell.Mark = ClosedReserve
		w.Next.RowBonus &^= 1 << c
	default:
		w.Cell.Mark = Closed
	}
	g.settle(&w, g.RowBonusOf(c))
	return w
}

// SchoolScore writes points in combination row c, which must be open:
// points > 0 is a score (already doubled if fresh), 0 crosses the cell out.
func (g *Game) SchoolScore(s SchoolState, c, points int) (w SchoolWrite) {
	// Set field by field in the result: a composite literal is built
	// aside and copied, 8% of a three-column simulation.
	w.Row, w.Column, w.Next = c, int(s.Fill[c]), s
	if points == 0 {
		w.Cell.Mark = Crossed
		w.Next.RowBonus &^= 1 << c
		w.Next.ColBonus &^= 1 << w.Column
	} else {
		w.Cell = SchoolEntry{Mark: Scored, Points: points}
		p := uint8(points)
		w.Next.RowBest[c] = max(w.Next.RowBest[c], p)
		w.Next.ColBest[w.Column] = max(w.Next.ColBest[w.Column], p)
	}
	g.settle(&w, int(w.Next.RowBest[c]))
	return w
}

// settle fills the cell of w in its next state and pays the bonuses it
// completes: the row's (rowBonus points) and the column's.
func (g *Game) settle(w *SchoolWrite, rowBonus int) {
	n := &w.Next
	n.Fill[w.Row]++
	if int(n.Fill[w.Row]) == g.Columns && n.RowBonus&(1<<w.Row) != 0 {
		w.Bonus += rowBonus
		w.EarnedRows |= 1 << w.Row
		n.RowBonus &^= 1 << w.Row
	}
	if n.ColBonus&(1<<w.Column) == 0 {
		return
	}
	for c := range g.Categories {
		if int(n.Fill[c]) <= w.Column {
			return
		}
	}
	w.Bonus += int(n.ColBest[w.Column])
	w.EarnedCols |= 1 << w.Column
	n.ColBonus &^= 1 << w.Column
}

// SchoolMoves appends to buf every legal write of roll r in state s, fresh
// telling whether the dice came from a roll of all five: each open School
// row closes or takes a zero; each open combination row scores (doubled
// when fresh) if its condition holds, and may always be crossed out.
func (g *Game) SchoolMoves(s SchoolState, r int, fresh bool, buf []SchoolWrite) []SchoolWrite {
	for c, cat := range g.Categories {
		if !g.RowOpen(&s, c) {
			continue
		}
		if cat.School {
			buf = append(buf, g.SchoolClose(s, c, Roll(r).Count(cat.Face)))
			continue
		}
		if p := g.SchoolPoints(c, r, fresh); p > 0 {
			buf = append(buf, g.SchoolScore(s, c, p))
		}
		buf = append(buf, g.SchoolScore(s, c, 0))
	}
	return buf
}
