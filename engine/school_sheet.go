package engine

// SchoolSheet is one player's written school sheet: the cells of each row,
// left to right, the reserve and the bonuses other players have taken.
type SchoolSheet struct {
	Cells   [][]SchoolEntry // Cells[c]: the written cells of row c, in column order
	Reserve int
	// TakenRows and TakenCols are the bonuses another player has taken, a
	// bit per row and per column.
	TakenRows uint16
	TakenCols uint8
}

// NewSchoolSheet returns the empty sheet of school game g.
func (g *Game) NewSchoolSheet() SchoolSheet {
	return SchoolSheet{Cells: make([][]SchoolEntry, len(g.Categories))}
}

// qualifies reports whether a cell keeps its row's bonus in reach: a
// School cell closed without the reserve, a combination cell with points.
func (e SchoolEntry) qualifies() bool { return e.Mark == Closed || e.Mark == Scored }

// State returns the state between turns that the sheet is in.
func (sh *SchoolSheet) State(g *Game) SchoolState {
	s := g.NewSchoolState()
	for c, row := range sh.Cells {
		s.Fill[c] = uint8(len(row))
		for j, e := range row {
			if !e.qualifies() {
				s.RowBonus &^= 1 << c
			}
			if e.Mark == Zeroed || e.Mark == Crossed {
				s.ColBonus &^= 1 << j
			}
			if e.Mark == Scored {
				s.RowBest[c] = max(s.RowBest[c], uint8(e.Points))
				s.ColBest[j] = max(s.ColBest[j], uint8(e.Points))
			}
		}
	}
	s.Reserve = sh.Reserve
	s.Take(sh.TakenRows, sh.TakenCols)
	for c := range g.Categories {
		if !g.RowOpen(&s, c) {
			s.RowBonus &^= 1 << c // earned already
		}
	}
	for j := range g.Columns {
		if g.columnFull(&s, j) {
			s.ColBonus &^= 1 << j
		}
	}
	return s
}

// columnFull reports whether column j of s is written in every row.
func (g *Game) columnFull(s *SchoolState, j int) bool {
	for c := range g.Categories {
		if int(s.Fill[c]) <= j {
			return false
		}
	}
	return true
}

// Bonuses returns the row and column bonuses the sheet has earned: those
// complete with every cell qualifying that no other player took.
func (sh *SchoolSheet) Bonuses(g *Game) int {
	b := 0
	for c := range sh.Cells {
		b += sh.RowBonus(g, c)
	}
	for j := range g.Columns {
		b += sh.ColumnBonus(g, j)
	}
	return b
}

// RowBonus returns the bonus row c has earned: 5 times the face for a
// School row, the best cell for a combination row, once every cell of
// the row is written and qualifies and no other player took it; else 0.
func (sh *SchoolSheet) RowBonus(g *Game, c int) int {
	row := sh.Cells[c]
	full := len(row) == g.Columns && g.HasRowBonus(c) && sh.TakenRows&(1<<c) == 0
	best := 0
	for _, e := range row {
		full = full && e.qualifies()
		if e.Mark == Scored {
			best = max(best, e.Points)
		}
	}
	switch {
	case !full:
		return 0
	case g.Categories[c].School:
		return 5 * g.Categories[c].Face
	}
	return best
}

// ColumnBonus returns the bonus column j has earned, its best combination
// or sum cell, once every row has its cell there, none a zero or a cross,
// and no other player took it; else 0.
func (sh *SchoolSheet) ColumnBonus(g *Game, j int) int {
	if sh.TakenCols&(1<<j) != 0 {
		return 0
	}
	best := 0
	for _, row := range sh.Cells {
		if len(row) <= j || row[j].Mark == Zeroed || row[j].Mark == Crossed {
			return 0
		}
		if row[j].Mark == Scored {
			best = max(best, row[j].Points)
		}
	}
	return best
}

// Score returns the sheet's total so far: cells, bonuses and reserve, a
// zero counting Zero.
func (sh *SchoolSheet) Score(g *Game) int {
	t := sh.Reserve + sh.Bonuses(g)
	for _, row := range sh.Cells {
		for _, e := range row {
			t += e.Value()
		}
	}
	return t
}

// Apply writes w, a write of the sheet's state, on the sheet.
func (sh *SchoolSheet) Apply(w SchoolWrite) {
	sh.Cells[w.Row] = append(sh.Cells[w.Row], w.Cell)
	sh.Reserve += w.Reserve
}
