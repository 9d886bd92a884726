package solver

import (
	"cmp"
	"fmt"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// actions is Turn.Actions for a game played by a cupTurn: the same
// actions ranked the same way, by value, then in the order of their
// positions (the placements in order, then the keeps from the largest).
// The state plays in every lane of one batch.
func (t *cupTurn) actions(s engine.State, dice engine.Multiset, rollsLeft int, next Values) ([]engine.Ranked, error) {
	cup := t.g.Cup()
	if dice.Size() != cup.Dice() {
		return nil, fmt.Errorf("need %d dice, have %d", cup.Dice(), dice.Size())
	}
	if rollsLeft < 0 || rollsLeft >= t.g.Rolls {
		return nil, fmt.Errorf("rolls left must be 0..%d in %s", t.g.Rolls-1, t.g.Name)
	}
	if s.Filled == 1<<len(t.g.Categories)-1 {
		return nil, fmt.Errorf("the sheet is full")
	}
	r := cup.RollIndex(dice)
	var actions []engine.Ranked
	for _, p := range t.g.Placements(s, r, nil) {
		actions = append(actions, t.g.Placed(p, float64(p.Total())+next(p.Next)))
	}
	if rollsLeft > 0 {
		w := new(cupScratch)
		var lane [lanes.Lanes]engine.State
		for j := range lane {
			lane[j] = s
		}
		ordered := t.final(&lane, next, w)
		for i := 1; i <= rollsLeft; i++ {
			t.passes.KeepValues(t.kernel, &w.keeps)
			if i < rollsLeft {
				t.passes.BestKeeps(t.kernel, &w.keeps, ordered)
			}
		}
		subs := cup.SubKeeps(r)
		for _, k := range slices.Backward(subs) {
			keep := cup.Keep(k)
			actions = append(actions, engine.Kept(keep, dice, w.keeps[k][0]))
		}
	}
	slices.SortStableFunc(actions, func(a, b engine.Ranked) int { return cmp.Compare(b.Value, a.Value) })
	return actions, nil
}
