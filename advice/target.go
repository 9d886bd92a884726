package advice

import (
	"context"
	"errors"
	"fmt"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/target"
)

// TargetTables opens what plays a single-sheet game for a target:
// Opener.TargetPlay.
type TargetTables interface {
	TargetPlay(g *engine.Game, all bool) (*target.Table, solver.Values, error)
}

// MaxTarget is the largest target: far above any game's highest score.
const MaxTarget = 100_000

// adviseToWin ranks every action of single-sheet position r by its
// chance of r's target or of beating its opponents, the actions as
// likely ordered by the points expected (target.Solution.Actions); the
// ranking's Goal holds the chances. A target is ranked by the
// every-target table when env.Targets is set (target.Table.Actions: the
// points expected are those of the turn and the expected-value optimum
// after it), else, like opponents, by a solve from the position.
func adviseToWin(ctx context.Context, r Request, env Env) (*Advice, error) {
	g := r.Game
	if r.Target != nil && (*r.Target < 0 || *r.Target > MaxTarget) {
		return nil, Fieldf("{target} %d: must be 0 to %d", *r.Target, MaxTarget)
	}
	rollsLeft, err := r.rollsLeft()
	if err != nil {
		return nil, err
	}
	sheet, err := r.Sheet.Single(g)
	if err != nil {
		return nil, err
	}
	state, score := sheet.State(g), sheet.Score(g)
	solving := func(what string) solver.Options {
		o := solver.Options{Threads: env.Threads, Context: ctx}
		if env.Progress != nil {
			o.Progress = env.Progress(what)
		}
		return o
	}
	goal := &Goal{Target: r.Target}
	var sol *target.Solution
	var need int
	var ranked []engine.Ranked
	switch {
	case r.Target != nil && env.Targets != nil:
		need = max(0, *r.Target-score)
		tab, ev, err := env.Targets.TargetPlay(g, false)
		if err != nil {
			return nil, err
		}
		ranked, goal.Chance, err = tab.Actions(state, need, r.Dice, rollsLeft, ev)
		goal.Near = target.Near32
		if terr := tab.Err(); terr != nil {
			return nil, Opener{}.tableError(terr)
		}
		if err != nil {
			return nil, Inputf("%v", err)
		}
	case r.Target != nil:
		need = max(0, *r.Target-score)
		sol, err = target.Solve(g, state, need, solving(fmt.Sprintf("solving %s for a total of %d", g.Name, *r.Target)))
	default:
		ops := make([]target.Opponent, len(r.Opponents))
		for i, o := range r.Opponents {
			// An opponent may have finished: a full sheet is its final score.
			sh, err := o.Single(g)
			if err = opponentErr(o, err); err != nil && !errors.Is(err, engine.ErrGameOver) {
				return nil, err
			}
			ops[i] = target.Opponent{State: sh.State(g), Score: sh.Score(g)}
			goal.Opponents = append(goal.Opponents, ops[i].Score)
		}
		// The position is checked above: what fails now is the solve.
		beat := func() error {
			var err error
			ranked, goal.Chance, need, err = target.BeatActions(g, state, score, ops, r.Dice, rollsLeft, solving("solving "+g.Name+" to beat the opponents"))
			return err
		}
		if env.Solve != nil {
			err = env.Solve(g, beat)
		} else {
			err = beat()
		}
		need = max(0, need)
	}
	if err != nil {
		return nil, err
	}
	if sol != nil {
		if ranked, goal.Chance, err = sol.Actions(state, need, r.Dice, rollsLeft); err != nil {
			return nil, Inputf("%v", err)
		}
	}
	return &Advice{Ranking: Ranking{Game: g, SheetScore: score, RollsLeft: rollsLeft, Dice: r.Dice,
		Actions: ranked, Upper: sheet.UpperLine(g), Goal: goal}}, nil
}
