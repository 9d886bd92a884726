package statespace

import (
	"slices"

	"dicepoker/engine"
)

// UpperClasses tells which states of a game have the same future: those
// of one filled set and five-alike box whose upper totals are of one bonus
// class earn the upper bonus in the same futures, so every objective
// values them alike (the solver's own values agree to the bit).
type UpperClasses struct {
	g        *engine.Game
	layout   Layout
	sections map[uint32]upperSection
}

// NewUpperClasses returns the bonus classes of g's states.
func NewUpperClasses(g *engine.Game) *UpperClasses {
	return &UpperClasses{g: g, layout: NewLayout(g), sections: upperSections(g)}
}

// Class returns the bonus class of upper total u with the boxes of filled
// set m filled: the least sum of points still to come in the upper boxes
// that earns the bonus, or -1 when none does or the bonus is paid.
func (c *UpperClasses) Class(m uint32, u int) int {
	return c.sections[m&c.g.UpperMask()].classes[u]
}

// Count returns how many states filled set m has: an upper total the
// filled upper boxes can add up to for each five-alike box state.
func (c *UpperClasses) Count(m uint32) int {
	return len(c.sections[m&c.g.UpperMask()].totals) * flags(c.g, m)
}

// Share calls each(s, i, from) for every state s with filled set m, at
// layout index i, from being the index of the first of them with the
// same five-alike box and an upper total of the same class (i itself
// for that first state). first is scratch of UpperCap()+2 entries. In a
// packed layout, where the states of a class have one entry, it is called
// for the first of them alone.
//
// The upper total matters only for the bonus still to be won, and so only
// through its class (upperSection.class): states of one filled set and
// five-alike box whose totals are of one class have the same future, and
// the first of them stands for all.
func (c *UpperClasses) Share(m uint32, first []int, each func(s engine.State, i, from int)) {
	up := c.sections[m&c.g.UpperMask()]
	// first is by class+1: the index of the class's first state, +1.
	for f := range flags(c.g, m) {
		clear(first)
		for _, u := range up.totals {
			s := engine.State{Filled: m, Upper: u, FullBox: f == 1}
			i := c.layout.Index(s)
			k := up.classes[u] + 1
			switch {
			case first[k] == 0:
				first[k] = i + 1
			case c.layout.packed != nil:
				continue // the class's entry, given already
			}
			each(s, i, first[k]-1)
		}
	}
}

// Standins returns, for each layout index of g's states, the index of
// the state that stands for it: the first of its filled set and
// five-alike box whose upper total is of the same class (see
// upperSection.class), which a solve plays for all of them (Share). Two
// states with one stand-in have the same value to the bit, the same
// points to come from every turn, and next states with one stand-in,
// under any play that decides by values that are the same for them. An
// index that is no state's stands for itself.
func Standins(g *engine.Game) []int32 {
	c := NewUpperClasses(g)
	to := make([]int32, c.layout.Size())
	for i := range to {
		to[i] = int32(i)
	}
	first := make([]int, g.UpperCap()+2)
	for m := range uint32(1 << c.layout.Categories) {
		c.Share(m, first, func(_ engine.State, i, from int) { to[i] = int32(from) })
	}
	return to
}

// upperSection is what the states of a filled set need to know of its
// upper boxes: the totals the filled ones can add up to, and the sums the
// open ones can still add, capped at the bonus threshold, ascending; and
// the class of each total, by total.
type upperSection struct {
	totals  []int
	future  []int
	classes []int
}

// class returns the least future sum that earns the bonus from upper total
// u, or -1 when none does or the bonus is paid: the points to come reach
// the threshold just when they are at least the class. Two totals of one
// class earn the bonus in the same futures, so their states are worth the
// same, to the bit: the same turns over next states that, by the same
// argument one turn later, are worth the same.
func (up upperSection) class(u, threshold int) int {
	if u >= threshold {
		return -1
	}
	i, _ := slices.BinarySearch(up.future, threshold-u)
	if i == len(up.future) {
		return -1
	}
	return up.future[i]
}

// upperSections describes every set of filled upper boxes, by its mask.
func upperSections(g *engine.Game) map[uint32]upperSection {
	upper := g.UpperMask()
	sections := map[uint32]upperSection{}
	// Every submask of upper, the empty one included.
	for m := upper; ; m = (m - 1) & upper {
		up := upperSection{totals: g.UpperTotals(m), future: g.UpperTotals(upper &^ m)}
		up.classes = make([]int, g.UpperCap()+1)
		for u := range up.classes {
			up.classes[u] = up.class(u, g.UpperCap())
		}
		sections[m] = up
		if m == 0 {
			return sections
		}
	}
}

// flags returns how many five-alike box states filled set m has: two when
// the box is filled (it holds its full points or not), else one.
func flags(g *engine.Game, m uint32) int {
	if g.Extra != nil && m&(1<<g.Extra.Box) != 0 {
		return 2
	}
	return 1
}
