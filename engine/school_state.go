package engine

import (
	"fmt"
	"strings"
)

// Sizes of the school sheet.
const (
	MaxSchoolRows = 15 // rows of the full school sheet
	MaxColumns    = 5  // the most columns a school sheet may have
)

// SchoolState is one player's school sheet between turns, with just what
// the rest of the game depends on. The zero value is not a new sheet: use
// NewSchoolState.
type SchoolState struct {
	Fill    [MaxSchoolRows]uint8 // cells written in each row, left to right
	Reserve int                  // the reserve, never below 0
	// RowBonus has bit c set while row c's bonus can still be had: every
	// cell of the row written so far qualifies and no one has taken it.
	RowBonus uint16
	// ColBonus has bit j set while column j's bonus can still be had: no
	// cross or zero in it so far and no one has taken it.
	ColBonus uint8
	RowBest  [MaxSchoolRows]uint8 // best cell written in each combination row
	ColBest  [MaxColumns]uint8    // best combination-or-sum cell in each column
}

// NewSchoolState returns the empty sheet of school game g, every bonus in
// reach but those that Options.Taken says others have taken.
func (g *Game) NewSchoolState() SchoolState {
	var s SchoolState
	for c, cat := range g.Categories {
		if g.HasRowBonus(c) && !cat.BonusTaken {
			s.RowBonus |= 1 << c
		}
	}
	s.ColBonus = 1<<g.Columns - 1
	return s
}

// HasRowBonus reports whether row c of the school sheet has a row bonus
// (Category.RowBonus).
func (g *Game) HasRowBonus(c int) bool { return g.Categories[c].RowBonus }

// RowOpen reports whether row c still has an open cell.
func (g *Game) RowOpen(s *SchoolState, c int) bool { return int(s.Fill[c]) < g.Columns }

// SchoolFull reports whether every cell of the sheet is written.
func (g *Game) SchoolFull(s *SchoolState) bool {
	for c := range g.Categories {
		if g.RowOpen(s, c) {
			return false
		}
	}
	return true
}

// SchoolTurnsLeft returns the number of cells still open, the turns left.
func (g *Game) SchoolTurnsLeft(s *SchoolState) int {
	n := 0
	for c := range g.Categories {
		n += g.Columns - int(s.Fill[c])
	}
	return n
}

// Take marks bonuses as taken by another player: bit c of rows for row
// c's bonus, bit j of cols for column j's. They are then out of reach.
func (s *SchoolState) Take(rows uint16, cols uint8) {
	s.RowBonus &^= rows
	s.ColBonus &^= cols
}

// takeRowBonuses marks the row bonuses named in taken, joined by "+", as
// taken before the game starts (Options.Taken), and returns their names
// in sheet order.
func (g *Game) takeRowBonuses(taken string) (string, error) {
	for _, name := range strings.Split(taken, "+") {
		c := g.Category(name)
		switch {
		case c < 0:
			return "", fmt.Errorf("taken: %s is not a row of %s", Quote(name), g.Name)
		case !g.HasRowBonus(c):
			return "", fmt.Errorf("taken: %s has no row bonus", name)
		}
		g.Categories[c].BonusTaken = true
	}
	var names []string
	for _, cat := range g.Categories {
		if cat.BonusTaken {
			names = append(names, cat.Name)
		}
	}
	return strings.Join(names, "+"), nil
}
