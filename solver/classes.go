package solver

import "dicepoker/engine"

// UpperClasses tells which states of a game have the same future: those
// of one filled set and five-alike box whose upper totals are of one bonus
// class earn the upper bonus in the same futures, so every objective
// values them alike (the solver's own values agree to the bit).
type UpperClasses struct {
	g        *engine.Game
	sections map[uint32]upperSection
}

// NewUpperClasses returns the bonus classes of g's states.
func NewUpperClasses(g *engine.Game) *UpperClasses {
	return &UpperClasses{g: g, sections: upperSections(g)}
}

// Class returns the bonus class of upper total u with the boxes of filled
// set m filled: the least sum of points still to come in the upper boxes
// that earns the bonus, or -1 when none does or the bonus is paid.
func (c *UpperClasses) Class(m uint32, u int) int {
	return c.sections[m&c.g.UpperMask()].classes[u]
}
