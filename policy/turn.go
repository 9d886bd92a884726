package policy

import (
	"math"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
)

// Turn is the play of one state's turn under a policy: the keep for each
// roll with rerolls left and the box for each final roll.
type Turn struct {
	game  *engine.Game
	state engine.State
	// decide[r] is the box of final roll r. decide[j*engine.NumRolls+r],
	// with j rerolls left, is the keep index of roll r's keep, or
	// scoreNow. It lies in the Turn itself, so that a
	// turn's reads stay close together in memory. A turn of a batch
	// reads its keeps from the batch's choices (Plan) or holds them as
	// it does its boxes (Plays.PlanSearching), unknown marking one the batch
	// takes on first use.
	decide [MaxRolls * engine.NumRolls]uint8
	batch  *Batch // nil once every decision is known
	// choices[j-1], with j rerolls left, is the rolls' rows of the
	// batch's keep lattice choices after Plan, where Keep reads the
	// turn's keeps; nil where decide holds them.
	choices [MaxRolls - 1]*lanes.LaneRolls
	// ends is the batch's rollEnds of the turn's lane, nil without a batch.
	ends *[engine.NumRolls]End
	lane uint8 // the turn's lane in batch
	// cup holds every decision of a turn of six dice, whose rolls
	// and keeps the arrays above do not hold; nil for five dice.
	cup *cupTurn
}

// MaxRolls is the most rolls a turn that a policy can play: every game of
// the family has two or three.
const MaxRolls = 3

// scoreNow is the decision to write the dice now, keeping all five.
const scoreNow = math.MaxUint8

// State returns the state whose turn t plays.
func (t *Turn) State() engine.State { return t.state }

// Keep returns the keep for roll r (0..NumRolls()-1 of the game's cup)
// with rollsLeft rerolls left (1..Rolls-1): the keep index of the dice to
// keep, with reroll true; or, when the dice are best written now, the
// roll's own keep index (all the dice kept) with reroll false.
func (t *Turn) Keep(r, rollsLeft int) (keep int, reroll bool) {
	if c := t.choices[rollsLeft-1]; c != nil {
		// The keep lattice's choice: a keep, or the roll itself.
		k := int(c[r][t.lane])
		return k, k < engine.FirstRollKeep
	}
	return t.held(r, rollsLeft)
}

// held returns Keep's answer from the turn's own decisions, the keep
// searched on first use after Plays.PlanSearching. Keep's
// lattice path stays small enough to be inlined without it.
func (t *Turn) held(r, rollsLeft int) (keep int, reroll bool) {
	if t.cup != nil {
		return t.cup.keepAt(r, rollsLeft)
	}
	i := rollsLeft*engine.NumRolls + r
	d := t.decide[i]
	if d == unknown {
		d = t.batch.keep(int(t.lane), r, rollsLeft)
		t.decide[i] = d
	}
	if d == scoreNow {
		return engine.FirstRollKeep + r, false
	}
	return int(d), true
}

// Box returns the category that final roll r is written in.
func (t *Turn) Box(r int) int {
	if t.cup != nil {
		return int(t.cup.box[r])
	}
	if t.decide[r] == unknown {
		t.batch.box(int(t.lane), r)
	}
	return int(t.decide[r])
}

// Place returns the move that writes final roll r in its box, with the
// points, bonuses and next state the rules give it.
func (t *Turn) Place(r int) engine.Placement {
	if t.cup != nil {
		c := t.Box(r)
		return t.game.Write(t.state, c, t.game.Score(c, r))
	}
	if t.batch != nil && special(t.game, t.state, r) {
		return t.batch.specials[t.lane][alike[r]-1]
	}
	return write(t.game, t.state, t.Box(r), r)
}

// End is how a turn ends, in 8 bytes, for a simulation to advance its
// games by: what Place's move gives, the next state as its layout index.
type End struct {
	Next   uint32 // the next state's statespace.Layout index
	Points int16  // the points the move adds, bonuses included
	// UpperBonus and FiveAlikeBonus say whether the move earns the upper
	// bonus and a five-alike bonus.
	UpperBonus, FiveAlikeBonus bool
}

// endOf returns how move pl ends a turn, its next state indexed by l.
func endOf(l statespace.Layout, pl engine.Placement) End {
	return End{Next: uint32(l.Index(pl.Next)), Points: int16(pl.Total()), UpperBonus: pl.Bonus > pl.FiveAlikeBonus, FiveAlikeBonus: pl.FiveAlikeBonus > 0}
}

// End returns how writing final roll r ends the turn: Place's move, as
// a batch's turn has it at hand.
func (t *Turn) End(r int) End {
	if t.cup != nil {
		return t.cup.ends[r]
	}
	if t.decide[r] != unknown {
		if e := t.ends; e != nil {
			return e[r]
		}
	}
	return t.end(r)
}

// end is End where the roll's box is not yet known or the turn has no
// batch, out of End so that End's common path is inlined.
func (t *Turn) end(r int) End {
	if b := t.batch; b != nil {
		b.box(int(t.lane), r)
		return b.rollEnds[t.lane][r]
	}
	return endOf(statespace.NewLayout(t.game), t.Place(r))
}

// write returns the move that writes roll r in box c in state s, as the
// rules place it.
func write(g *engine.Game, s engine.State, c, r int) engine.Placement {
	if special(g, s, r) {
		var buf [16]engine.Placement
		for _, p := range g.Placements(s, r, buf[:0]) {
			if p.Category == c {
				return p
			}
		}
	}
	return g.Write(s, c, g.Score(c, r))
}

// plan computes every decision of state s afresh, in a batch of its own.
// The values are the numbers solver.Turn.Actions ranks: each final roll's
// best placement, float64(points + bonus) + next(next state), which is
// what solver.Turn.Final gives it, then the keeps' values from
// lanes.KeepValues and the rolls' from the best of their sub-keeps, one
// reroll at a time. The choices follow its ranking: the largest value
// wins, and on a tie a box beats a keep, a box earlier on the sheet beats
// a later one, and a keep with a larger keep index beats a smaller one.
func (p *Policy) plan(s engine.State) *Turn {
	b := p.batches.Get().(*Batch)
	defer p.batches.Put(b)
	b.Plan([]engine.State{s})
	if b.cup != nil {
		t := *b.Turn(0)
		t.cup = t.cup.take(p.game.Rolls)
		return &t
	}
	b.Decide()
	t := *b.Turn(0)
	t.batch, t.choices, t.ends = nil, [MaxRolls - 1]*lanes.LaneRolls{}, nil
	return &t
}
