package kind

import (
	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/export"
)

// States returns every state of g with its exact value, from the table
// of a single sheet or of one-column school; school with more columns
// has only an estimate of their value, and is refused.
func (o Opener) States(g *engine.Game) (*export.Table, error) {
	switch {
	case g.Columns > 1:
		return nil, advice.Fieldf("{what} states: school with %d columns has no table of states, only an estimate of their value; use {columns} 1", g.Columns)
	case g.Columns == 1:
		t, err := o.Exact(g)
		if err != nil {
			return nil, err
		}
		return export.SchoolStates(t), nil
	}
	t, err := o.Table(g)
	if err != nil {
		return nil, err
	}
	return export.States(t), nil
}

// Positions returns the positions that optimal play of g meets, sampled
// as s says, with their actions ranked; school with more columns is not
// solved exactly, so its values would be estimates, and is refused.
func (o Opener) Positions(g *engine.Game, s export.Sample) (*export.Table, error) {
	if g.Columns > 1 {
		return nil, advice.Fieldf("{what} positions: school with %d columns is not solved exactly, so its values would be estimates; use {columns} 1", g.Columns)
	}
	adv, err := advice.Advisor(o, g)
	if err != nil {
		return nil, err
	}
	return export.Positions(g, adv, s), nil
}
