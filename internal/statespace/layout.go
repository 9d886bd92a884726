package statespace

import (
	"math/bits"
	"slices"

	"dicepoker/engine"
)

// Layout is the dense index of a game's states: the filled set, then the
// capped upper total, then the five-alike box flag, so that the states of
// one filled set lie together.
//
// A game of six dice is packed instead: its upper totals are told apart
// only by their bonus class (UpperClasses), one entry a class of the
// totals that the filled upper boxes can make, so that every entry is a
// state a solve plays. States of one class share an entry, and a total
// that no state has shares the entry of some class.
type Layout struct {
	Categories int // boxes on the sheet
	Uppers     int // upper totals told apart: 0..UpperCap
	Flags      int // 2 when the game has a five-alike box, else 1
	packed     *packing
}

// packing is a packed layout's index: the upper boxes are the low bits
// of the filled set, and each set of filled lower boxes has perLower
// entries, the classes of each set of filled upper boxes in turn.
type packing struct {
	uppers   int   // the upper boxes, bits 0..uppers-1 of the filled set
	perLower int   // entries for each set of filled lower boxes
	offset   []int // by filled upper set: its first entry among the perLower
	// class[u][t] is the entry, after offset[u], of upper total t with
	// the filled upper set u; first[u][e] is the least total of entry e.
	class [][]int32
	first [][]int
}

// NewLayout returns the state layout of g.
func NewLayout(g *engine.Game) Layout {
	l := Layout{Categories: len(g.Categories), Uppers: g.UpperCap() + 1, Flags: 1}
	if g.Extra != nil {
		l.Flags = 2
	}
	upper := g.UpperMask()
	if g.Dice != engine.Dice && l.Flags == 1 && upper&(upper+1) == 0 {
		l.packed = pack(g, bits.OnesCount32(upper))
	}
	return l
}

// pack returns the packed index of g, whose upper boxes are its first
// uppers boxes.
func pack(g *engine.Game, uppers int) *packing {
	p := &packing{uppers: uppers, offset: make([]int, 1<<uppers), class: make([][]int32, 1<<uppers), first: make([][]int, 1<<uppers)}
	sections := upperSections(g)
	for u := range 1 << uppers {
		up := sections[uint32(u)]
		p.offset[u] = p.perLower
		var classes []int // the class of each entry
		for _, t := range up.totals {
			if !slices.Contains(classes, up.classes[t]) {
				classes = append(classes, up.classes[t])
				p.first[u] = append(p.first[u], t)
			}
		}
		p.class[u] = make([]int32, len(up.classes))
		for t, c := range up.classes {
			p.class[u][t] = int32(max(slices.Index(classes, c), 0))
		}
		p.perLower += len(classes)
	}
	return p
}

// Size returns the number of entries in the index, reachable or not.
func (l Layout) Size() int {
	if p := l.packed; p != nil {
		return (1 << (l.Categories - p.uppers)) * p.perLower
	}
	return (1 << l.Categories) * l.Uppers * l.Flags
}

// Index returns the position of state s.
func (l Layout) Index(s engine.State) int {
	if p := l.packed; p != nil {
		u := s.Filled & (1<<p.uppers - 1)
		return int(s.Filled>>p.uppers)*p.perLower + p.offset[u] + int(p.class[u][s.Upper])
	}
	i := (int(s.Filled)*l.Uppers + s.Upper) * l.Flags
	if s.FullBox {
		i++
	}
	return i
}

// State returns the state at position i: in a packed layout, the one
// with the least upper total of its entry.
func (l Layout) State(i int) engine.State {
	if p := l.packed; p != nil {
		lower, e := i/p.perLower, i%p.perLower
		u, _ := slices.BinarySearch(p.offset, e+1)
		u-- // the last set whose entries start at e or before
		return engine.State{Filled: uint32(lower<<p.uppers | u), Upper: p.first[u][e-p.offset[u]]}
	}
	flag := i % l.Flags
	i /= l.Flags
	return engine.State{Filled: uint32(i / l.Uppers), Upper: i % l.Uppers, FullBox: flag == 1}
}
