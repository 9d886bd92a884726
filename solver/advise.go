package solver

import (
	"encoding/binary"
	"fmt"

	"dicepoker/engine"
)

// Action is one choice in a position: keep some dice and reroll the rest,
// or write the dice in a box.
type Action struct {
	Score     bool             // write the dice now; else reroll
	Keep      engine.Multiset  // the dice kept, for a reroll
	Reroll    engine.Multiset  // the dice rerolled, for a reroll
	Placement engine.Placement // the move, for Score
	// Value is the optimal expected sum of the points still to come after
	// taking the action, its own points and bonuses included.
	Value float64
}

// Actions ranks every legal action in state s with dice showing and
// rollsLeft rerolls still allowed, best first: each distinct proper keep
// (keeping nothing included; keeping all five is scoring now or later,
// which the score actions cover), and each box the placement rules allow.
// next gives the value of the states between turns.
func (t *Turn) Actions(s engine.State, dice engine.Multiset, rollsLeft int, next Values) ([]Action, error) {
	if dice.Size() != engine.Dice {
		return nil, fmt.Errorf("need five dice, have %d", dice.Size())
	}
	if rollsLeft < 0 || rollsLeft >= t.g.Rolls {
		return nil, fmt.Errorf("rolls left must be 0..%d in %s", t.g.Rolls-1, t.g.Name)
	}
	if s.Filled == 1<<len(t.g.Categories)-1 {
		return nil, fmt.Errorf("the sheet is full")
	}
	r := engine.RollIndex(dice)
	// The placements and the ranking live in the turn's pooled scratch:
	// zeroing them on the stack at every call took a tenth of an advice
	// with no reroll left.
	w := t.scratch.Get().(*laneScratch)
	defer t.scratch.Put(w)
	places := t.g.Placements(s, r, w.places[:0])
	// The actions are ranked by value through a list of (value, position)
	// pairs, the position breaking ties, which is a stable sort by value
	// that moves no Action: the placements in order, then the keeps from
	// the largest, so that equal values list the keep that rerolls fewer
	// dice first.
	order := w.order[:0]
	for i := range places {
		p := &places[i]
		order = append(order, rankedAction{float64(p.Total()) + next(p.Next), i})
	}
	var subs []int
	if rollsLeft > 0 {
		v := &w.one
		ordered := t.finalOne(s, next, w, (*[engine.NumRolls]float64)(v[engine.FirstRollKeep:]))
		for i := 1; i <= rollsLeft; i++ {
			t.kernel.keepsOne(v)
			switch {
			case i == rollsLeft:
			case ordered:
				t.kernel.bestOne(v)
			default:
				BestKeeps(v)
			}
		}
		subs = engine.SubKeeps(r)
		for i := len(subs) - 1; i >= 0; i-- {
			order = append(order, rankedAction{v[subs[i]], len(order)})
		}
	}
	// Insertion sort, which for the few dozen actions of a position costs
	// a third of slices.SortFunc's calls of a comparison function. It is
	// stable: the pairs come in order of position, and one moves only past
	// those of lower value.
	for i := 1; i < len(order); i++ {
		x, j := order[i], i
		for ; j > 0 && x.value > order[j-1].value; j-- {
			order[j] = order[j-1]
		}
		order[j] = x
	}
	actions := make([]Action, len(order))
	for i, o := range order {
		a := &actions[i]
		a.Value = o.value
		if o.at < len(places) {
			a.Score, a.Placement = true, places[o.at]
			continue
		}
		a.Keep = engine.Keep(subs[len(subs)-1-(o.at-len(places))])
		a.Reroll = minus(dice, a.Keep)
	}
	return actions, nil
}

// minus is dice.Minus(keep) for a keep of those dice, as one subtraction
// of their six bytes, which borrows nothing since no face of keep exceeds
// the dice's. Multiset.Minus's six byte stores, read back as wider words
// when the result was copied, stalled the store forwarding of every
// keep's action: a quarter of Turn.Actions' time.
func minus(dice, keep engine.Multiset) (reroll engine.Multiset) {
	d := uint64(binary.LittleEndian.Uint32(dice[:])) | uint64(binary.LittleEndian.Uint16(dice[4:]))<<32
	k := uint64(binary.LittleEndian.Uint32(keep[:])) | uint64(binary.LittleEndian.Uint16(keep[4:]))<<32
	d -= k
	binary.LittleEndian.PutUint32(reroll[:], uint32(d))
	binary.LittleEndian.PutUint16(reroll[4:], uint16(d>>32))
	return reroll
}

// rankedAction is an action's value and its position among the
// placements, then the keeps, for Turn.Actions' ranking.
type rankedAction struct {
	value float64
	at    int
}
