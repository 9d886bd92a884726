package policy

import (
	"math"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Batch works out the turns of up to lanes.Lanes states of a policy
// together, in the solver's lanes: the value of every final roll and of
// every keep with each number of rerolls left, for all its states at
// once, and from them each roll's keep (the keep lattice's choices). A
// final roll's box is taken on first use (see Turn), so a state that one
// game meets costs its values and the box or so that game asks for. A
// Batch, and the turns it gives, are for one goroutine at a time.
type Batch struct {
	p     *Policy
	turns [lanes.Lanes]Turn
	n     int // states in the batch
	// open[j][:opens[j]] lists the boxes open in lane j, in sheet order.
	open  [lanes.Lanes][32]uint8
	opens [lanes.Lanes]int
	// values[b.base+l][j] is what writing level l of box b is worth in
	// lane j (see box.values); -Inf where the box is closed. Rows past
	// p.levels let each box's rows be seen as a lanes.LaneLevels.
	values [][lanes.Lanes]float64
	// levels[c] is box c for MaxByBoxesChoosing, its totals in values;
	// list the open boxes' of a Plan.
	levels, list []lanes.LevelBox
	// rowOf[r][j] is the row among the boxes' levels (values, ends) of
	// the first box, in sheet order, that gives roll r its value (score)
	// in lane j, at the level of the roll's points there, the five-alike
	// rolls aside.
	rowOf lanes.LaneRolls
	work  lanes.LaneKeeps
	score lanes.LaneRolls // the value of writing each roll now
	// choices[left-1] holds each keep's choice with left rerolls left
	// (lanes.LaneKeeps.BestKeepsChoosing): a roll's row there is the
	// keep index of its best keep, or its own keep index when it is best
	// written now.
	// After Plays.PlanSearching it holds instead each keep's value in the
	// keeps' rows and each roll's best in the rolls', which keep searches.
	choices [MaxRolls - 1]lanes.LaneKeeps
	// mass, written and merged are AppendArcs' scratch.
	mass    lanes.LaneKeeps
	written [][lanes.Lanes]float64
	merged  []Arc
	// ends[b.base+l][j] is how writing level l of box b ends the turn in
	// lane j, worked out with its value; specials[j][f] the move of five
	// dice showing face f+1 in lane j, where the five-alike rules place
	// them.
	ends [][lanes.Lanes]End
	// after[b.base+l][j] is the value of the state after writing level l
	// of box b in lane j, as box.values leaves it, for the five-alike
	// placements to the same states.
	after    [][lanes.Lanes]float64
	specials [lanes.Lanes][engine.Faces]engine.Placement
	// rollEnds[j][r] is how final roll r ends lane j's turn, once the
	// roll's box is decided.
	rollEnds [lanes.Lanes][engine.NumRolls]End
	// cup does the work of a game of six dice, none of the above.
	cup *cupBatch
}

// NewBatch returns an empty batch of p's turns.
func (p *Policy) NewBatch() *Batch {
	if p.cup != nil {
		return &Batch{p: p, cup: p.newCupBatch()}
	}
	b := &Batch{p: p, values: make([][lanes.Lanes]float64, p.levels+lanes.Levels), ends: make([][lanes.Lanes]End, p.levels), after: make([][lanes.Lanes]float64, p.levels), written: make([][lanes.Lanes]float64, p.levels)}
	b.levels, b.list = make([]lanes.LevelBox, len(p.boxes)), make([]lanes.LevelBox, 0, len(p.boxes))
	for c := range p.boxes {
		bx := &p.boxes[c]
		b.levels[c] = lanes.LevelBox{Level: &bx.level, Totals: (*lanes.LaneLevels)(b.values[bx.base : bx.base+lanes.Levels]), Choices: &bx.rows}
	}
	return b
}

// unknown marks a decision of a batch's turn not yet taken. Decisions
// are box and keep indices, which stay below it (this fails to compile
// should they not).
const (
	unknown = scoreNow - 1
	_       = uint(unknown - engine.FirstRollKeep)
)

// undecided is a turn's decisions before any is taken: its boxes, and
// after Plays.PlanSearching its keeps (Plan's are read from the choices).
var undecided [MaxRolls * engine.NumRolls]uint8

// Plan readies the turns of states (at most lanes.Lanes, none with a
// full sheet), which Turn then gives: the final rolls' values, written
// in the best box, then the keeps' values one reroll at a time, as plan
// describes, and each roll's keep from the keep lattice
// (BestKeepsChoosing). The turns of the batch's previous states are no
// longer valid.
func (b *Batch) Plan(states []engine.State) { b.plan(states, false) }

// Plays readies the turns of a batch of states at a time for games to
// play, either way: Plan takes each roll's keep from the keep lattice's
// choices, as Batch.Plan does, and PlanSearching leaves each to a search
// of its sub-keeps when a game first asks for it, to the same decisions:
// cheaper than the lattice for a batch whose games ask for a few hundred
// keeps or fewer. It gives turns only: the lattice's choices, which
// Batch.Decide and Batch.AppendArcs read, it need not have. It is for
// one goroutine at a time.
type Plays struct{ b *Batch }

// NewPlays returns an empty Plays of p's turns.
func (p *Policy) NewPlays() *Plays { return &Plays{p.NewBatch()} }

// Plan readies the turns of states (at most lanes.Lanes, none with a
// full sheet) as Batch.Plan does, which Turn then gives. The turns of
// the previous states are no longer valid.
func (s *Plays) Plan(states []engine.State) { s.b.plan(states, false) }

// PlanSearching readies the turns of states as Plan does, but for the
// keeps, each searched on first use.
func (s *Plays) PlanSearching(states []engine.State) { s.b.plan(states, true) }

// Turn returns the turn of the j-th state planned last, valid until the
// next plan.
func (s *Plays) Turn(j int) *Turn { return s.b.Turn(j) }

func (b *Batch) plan(states []engine.State, searching bool) {
	if b.cup != nil {
		// A game of six dice searches its keeps either way.
		b.cup.plan(states, &b.turns)
		return
	}
	p, g := b.p, b.p.game
	b.n = len(states)
	decided := engine.NumRolls // the decisions left unknown
	if searching {
		decided = len(undecided)
	}
	var open uint32 // boxes open in some lane
	for j, s := range states {
		open |= ^s.Filled
		t := &b.turns[j]
		t.game, t.state, t.batch, t.lane, t.ends = g, s, b, uint8(j), &b.rollEnds[j]
		for i := range t.choices {
			t.choices[i] = nil
			if !searching {
				t.choices[i] = b.choices[i].Rolls()
			}
		}
		copy(t.decide[:decided], undecided[:])
		b.opens[j] = 0
		for c := range p.boxes {
			if s.Open(c) {
				b.open[j][b.opens[j]] = uint8(c)
				b.opens[j]++
			}
		}
	}
	// Every next state's value first, then the passes over the rolls:
	// on a fresh table the lookups miss the cache, and back to back
	// their misses overlap.
	for c := range p.boxes {
		if open&(1<<c) == 0 {
			continue
		}
		bx := &p.boxes[c]
		rows := b.values[bx.base:]
		for j := range lanes.Lanes {
			if j < len(states) && states[j].Open(c) {
				bx.values(g, states[j], p.next, p.layout, rows, b.after[bx.base:], b.ends[bx.base:], j)
				continue
			}
			for l := range bx.levels {
				rows[l][j] = math.Inf(-1)
			}
		}
	}
	rolls := b.work.Rolls()
	list := b.list[:0]
	for c, lb := range b.levels {
		if open&(1<<c) != 0 {
			list = append(list, lb)
		}
	}
	rolls.MaxByBoxesChoosing(list, &b.rowOf)
	b.fiveAlike(states)
	b.score = *rolls
	for left := 1; left < g.Rolls; left++ {
		// The keeps' values from the rolls' with a reroll fewer, then
		// the best sub-keep of each roll against writing it now (the
		// rolls' values the first time: KeepValues leaves them), with
		// which keep gives each its best, or what keep searches.
		b.work.KeepValues()
		if left > 1 {
			*rolls = b.score
		}
		if !searching {
			b.work.BestKeepsChoosing(&b.choices[left-1])
			continue
		}
		copy(b.choices[left-1][:engine.FirstRollKeep], b.work[:engine.FirstRollKeep])
		b.work.BestKeeps()
		*b.choices[left-1].Rolls() = *rolls
	}
}

// keep returns the decision for roll r in lane j with left rerolls left
// after Plays.PlanSearching: the first of its sub-keeps, in the order of
// solver.Turn.Actions (the largest keep index first), with the largest
// value, when that is more than writing the roll now; else scoreNow, as
// the keep lattice chooses. That value is known (the roll's best), so
// the search stops at the first keep that has it.
func (b *Batch) keep(j, r, left int) uint8 {
	v := &b.choices[left-1]
	best := v.Rolls()[r][j]
	if best == b.score[r][j] {
		return scoreNow
	}
	for _, k := range subKeeps[subStart[r]:subStart[r+1]] {
		if v[k][j] == best {
			return uint8(k)
		}
	}
	panic("policy: no keep has the best keep's value")
}

// fiveAlike values the rolls that the five-alike rules place in each
// lane, as engine.Game.Placements places them, and takes their boxes:
// the best placement, the first in sheet order on a tie. Each goes to
// the state that writing its points in its box leads to, whose value
// box.values looked up already, with the upper bonus that writing them
// earns (in the level's end): only the best placement is made whole.
func (b *Batch) fiveAlike(states []engine.State) {
	p, g, rolls := b.p, b.p.game, b.work.Rolls()
	for j, s := range states {
		// The same for all six rolls: they differ only in the face.
		if !g.Special(s, fiveAlike[0]) {
			continue
		}
		for face, r := range fiveAlike {
			allowed, joker, bonus := g.FiveAlikeRule(s, face+1)
			best, box := math.Inf(-1), -1
			for ; allowed != 0; allowed &= allowed - 1 {
				c := bits.TrailingZeros32(allowed)
				points, bx := g.PlacedPoints(c, r, joker), &p.boxes[c]
				var v float64 // float64(the move's total) + the next state's value
				if at, ok := bx.after(points, r); ok {
					upper := 0
					if bx.matters {
						upper = int(b.ends[at][j].Points) - points
					}
					v = float64(points+upper+bonus) + b.after[at][j]
				} else {
					pl := g.Place(s, c, points, bonus)
					v = float64(pl.Total()) + p.next(pl.Next)
				}
				if v > best {
					best, box = v, c
				}
			}
			rolls[r][j] = best
			if box < 0 {
				continue // no box allowed: not in a game the engine makes
			}
			pl := g.Place(s, box, g.PlacedPoints(box, r, joker), bonus)
			b.turns[j].decide[r], b.specials[j][face] = uint8(box), pl
			b.rollEnds[j][r] = endOf(p.layout, pl)
		}
	}
}

// Turn returns the turn of the batch's j-th state, valid until the next
// Plan.
func (b *Batch) Turn(j int) *Turn { return &b.turns[j] }

// box takes the box of final roll r in lane j: the first open box, in
// sheet order, that gives the roll its value, which Plan found, and how
// writing it there ends the turn. The five-alike rolls that the rules
// place have theirs already.
func (b *Batch) box(j, r int) {
	row := int(b.rowOf[r][j])
	b.turns[j].decide[r], b.rollEnds[j][r] = b.p.rowBox[row], b.ends[row][j]
}

// Decide takes every decision of every turn of the batch now, for a
// caller that needs them all (the ways each turn ends): the same as
// asking for each. The boxes go roll by roll across the lanes, so that
// each roll's values are read once for all of them; the keeps come from
// the keep lattice's choices (decideKeeps).
func (b *Batch) Decide() {
	if b.cup != nil {
		for j := range b.n {
			b.turns[j].cup.takeKeeps(b.p.game.Rolls)
		}
		return
	}
	for r := range engine.NumRolls {
		for j := range b.n {
			if b.turns[j].decide[r] == unknown {
				b.box(j, r)
			}
		}
	}
	for left := 1; left < b.p.game.Rolls; left++ {
		b.decideKeeps(left)
	}
}

// decideKeeps takes the keep of every roll with left rerolls left in
// every lane from the choices of the keep lattice: a roll's own keep
// index there is its value written now, scoreNow.
func (b *Batch) decideKeeps(left int) {
	rolls := b.choices[left-1].Rolls()
	for j := range b.n {
		d := (*[engine.NumRolls]uint8)(b.turns[j].decide[left*engine.NumRolls:])
		for r := range d {
			// A keep index below engine.FirstRollKeep, else scoreNow.
			k := int(rolls[r][j])
			d[r] = uint8(k) | uint8((engine.FirstRollKeep-1-k)>>63)
		}
	}
}
