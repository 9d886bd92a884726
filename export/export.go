package export

import (
	"io"
	"math"
	"math/bits"

	"dicepoker/strategy"
)

// Table is an export: its columns, and the rows it sends to a writer.
type Table struct {
	Columns []Column
	// rows calls row for each row in turn, and stops at its first error.
	rows func(row func([]any) error) error
}

// Write writes t to out in format f and returns the rows written.
func (t *Table) Write(out io.Writer, f Format) (int, error) {
	w, err := newWriter(out, f, t.Columns)
	if err != nil {
		return 0, err
	}
	n := 0
	err = t.rows(func(row []any) error {
		n++
		return w.write(row)
	})
	if err != nil {
		return n, err
	}
	return n, w.close()
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
func States(t *strategy.Table) *Table {
	g := t.Game
	cols := []Column{{"index", Int}, {"filled", Int}}
	for _, c := range g.Categories {
		cols = append(cols, Column{c.Name, Bool})
	}
	cols = append(cols, Column{"upper", Int})
	if g.Upper.Points != 0 {
		cols = append(cols, Column{"upper-bonus", Bool})
	}
	if g.FullBoxKey() != "" {
		cols = append(cols, Column{g.FullBoxKey(), Bool})
	}
	cols = append(cols, Column{"value", Float32})
	return &Table{Columns: cols, rows: func(emit func([]any) error) error {
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
