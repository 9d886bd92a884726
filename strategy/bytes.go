package strategy

import (
	"errors"
	"fmt"
	"math"

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
	if err := t.Check(); err != nil {
		return nil, err
	}
	g := t.Game
	return tables.Encode(tables.Header{Game: g.Name, Options: g.Options.String(), Fingerprint: g.Fingerprint(),
		Expected: t.Expected, States: uint64(len(t.Values))}, t.Values)
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
	reason := ""
	switch {
	case h.States != uint64(l.Size()):
		reason = fmt.Sprintf("%d values, the game has %d states", h.States, l.Size())
	case math.IsNaN(float64(values[l.Index(engine.State{})])):
		reason = "no value for a new game"
	}
	if reason != "" {
		return nil, &tables.Error{Path: where, Err: tables.ErrCorrupt, Rebuild: SolveCommand(g), Reason: reason}
	}
	return &Table{Game: g, Layout: l, Values: values, Expected: h.Expected, Path: where, turn: solver.NewTurn(g)}, nil
}
