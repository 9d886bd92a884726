package engine

import "math/bits"

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
	Points   int // points written in the box
	Bonus    int // bonus points the move earns: upper bonus, five-alike bonus
	// FiveAlikeBonus is the part of Bonus that is the five-alike bonus.
	FiveAlikeBonus int
	Next           State // the state after the move
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
		allowed, joker, bonus = g.FiveAlikeRule(s, Roll(r).highestOfAKind(Dice))
	}
	// The allowed boxes bit by bit, in sheet order, without copying each
	// category (a tenth of an advice with no reroll left).
	for ; allowed != 0; allowed &= allowed - 1 {
		// Place's steps, in line: as a call, an advice with no reroll
		// left took 1.1 to 1.3 times as long.
		c := bits.TrailingZeros32(allowed)
		p := g.Write(s, c, g.PlacedPoints(c, r, joker))
		p.addFiveAlike(bonus)
		buf = append(buf, p)
	}
	return buf
}

// PlacedPoints returns the points roll r scores in box c: its own, or
// the box's joker points where the dice are a joker (FiveAlikeRule).
func (g *Game) PlacedPoints(c, r int, joker bool) int {
	if joker && g.Categories[c].Joker != 0 {
		return g.Categories[c].Joker
	}
	return g.points[c][r]
}

// Place returns the move that writes points in open box c of state s
// with the five-alike bonus bonus, as Placements lists it: the points
// PlacedPoints gives, the bonus FiveAlikeRule's (0 for a roll outside
// the five-alike rules).
func (g *Game) Place(s State, c, points, bonus int) Placement {
	p := g.Write(s, c, points)
	p.addFiveAlike(bonus)
	return p
}

// addFiveAlike adds the five-alike bonus to move p.
func (p *Placement) addFiveAlike(bonus int) {
	p.Bonus += bonus
	p.FiveAlikeBonus = bonus
}

// Write returns the move that writes points in open box c of state s, with
// the upper bonus it earns and the state after it. It leaves out the
// five-alike bonus, which depends on the dice (see Placements).
func (g *Game) Write(s State, c, points int) Placement {
	bonus, next := g.Move(s, c, points)
	return Placement{Category: c, Points: points, Bonus: bonus, Next: next}
}

// Move is Write's bonus and next state alone: two results that stay in
// registers, for the solver's hot loops.
func (g *Game) Move(s State, c, points int) (bonus int, next State) {
	next = s
	next.Filled |= 1 << c
	if g.Categories[c].Upper() && g.Upper.Points != 0 {
		total := s.Upper + points
		if s.Upper < g.Upper.Threshold && total >= g.Upper.Threshold {
			bonus = g.Upper.Points
		}
		next.Upper = min(total, g.Upper.Threshold)
	}
	if g.Extra != nil && c == g.Extra.Box {
		next.FullBox = points == g.Extra.Full
	}
	return bonus, next
}

// PointsMatter reports whether the points written in box c change more than
// the score: the upper total, or the state of the five-alike box. For other
// boxes Write gives the same bonus and next state whatever the points.
func (g *Game) PointsMatter(c int) bool {
	return g.Categories[c].Upper() && g.Upper.Points != 0 || g.Extra != nil && c == g.Extra.Box
}

// FiveAlikeRule says where five dice showing face may go in state s when
// the five-alike box is filled (see Special): the allowed open boxes,
// whether the dice are a joker there (boxes with Joker points score them)
// and the five-alike bonus they earn wherever they go.
func (g *Game) FiveAlikeRule(s State, face int) (allowed uint32, joker bool, bonus int) {
	e := g.Extra
	allowed = ^s.Filled & (1<<len(g.Categories) - 1)
	if s.FullBox {
		bonus = e.Bonus
	}
	if e.Joker != NoJoker && (s.FullBox || !e.JokerNeedsFull) {
		own := g.upperOf[face]
		ownOpen := own >= 0 && s.Open(own)
		joker = !ownOpen
		if e.Joker == ForcedJoker {
			allowed = g.forcedBoxes(allowed, own, ownOpen)
			joker = allowed&g.UpperMask() == 0
		}
	}
	return allowed, joker, bonus
}

// forcedBoxes narrows the open boxes to those the forced joker rule allows:
// the five-alike's own upper box if open, else any open lower box, else any
// open upper box.
func (g *Game) forcedBoxes(open uint32, own int, ownOpen bool) uint32 {
	if ownOpen {
		return 1 << own
	}
	if lower := open &^ g.UpperMask(); lower != 0 {
		return lower
	}
	return open
}

// UpperMask returns the set of upper-section boxes, a bit per category.
func (g *Game) UpperMask() uint32 { return g.upper }
