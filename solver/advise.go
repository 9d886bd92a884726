package solver

import (
	"fmt"
	"sort"

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
	var actions []Action
	for _, p := range t.g.Placements(s, engine.RollIndex(dice), nil) {
		actions = append(actions, Action{Score: true, Placement: p, Value: float64(p.Total()) + next(p.Next)})
	}
	if rollsLeft > 0 {
		var v Keeps
		t.Final(s, next, (*[engine.NumRolls]float64)(v[engine.FirstRollKeep:]))
		for i := 1; i <= rollsLeft; i++ {
			KeepValues(&v)
			if i < rollsLeft {
				BestKeeps(&v)
			}
		}
		// Larger keeps first, so that equal values list the keep that
		// rerolls fewer dice first.
		subs := engine.SubKeeps(engine.RollIndex(dice))
		for i := len(subs) - 1; i >= 0; i-- {
			keep := engine.Keep(subs[i])
			actions = append(actions, Action{Keep: keep, Reroll: dice.Minus(keep), Value: v[subs[i]]})
		}
	}
	sort.SliceStable(actions, func(i, j int) bool { return actions[i].Value > actions[j].Value })
	return actions, nil
}
