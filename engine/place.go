package engine

// State is a single-sheet game between turns, with just what the future
// depends on: the filled boxes, the upper total (capped at UpperCap) and
// whether the five-alike box holds its full points.
type State struct {
	Filled  uint32 // bit c set: category c is filled
	Upper   int    // upper-section total, capped at the game's UpperCap
	FullBox bool   // the five-alike box holds FiveAlike.Full
}

// Open reports whether category c is still open in s.
func (s State) Open(c int) bool { return s.Filled&(1<<c) == 0 }

// Placement is one legal way to write the final dice of a turn.
type Placement struct {
	Category int
	Points   int   // points written in the box
	Bonus    int   // bonus points the move earns: upper bonus, five-alike bonus
	Next     State // the state after the move
}

// Total returns the points the move adds to the score.
func (p Placement) Total() int { return p.Points + p.Bonus }

// Special reports whether roll r in state s falls under the five-alike
// rules (bonus or joker), where Placements differs from writing the plain
// points in any open box.
func (g *Game) Special(s State, r int) bool {
	e := g.Extra
	return e != nil && !s.Open(e.Box) && Roll(r).maxCount() == Dice
}

// Placements appends to buf every legal way to write roll r in state s: the
// open boxes the placement rules allow, with the points, bonuses and next
// state of each.
func (g *Game) Placements(s State, r int, buf []Placement) []Placement {
	allowed := ^s.Filled & (1<<len(g.Categories) - 1)
	bonus, joker := 0, false
	if g.Special(s, r) {
		e := g.Extra
		if s.FullBox {
			bonus = e.Bonus
		}
		if e.Joker != NoJoker && (s.FullBox || !e.JokerNeedsFull) {
			own := g.upperOf[Roll(r).highestOfAKind(Dice)]
			ownOpen := own >= 0 && s.Open(own)
			joker = !ownOpen
			if e.Joker == ForcedJoker {
				allowed = g.forcedBoxes(allowed, own, ownOpen)
				joker = allowed&g.upperMask() == 0
			}
		}
	}
	for c := range g.Categories {
		if allowed&(1<<c) == 0 {
			continue
		}
		cat := g.Categories[c]
		p := Placement{Category: c, Points: g.points[c][r], Bonus: bonus, Next: s}
		if joker && cat.Joker != 0 {
			p.Points = cat.Joker
		}
		p.Next.Filled |= 1 << c
		if cat.Upper() && g.Upper.Points != 0 {
			total := s.Upper + p.Points
			if s.Upper < g.Upper.Threshold && total >= g.Upper.Threshold {
				p.Bonus += g.Upper.Points
			}
			p.Next.Upper = min(total, g.Upper.Threshold)
		}
		if g.Extra != nil && c == g.Extra.Box {
			p.Next.FullBox = p.Points == g.Extra.Full
		}
		buf = append(buf, p)
	}
	return buf
}

// forcedBoxes narrows the open boxes to those the forced joker rule allows:
// the five-alike's own upper box if open, else any open lower box, else any
// open upper box.
func (g *Game) forcedBoxes(open uint32, own int, ownOpen bool) uint32 {
	if ownOpen {
		return 1 << own
	}
	if lower := open &^ g.upperMask(); lower != 0 {
		return lower
	}
	return open
}

// upperMask returns the set of upper-section boxes.
func (g *Game) upperMask() uint32 {
	var m uint32
	for c, cat := range g.Categories {
		if cat.Upper() {
			m |= 1 << c
		}
	}
	return m
}
