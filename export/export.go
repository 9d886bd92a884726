// Package export lays out what the solver knows as plain tables for other
// programs (pandas, polars, R): every state of a game with its value, or
// sampled positions with the value of each of their actions, as rows of
// named, typed columns. Package export/format writes them as files.
package export

import (
	"math"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// Rows is an export: its columns, and the rows it sends to a writer.
type Rows struct {
	Columns []Column
	// rows calls emit with each row in turn, and stops at its first error.
	rows func(row func([]any) error) error
}

// Each calls row with each row in turn, its values one a column in
// column order, and stops at the first error row returns, which it
// returns. The slice may be reused: row must not keep it.
func (t *Rows) Each(row func([]any) error) error { return t.rows(row) }

// Kind is the type of a column's values.
type Kind int

// The kinds of column, with the Go type of their values in a row.
const (
	Int     Kind = iota // int
	Float               // float64
	Float32             // float32: a strategy table's values, written exactly
	Bool                // bool
	Text                // string
	Dice                // []int, face numbers 1..6 in ascending order
)

// Column is one column of an export.
type Column struct {
	Name string
	Kind Kind
}

// States is every state of a single-sheet game that can occur, in the
// order of the table's index, one row each:
//
//	index            the state's position in the table's payload
//	filled           how many boxes are filled (the turn is filled+1)
//	ones, twos, ...  one column a box, in sheet order: whether it is filled
//	upper            the upper total, capped at the bonus threshold (0 without an upper bonus)
//	upper-bonus      whether the bonus is earned (games with an upper bonus)
//	yahtzee-50, ...  whether the five-alike box holds its full points (games with a five-alike bonus)
//	value            the optimal expected sum of the points still to come (float32, as stored)
//
// States that cannot occur (an upper total the filled boxes cannot make)
// have no value in the table and no row here.
func States(t *strategy.Table) *Rows {
	g := t.Game
	cols := append(boxColumns(g), Column{"upper", Int})
	if g.Upper.Points != 0 {
		cols = append(cols, Column{"upper-bonus", Bool})
	}
	if g.FullBoxKey() != "" {
		cols = append(cols, Column{g.FullBoxKey(), Bool})
	}
	cols = append(cols, Column{"value", Float32})
	return &Rows{Columns: cols, rows: func(emit func([]any) error) error {
		row := make([]any, len(cols))
		for i, v := range t.Values {
			if math.IsNaN(float64(v)) {
				continue
			}
			s := t.Layout.State(i)
			row = append(row[:0], i, bits.OnesCount32(s.Filled))
			for c := range g.Categories {
				row = append(row, !s.Open(c))
			}
			row = append(row, s.Upper)
			if g.Upper.Points != 0 {
				row = append(row, s.Upper >= g.Upper.Threshold)
			}
			if g.FullBoxKey() != "" {
				row = append(row, s.FullBox)
			}
			if err := emit(append(row, v)); err != nil {
				return err
			}
		}
		return nil
	}}
}

// SchoolStates is every state of the exact table of one-column school,
// in the order of its index, one row each:
//
//	index            the state's position in the table's payload
//	filled           how many rows are written (the turn is filled+1)
//	ones, ..., sum   one column a row, in sheet order: whether it is written
//	reserve          the reserve, capped at what the open School rows could still take from it
//	column-bonus     whether the column bonus is still in reach
//	best             the best combination-or-sum cell so far, while the bonus is in reach, as the
//	                 index tells it apart: 0 for any cell no larger than the least that an open
//	                 combination row must still score
//	value            the optimal expected sum of what is still to come (float32, as stored)
//
// Each index stands for the states that play and score alike; its row
// shows one of them.
func SchoolStates(t *school.Exact) *Rows {
	g := t.Game
	cols := append(boxColumns(g), []Column{{"reserve", Int}, {"column-bonus", Bool}, {"best", Int}, {"value", Float32}}...)
	return &Rows{Columns: cols, rows: func(emit func([]any) error) error {
		row := make([]any, len(cols))
		for i, v := range t.Values {
			s := t.Layout.StateAt(g, i)
			filled := 0
			row = append(row[:0], i, 0)
			for c := range g.Categories {
				row = append(row, s.Fill[c] != 0)
				filled += int(s.Fill[c])
			}
			row[1] = filled
			inReach := s.ColBonus&1 != 0
			best := 0
			if inReach {
				best = int(s.ColBest[0])
			}
			if err := emit(append(row, s.Reserve, inReach, best, v)); err != nil {
				return err
			}
		}
		return nil
	}}
}

// boxColumns are the columns every export of states starts with: the
// index, the boxes filled and, for each box, whether it is.
func boxColumns(g *engine.Game) []Column {
	cols := []Column{{"index", Int}, {"filled", Int}}
	for _, c := range g.Categories {
		cols = append(cols, Column{c.Name, Bool})
	}
	return cols
}
