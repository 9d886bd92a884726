package policy

import (
	"math"

	"dicepoker/engine"
	"dicepoker/solver"
)

// Turn is the play of one state's turn under a policy: the keep for each
// roll with rerolls left and the box for each final roll.
type Turn struct {
	game  *engine.Game
	state engine.State
	// decide[r] is the box of final roll r. decide[j*engine.NumRolls+r],
	// with j rerolls left, is where roll r's keep stands in its sub-keeps
	// (see subKeeps), or scoreNow. It lies in the Turn itself, so that a
	// turn's reads stay close together in memory.
	decide [MaxRolls * engine.NumRolls]uint8
}

// MaxRolls is the most rolls a turn that a policy can play: every game of
// the family has two or three.
const MaxRolls = 3

// scoreNow is the decision to write the dice now, keeping all five.
const scoreNow = math.MaxUint8

// State returns the state whose turn t plays.
func (t *Turn) State() engine.State { return t.state }

// Keep returns the keep for roll r (0..engine.NumRolls-1) with rollsLeft
// rerolls left (1..Rolls-1): the keep index of the dice to keep, with
// reroll true; or, when the dice are best written now, the roll's own
// keep index (all five kept) with reroll false.
func (t *Turn) Keep(r, rollsLeft int) (keep int, reroll bool) {
	d := t.decide[rollsLeft*engine.NumRolls+r]
	if d == scoreNow {
		return engine.FirstRollKeep + r, false
	}
	return int(subKeeps[int(subStart[r])+int(d)]), true
}

// Box returns the category that final roll r is written in.
func (t *Turn) Box(r int) int { return int(t.decide[r]) }

// Place returns the move that writes final roll r in its box, with the
// points, bonuses and next state the rules give it.
func (t *Turn) Place(r int) engine.Placement {
	c := t.Box(r)
	if special(t.game, t.state, r) {
		var buf [16]engine.Placement
		for _, p := range t.game.Placements(t.state, r, buf[:0]) {
			if p.Category == c {
				return p
			}
		}
	}
	return t.game.Write(t.state, c, t.game.Score(c, r))
}

// plan computes the decisions of state s with the solver's kernel. The
// values are the numbers solver.Turn.Actions ranks: each final roll's
// best placement, float64(points + bonus) + next(next state), which is
// what solver.Turn.Final gives it, then the keeps' values from
// solver.KeepValues and the rolls' from the best of their sub-keeps, one
// reroll at a time. The choices follow its ranking: the largest value
// wins, and on a tie a box beats a keep, a box earlier on the sheet beats
// a later one, and a keep with a larger keep index beats a smaller one.
func (p *Policy) plan(s engine.State) *Turn {
	g := p.game
	t := &Turn{game: g, state: s}
	var score [engine.NumRolls]float64
	p.chooseBoxes(s, t.decide[:engine.NumRolls], &score)
	var v solver.Keeps
	copy(v[engine.FirstRollKeep:], score[:])
	for j := 1; j < g.Rolls; j++ {
		solver.KeepValues(&v)
		chooseKeeps(&v, &score, t.decide[j*engine.NumRolls:(j+1)*engine.NumRolls])
	}
	return t
}

// chooseBoxes sets boxes[r] to the best box for final roll r in state s and
// score[r] to its value: points, bonuses and the value of the next state.
// It finds each roll's best value first (bestValues), then the first open
// box that gives it.
func (p *Policy) chooseBoxes(s engine.State, boxes []uint8, score *[engine.NumRolls]float64) {
	values := make([]float64, p.levels) // by box and level
	var open []*box
	for c := range p.boxes {
		if s.Open(c) {
			b := &p.boxes[c]
			b.values(p.game, s, p.next, values[b.base:b.base+len(b.levels)])
			open = append(open, b)
		}
	}
	bestValues(values, open, score)
	for r, v := range score {
		boxes[r] = open[0].category
		for _, b := range open {
			if values[b.base+int(b.level[r])] == v {
				boxes[r] = b.category
				break
			}
		}
	}
	var buf [16]engine.Placement
	for _, r := range fiveAlike {
		if !p.game.Special(s, r) {
			continue
		}
		score[r] = math.Inf(-1)
		for _, pl := range p.game.Placements(s, r, buf[:0]) {
			if v := float64(pl.Total()) + p.next(pl.Next); v > score[r] {
				score[r], boxes[r] = v, uint8(pl.Category)
			}
		}
	}
}

// bestValues sets score[r] to the largest value of roll r in the open
// boxes, given the values of each box's levels. When no value has its sign
// bit set, as in every game with its optimal or greedy values, it compares
// their bits as integers, the branch-free max that takes one instruction.
func bestValues(values []float64, open []*box, score *[engine.NumRolls]float64) {
	nonneg := true
	for _, v := range values {
		nonneg = nonneg && math.Float64bits(v)>>63 == 0
	}
	if !nonneg {
		for r := range score {
			score[r] = math.Inf(-1)
		}
		for _, b := range open {
			vs := values[b.base : b.base+len(b.levels)]
			for r, l := range &b.level {
				score[r] = max(score[r], vs[l])
			}
		}
		return
	}
	var best [engine.NumRolls]int64 // zero: the bits of +0, below any other value
	for _, b := range open {
		vs := values[b.base : b.base+len(b.levels)]
		for r, l := range &b.level {
			best[r] = max(best[r], int64(math.Float64bits(vs[l])))
		}
	}
	for r, x := range best {
		score[r] = math.Float64frombits(uint64(x))
	}
}

// chooseKeeps sets d[r] to the decision for roll r given v, the values of
// the keeps (after solver.KeepValues) and of the rolls kept whole, and
// score, the values of writing each roll now. It then sets each roll's
// entry of v to the roll's value with this reroll to come, as
// solver.BestKeeps does, for the reroll before.
//
// The best value of a proper sub-keep of each roll comes from
// solver.BestKeeps, with the rolls' own entries set to the empty keep's
// value, which every roll contains anyway. The keep is then the first
// sub-keep in the order of solver.Turn.Actions that has that value.
func chooseKeeps(v *solver.Keeps, score *[engine.NumRolls]float64, d []uint8) {
	w := *v
	for k := engine.FirstRollKeep; k < engine.NumKeeps; k++ {
		w[k] = w[0]
	}
	solver.BestKeeps(&w)
	for r := range engine.NumRolls {
		k := engine.FirstRollKeep + r
		best := w[k]
		d[r] = scoreNow
		if best > score[r] {
			for i, sub := range subKeeps[subStart[r]:subStart[r+1]] {
				if v[sub] == best {
					d[r] = uint8(i)
					break
				}
			}
		}
		v[k] = max(v[k], best)
	}
}
