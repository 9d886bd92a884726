package school

import (
	"math"
	"math/rand/v2"

	"dicepoker/engine"
)

// Player gives, for the sheet a turn starts from, the values of the
// sheets after the turn.
type Player func(s *engine.SchoolState) Values

// A Seat is a player that sees every player's sheet: given the sheets of
// all the players, in seat order, and its own seat, the values of its
// sheets after its turn.
type Seat func(sheets []engine.SchoolState, seat int) Values

// Alone returns the seat that plays as p, looking at its own sheet only.
func Alone(p Player) Seat {
	return func(sheets []engine.SchoolState, seat int) Values { return p(&sheets[seat]) }
}

// Fixed returns the player that values every sheet with v.
func Fixed(v Values) Player { return func(*engine.SchoolState) Values { return v } }

// Turn plays one turn in state s with the values next, rolling with rng:
// after each roll it writes the dice or keeps the best keep, as the
// turn's search says, and at last writes in the best cell. It returns the
// write and the value the search gave the state before the first roll.
func (k *Kernel) Turn(s engine.SchoolState, next Values, rng *rand.Rand, search searcher) (engine.SchoolWrite, float64) {
	return k.turn(s, next, 0, rng, search)
}

// turn plays a turn as Turn does, but at each decision, with probability
// random, takes a legal action drawn at random instead of the best one:
// any write of the dice, or, with rerolls left, any proper keep.
func (k *Kernel) turn(s engine.SchoolState, next Values, random float64, rng *rand.Rand, search searcher) (engine.SchoolWrite, float64) {
	at := search(&s, next)
	value := at.value()
	dice := engine.Multiset{}.RollRest(rng)
	return k.finish(s, dice, k.g.Rolls-1, true, next, random, rng, at), value
}

// finish plays the rest of a turn in state s, whose search with the values
// next is at, from dice (fresh: from a roll of all five) with left
// rerolls still allowed, as turn plays it, and returns the write.
func (k *Kernel) finish(s engine.SchoolState, dice engine.Multiset, left int, fresh bool, next Values, random float64, rng *rand.Rand, at lane) engine.SchoolWrite {
	var moves [2 * engine.MaxSchoolRows]engine.SchoolWrite
	for ; ; left-- {
		r := engine.RollIndex(dice)
		if random > 0 && rng.Float64() < random {
			writes := k.g.SchoolMoves(s, r, fresh, moves[:0])
			var keeps []int
			if left > 0 {
				keeps = engine.SubKeeps(r)
			}
			i := rng.IntN(len(writes) + len(keeps))
			if i < len(writes) {
				return writes[i]
			}
			keep := keeps[i-len(writes)]
			dice, fresh = engine.Keep(keep).RollRest(rng), keep == 0
			continue
		}
		if left == 0 {
			break
		}
		keep, v := at.bestKeep(r, left)
		if v <= at.write(r, fresh) {
			break
		}
		dice, fresh = engine.Keep(keep).RollRest(rng), keep == 0
	}
	return k.write(&s, engine.RollIndex(dice), fresh, next, at)
}

// write returns the write of roll r, fresh or not, in s that the search
// in lane at values most, the first in sheet order on a tie, with next the
// values of that search: the best row from the values the search found
// for each, then in a combination row the score, or the cross where it is
// worth more.
func (k *Kernel) write(s *engine.SchoolState, r int, fresh bool, next Values, at lane) engine.SchoolWrite {
	row, best := -1, math.Inf(-1)
	for c := range k.g.Categories {
		if !k.g.RowOpen(s, c) {
			continue
		}
		if v := at.row(k, c, r, fresh); v > best {
			row, best = c, v
		}
	}
	if k.g.Categories[row].School {
		return k.g.SchoolClose(*s, row, int(k.count[row][r]))
	}
	cross := k.g.SchoolScore(*s, row, 0)
	p := k.g.SchoolPoints(row, r, fresh)
	if p == 0 {
		return cross
	}
	m := k.g.SchoolScore(*s, row, p)
	// The row's value is the larger of the two: when it is the cross's,
	// the score may still tie with it, and a tie goes to the score.
	if c := float64(cross.Total()) + next(cross.Next); best == c && float64(m.Total())+next(m.Next) < c {
		return cross
	}
	return m
}

// Play plays one game of school with a player in each seat, seats taking
// turns in order; a bonus goes to the first who earns it. Each seat's turn
// t rolls with its own generator, roll(t, seat), so that players compared
// game by game meet the same dice on the same turn for as long as they
// keep the same dice. It returns each seat's final score.
func (k *Kernel) Play(players []Seat, roll func(turn, seat int) *rand.Rand, search searcher) []int {
	states := make([]engine.SchoolState, len(players))
	scores := make([]int, len(players))
	for i := range states {
		states[i] = k.g.NewSchoolState()
	}
	for t := range k.g.Turns() {
		for i, p := range players {
			m, _ := k.Turn(states[i], p(states, i), roll(t, i), search)
			states[i] = m.Next
			scores[i] += m.Total()
			for j := range states {
				if j != i {
					states[j].Take(m.EarnedRows, m.EarnedCols)
				}
			}
		}
	}
	return scores
}
