package policy

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
)

// Policy plays a single-sheet game by the values of the states between
// turns: each turn it takes the action with the largest expected value.
// It is safe for concurrent use.
type Policy struct {
	game   *engine.Game
	next   solver.Values
	layout statespace.Layout
	boxes  []box    // per category, how its points are valued (five dice)
	levels int      // the boxes' levels together
	rowBox []uint8  // the box of each of those levels, by its row
	cup    *cupGame // a game of six dice plays by it, not by boxes

	batches sync.Pool // *Batch, for plan

	once  sync.Once
	cache []atomic.Pointer[Turn] // by layout index, filled on first use

	standins func() []int32 // Standins, worked out on first use
}

// New returns the policy that plays g by the state values next: in every
// position it takes the action that solver.Turn.Actions ranks first with
// those values. School sheets are refused with engine.ErrNotSingleSheet,
// and games with more than MaxRolls rolls a turn, an upper bonus
// threshold above 255, a box that scores more than lanes.Levels
// different points or totals beyond 16 bits (none of the family's
// games).
func New(g *engine.Game, next solver.Values) (*Policy, error) {
	if err := g.SingleSheet("cannot be played by a policy yet"); err != nil {
		return nil, err
	}
	if g.Rolls > MaxRolls {
		return nil, fmt.Errorf("%s has %d rolls a turn, a policy plays at most %d", g.Name, g.Rolls, MaxRolls)
	}
	if g.UpperCap() > math.MaxUint8 {
		return nil, fmt.Errorf("%s: an upper bonus threshold of %d, a policy plays at most %d", g.Name, g.UpperCap(), math.MaxUint8)
	}
	tablesOnce.Do(buildTables)
	p := &Policy{game: g, next: next, layout: statespace.NewLayout(g)}
	levels := boxLevels(g)
	if g.Dice == engine.Dice {
		p.boxes = newBoxes(g, levels)
	} else {
		p.cup = newCupGame(g, levels)
	}
	for c, ls := range levels {
		if len(ls) > lanes.Levels {
			return nil, fmt.Errorf("%s: box %s scores %d different points, a policy tells at most %d apart", g.Name, g.Categories[c].Name, len(ls), lanes.Levels)
		}
	}
	for c, b := range p.boxes {
		p.levels += len(b.levels)
		for range b.levels {
			p.rowBox = append(p.rowBox, uint8(c))
		}
	}
	// A game's total, and so every move's points, must fit the 16 bits
	// that End and a simulated game keep: the most each box can score,
	// the upper bonus and a five-alike bonus for every other box.
	most, least := g.Upper.Points, 0
	for c, ls := range levels {
		most += max(ls[len(ls)-1], g.Categories[c].Joker)
		least += min(ls[0], 0)
	}
	if g.Extra != nil {
		most += (len(g.Categories) - 1) * g.Extra.Bonus
	}
	if most > math.MaxInt16 || least < math.MinInt16 {
		return nil, fmt.Errorf("%s: totals from %d to %d, a policy plays totals of %d to %d", g.Name, least, most, math.MinInt16, math.MaxInt16)
	}
	p.batches.New = func() any { return p.NewBatch() }
	p.standins = sync.OnceValue(p.findStandins)
	return p, nil
}

// Standins returns, by layout index, the state that stands for each in
// this policy's play, as statespace.Standins has them, where the policy's
// values are the same for every state and its stand-in to the bit, as
// a solve's are: then the two take the same decisions, score the same
// points and go to next states with one stand-in, turn after turn. With
// other values each state stands for itself. The slice is shared: it must
// not be changed.
func (p *Policy) Standins() []int32 { return p.standins() }

// findStandins is Standins worked out: statespace.Standins checked against
// the values.
func (p *Policy) findStandins() []int32 {
	to := statespace.Standins(p.game)
	for i, s := range to {
		if int(s) != i && math.Float64bits(p.next(p.layout.State(i))) != math.Float64bits(p.next(p.layout.State(int(s)))) {
			for i := range to {
				to[i] = int32(i)
			}
			break
		}
	}
	return to
}

// Greedy returns the greedy baseline policy of g: every state after the
// turn is worth 0, so each turn maximises its own expected points, bonuses
// included. It takes the box that scores the most for the final dice (the
// first in sheet order on a tie) and keeps the dice that give the most
// expected points this turn.
func Greedy(g *engine.Game) (*Policy, error) {
	return New(g, func(engine.State) float64 { return 0 })
}

// Game returns the game the policy plays.
func (p *Policy) Game() *engine.Game { return p.game }

// Turn returns the decisions of state s, computing them on first use and
// caching them for later calls.
func (p *Policy) Turn(s engine.State) *Turn {
	p.once.Do(func() { p.cache = make([]atomic.Pointer[Turn], p.layout.Size()) })
	slot := &p.cache[p.layout.Index(s)]
	if t := slot.Load(); t != nil {
		return t
	}
	t := p.plan(s)
	if slot.CompareAndSwap(nil, t) {
		return t
	}
	// Another goroutine planned the same state at the same time; its
	// decisions are the same.
	return slot.Load()
}
