package strategy

import (
	"errors"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
	"dicepoker/tables"
)

// Encode returns t as the bytes of a table file whose values are checked
// whole (tables.Encode), for a table kept elsewhere than in the tables
// directory, such as one served to a browser; Decode reads them back. A
// table read by Peek is checked whole first (Check).
func (t *Table) Encode() ([]byte, error) {
	h, err := t.header()
	if err != nil {
		return nil, err
	}
	return tables.Encode(h, t.Values)
}

// Decode reads the table of g from data, the bytes Encode makes, checked
// as Load checks a file (tables.Decode: the rules, fingerprint and
// checksums, then the number of values and the value of a new game).
// where names the bytes' origin in its errors, as a file's path would.
func Decode(data []byte, g *engine.Game, where string) (*Table, error) {
	h, values, err := tables.Decode(data, expect(g))
	if e, ok := errors.AsType[*tables.Error](err); ok {
		e.Path = where
	}
	if err != nil {
		return nil, err
	}
	l := statespace.NewLayout(g)
	if reason := shape(l, h.States, func(i int) float32 { return values[i] }); reason != "" {
		return nil, &tables.Error{Path: where, Err: tables.ErrCorrupt, Rebuild: SolveCommand(g), Reason: reason}
	}
	return &Table{Game: g, Layout: l, Values: values, Expected: h.Expected, Path: where, turn: solver.NewTurn(g)}, nil
}
