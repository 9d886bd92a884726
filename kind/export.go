package kind

import (
	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/export"
)

// States returns every state of g with its exact value, from the table
// of a single sheet or of one-column school; school with more columns
// has only an estimate of their value, and is refused.
func States(o advice.Opener, g *engine.Game) (*export.Rows, error) { return Of(g).states(o) }

// Positions returns the positions that optimal play of g meets, sampled
// as s says, with their actions ranked; school with more columns is not
// solved exactly, so its values would be estimates, and is refused.
func Positions(o advice.Opener, g *engine.Game, s export.Sample) (*export.Rows, error) {
	return Of(g).positions(o, s)
}
