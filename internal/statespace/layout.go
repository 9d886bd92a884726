package statespace

import "dicepoker/engine"

// Layout is the dense index of a game's states: the filled set, then the
// capped upper total, then the five-alike box flag, so that the states of
// one filled set lie together.
type Layout struct {
	Categories int // boxes on the sheet
	Uppers     int // upper totals told apart: 0..UpperCap
	Flags      int // 2 when the game has a five-alike box, else 1
}

// NewLayout returns the state layout of g.
func NewLayout(g *engine.Game) Layout {
	l := Layout{Categories: len(g.Categories), Uppers: g.UpperCap() + 1, Flags: 1}
	if g.Extra != nil {
		l.Flags = 2
	}
	return l
}

// Size returns the number of entries in the index, reachable or not.
func (l Layout) Size() int { return (1 << l.Categories) * l.Uppers * l.Flags }

// Index returns the position of state s.
func (l Layout) Index(s engine.State) int {
	i := (int(s.Filled)*l.Uppers + s.Upper) * l.Flags
	if s.FullBox {
		i++
	}
	return i
}

// State returns the state at position i.
func (l Layout) State(i int) engine.State {
	flag := i % l.Flags
	i /= l.Flags
	return engine.State{Filled: uint32(i / l.Uppers), Upper: i % l.Uppers, FullBox: flag == 1}
}
