package engine

import (
	"fmt"
	"strconv"
	"strings"
)

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
	for _, cb := range sh.ColumnBonuses(g) {
		b += cb
	}
	return b
}

// ColumnBonuses returns each column's bonus (ColumnBonus), a column at a
// time from the first.
func (sh *SchoolSheet) ColumnBonuses(g *Game) []int {
	bs := make([]int, g.Columns)
	for j := range bs {
		bs[j] = sh.ColumnBonus(g, j)
	}
	return bs
}

// Earned returns the bonuses the sheet has earned, a bit per row and per
// column: those Bonuses counts.
func (sh *SchoolSheet) Earned(g *Game) (rows uint16, cols uint8) {
	for c := range sh.Cells {
		if sh.RowBonus(g, c) > 0 {
			rows |= 1 << c
		}
	}
	for j := range g.Columns {
		if sh.ColumnBonus(g, j) > 0 {
			cols |= 1 << j
		}
	}
	return rows, cols
}

// RowBonus returns the bonus row c has earned: RowBonusOf for a School
// row, the best cell for a combination row, once every cell of
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
		return g.RowBonusOf(c)
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
// zero counting SchoolRules.Zero.
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

// schoolMarks are the notation's marks of the written cells that hold no points.
var schoolMarks = map[SchoolMark]string{Closed: "x", ClosedReserve: "r", Zeroed: "0", Crossed: "-"}

// String writes the cell as the sheet notation does: its mark (x, r, 0,
// -) or its points.
func (e SchoolEntry) String() string {
	if m, ok := schoolMarks[e.Mark]; ok {
		return m
	}
	return strconv.Itoa(e.Points)
}

// Format writes the sheet in the notation ParseSchoolSheet reads: the
// written rows in sheet order, "ones=x/r,pair=12/-", then the reserve
// when it is not 0 and the bonuses others took, "taken=twos+column2";
// "" for a new sheet. ParseSchoolSheet gives the sheet back.
func (sh *SchoolSheet) Format(g *Game) string {
	var items, taken []string
	for c, row := range sh.Cells {
		if len(row) == 0 {
			continue
		}
		cells := make([]string, len(row))
		for j, e := range row {
			cells[j] = e.String()
		}
		items = append(items, g.Categories[c].Name+"="+strings.Join(cells, "/"))
	}
	if sh.Reserve != 0 {
		items = append(items, fmt.Sprintf("reserve=%d", sh.Reserve))
	}
	for c, cat := range g.Categories {
		if sh.TakenRows&(1<<c) != 0 {
			taken = append(taken, cat.Name)
		}
	}
	for j := range g.Columns {
		if sh.TakenCols&(1<<j) != 0 {
			taken = append(taken, fmt.Sprintf("column%d", j+1))
		}
	}
	if len(taken) > 0 {
		items = append(items, "taken="+strings.Join(taken, "+"))
	}
	return strings.Join(items, ",")
}
