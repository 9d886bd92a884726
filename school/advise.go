package school

import (
	"fmt"
	"sort"

	"dicepoker/engine"
)

// Actions ranks every legal action in state s, best first, with dice
// showing, rollsLeft rolls still allowed this turn and fresh telling
// whether the dice came from a roll of all five: each distinct keep of
// fewer than five dice (keeping nothing rolls all five, fresh), and each
// legal write. next values the sheets between turns. A ranked action's
// Value is the expected sum of what is still to come after taking it, its
// own cell, reserve change and bonuses included.
func (k *Kernel) Actions(s engine.SchoolState, dice engine.Multiset, rollsLeft int, fresh bool, next Values) ([]engine.Ranked, error) {
	g := k.g
	if dice.Size() != engine.Dice {
		return nil, fmt.Errorf("need five dice, have %d", dice.Size())
	}
	if rollsLeft < 0 || rollsLeft >= g.Rolls {
		return nil, fmt.Errorf("rolls left must be 0..%d in %s", g.Rolls-1, g.Name)
	}
	if rollsLeft == g.Rolls-1 && !fresh {
		return nil, fmt.Errorf("the first roll of a turn is always fresh")
	}
	if g.SchoolFull(&s) {
		return nil, fmt.Errorf("the sheet is full")
	}
	moves := g.SchoolMoves(s, engine.RollIndex(dice), fresh, nil)
	size := len(moves)
	if rollsLeft > 0 {
		size += 1<<engine.Dice - 1 // the most keeps of fewer than five dice
	}
	actions := g.RankWrites(make([]engine.Ranked, 0, size), moves, func(w *engine.SchoolWrite) float64 {
		return float64(w.Total()) + next(w.Next)
	})
	if rollsLeft > 0 {
		w := k.borrowScratch()
		defer giveScratch(w)
		at := k.search(&s, next, w)
		// Larger keeps first, so that equal values list the keep that
		// rolls fewer dice first.
		for i := engine.FirstRollKeep - 1; i >= 0; i-- {
			if keep := engine.Keep(i); dice.Contains(keep) {
				actions = append(actions, engine.Kept(keep, dice, at.keep(rollsLeft, i)))
			}
		}
	}
	sort.SliceStable(actions, func(i, j int) bool { return actions[i].Value > actions[j].Value })
	return actions, nil
}
