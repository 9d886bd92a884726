package target

import (
	"fmt"
	"sort"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/solver"
)

// Actions ranks every legal action in state s with dice showing, rollsLeft
// rerolls still allowed and need more points needed, as solver.Turn.Actions
// lists them, with each one's chance of reaching the need under the play
// that follows: first the actions whose chance is near the largest
// (within Tolerance), by the points expected, then the others by their
// chance and then their points. The first is the one the play to reach
// the need takes. An action's Value is the expected sum of the points
// still to come under that play, its own points and bonuses included.
func (sol *Solution) Actions(s engine.State, need int, dice engine.Multiset, rollsLeft int) ([]engine.Ranked, []float64, error) {
	if need > sol.Need || s.Filled&sol.From.Filled != sol.From.Filled {
		return nil, nil, fmt.Errorf("the solution does not reach %d points needed in that state", need)
	}
	return sol.turn.actions(sol, s, need, dice, rollsLeft)
}

// Actions ranks the actions of a position as Solution.Actions does, by
// the table's values, with ev the expected-value optimum the table was
// solved with (the strategy table's): an action's Value is the expected
// points to come under the table's play (see Table), valued as that play
// values them, in float32, near being within Tolerance32. A damaged part
// of a table read lazily is an error (Err).
func (t *Table) Actions(s engine.State, need int, dice engine.Multiset, rollsLeft int, ev solver.Values) ([]engine.Ranked, []float64, error) {
	as, chances, err := t.turn.actions(t.with(ev), s, need, dice, rollsLeft)
	if err == nil {
		err = t.Err()
	}
	if err != nil {
		return nil, nil, err
	}
	return as, chances, nil
}

// chanced is a ranked action with its chance of the need, as actions
// sorts them.
type chanced struct {
	engine.Ranked
	p float64
}

// actions ranks the actions of a position by the values next, with
// their chances.
func (tr *turn[T]) actions(next chances, s engine.State, need int, dice engine.Multiset, rollsLeft int) ([]engine.Ranked, []float64, error) {
	g := tr.g
	switch {
	case dice.Size() != engine.Dice:
		return nil, nil, fmt.Errorf("need five dice, have %d", dice.Size())
	case rollsLeft < 0 || rollsLeft >= g.Rolls:
		return nil, nil, fmt.Errorf("rolls left must be 0..%d in %s", g.Rolls-1, g.Name)
	case s.Filled == 1<<len(g.Categories)-1:
		return nil, nil, fmt.Errorf("the sheet is full")
	}
	var actions []chanced
	for _, p := range g.Placements(s, engine.RollIndex(dice), nil) {
		// valued in the precision of the turn, as its final rolls are
		v := value(next, p.Next, need-p.Total())
		actions = append(actions, chanced{g.Placed(p, float64(T(v.E)+T(p.Total()))), float64(T(v.P))})
	}
	if rollsLeft > 0 {
		w := tr.get()
		defer tr.pool.Put(w)
		tr.collect(s, next, w)
		tr.prepare(next, need, need+lane.Lanes, w)
		tr.final(need, w)
		for j := 1; j <= rollsLeft; j++ {
			if j > 1 {
				tr.best(w, j-1)
			}
			w.mean(j == 1)
		}
		subs := engine.SubKeeps(engine.RollIndex(dice))
		for i := len(subs) - 1; i >= 0; i-- {
			keep := engine.Keep(subs[i])
			actions = append(actions, chanced{engine.Kept(keep, dice, float64(w.e.Keeps[subs[i]][0])), float64(w.p.Keeps[subs[i]][0])})
		}
	}
	best := 0.0
	for _, a := range actions {
		best = max(best, a.p)
	}
	sort.SliceStable(actions, func(i, j int) bool {
		a, b := actions[i], actions[j]
		if na, nb := near(T(a.p), T(best)), near(T(b.p), T(best)); na || nb {
			return na && (!nb || a.Value > b.Value)
		}
		return a.p > b.p || a.p == b.p && a.Value > b.Value
	})
	ranked, ps := make([]engine.Ranked, len(actions)), make([]float64, len(actions))
	for i, a := range actions {
		ranked[i], ps[i] = a.Ranked, a.p
	}
	return ranked, ps, nil
}
