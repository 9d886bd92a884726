package solver

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Actions ranks every legal action in state s with dice showing and
// rollsLeft rerolls still allowed, best first: each distinct proper keep
// (keeping nothing included; keeping all the dice is scoring now or later,
// which the score actions cover), and each box the placement rules allow.
// next gives the value of the states between turns. A ranked action's
// Value is the optimal expected sum of the points still to come after
// taking it, its own points and bonuses included.
func (t *Turn) Actions(s engine.State, dice engine.Multiset, rollsLeft int, next Values) ([]engine.Ranked, error) {
	if t.cup != nil {
		return t.cup.actions(s, dice, rollsLeft, next)
	}
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
	// The actions are ranked by their values, in the order of their
	// positions: the placements in order, then the keeps from the
	// largest, so that equal values list the keep that rerolls fewer dice
	// first. No ranked action moves.
	values, n, nan := &w.values, 0, false
	for i := range places {
		p := &places[i]
		values[n] = float64(p.Total()) + next(p.Next)
		nan = nan || values[n] != values[n]
		n++
	}
	var subs []int
	if rollsLeft > 0 {
		v := &w.one
		ordered := t.finalOne(s, next, w, (*[engine.NumRolls]float64)(v[engine.FirstRollKeep:]))
		for i := 1; i <= rollsLeft; i++ {
			t.kernel.KeepValuesOne(v)
			switch {
			case i == rollsLeft:
			case ordered:
				t.kernel.BestKeepsOne(v)
			default:
				lanes.BestKeeps(v)
			}
		}
		subs = engine.SubKeeps(r)
		for i := len(subs) - 1; i >= 0; i-- {
			values[n] = v[subs[i]]
			nan = nan || values[n] != values[n]
			n++
		}
	}
	ranked := &w.ranked
	if nan {
		lanes.PlainGo().Rank(values, n, ranked)
	} else {
		t.kernel.Rank(values, n, ranked)
	}
	actions := make([]engine.Ranked, n)
	for i, at := range ranked[:n] {
		a := &actions[i]
		a.Value = values[at&(lanes.Rankable-1)]
		if int(at) < len(places) {
			p := &places[at]
			a.Box, a.Points, a.Bonus = t.g.Categories[p.Category].Name, p.Points, p.Bonus
			continue
		}
		a.Keep = engine.Keep(subs[len(subs)-1-(int(at)-len(places))])
		a.Reroll = dice.Minus(a.Keep)
	}
	return actions, nil
}
