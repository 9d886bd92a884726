package advice

import (
	"context"
	"errors"
	"fmt"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/target"
)

// Aim is what AdviseToWin ranks a position for: a final total to reach,
// or opponents to finish ahead of, each playing for the expected score
// from their sheet.
type Aim struct {
	Target    *int     // the least final total aimed at (advise --target)
	Opponents []string // the opponents' sheets in the --sheet notation (advise --opponent)
	// Progress, when set, returns the progress callback of the solve
	// described by what.
	Progress func(what string) func(done, total int)
	// Tables, when set, opens the every-target table and the strategy
	// table that rank the actions for a target (an Opener, or a server's
	// cache of them); nil solves for the target from the position.
	Tables TargetTables
	// Threads is the goroutines of a solve for the aim (0: GOMAXPROCS):
	// a server leaves a core to its cheap requests.
	Threads int
	// Context, when set, stops a solve for the aim once it is done, with
	// its error: a server's request's, so that no work goes on for a
	// client that left; nil never stops.
	Context context.Context
}

// TargetTables opens what plays a single-sheet game for a target:
// Opener.TargetPlay.
type TargetTables interface {
	TargetPlay(g *engine.Game, all bool) (*target.Table, solver.Values, error)
}

// MaxTarget is the largest target: far above any game's highest score.
const MaxTarget = 100_000

// AdviseToWin ranks every action of single-sheet position p by its
// chance of the aim, the actions as likely ordered by the points
// expected (target.Solution.Actions); the ranking's Goal holds the
// chances. A target is ranked by the every-target table when aim.Tables
// is set (target.Table.Actions: the points expected are those of the
// turn and the expected-value optimum after it), else, like opponents,
// by a solve for the aim from the position. A position or an aim the
// rules do not allow is an *InputError.
func AdviseToWin(p Position, aim Aim) (*Advice, error) {
	g := p.Game
	switch {
	case g.Columns != 0:
		return nil, Inputf("--target and --opponent belong to the single-sheet games, not to %s", g.Name)
	case aim.Target != nil && len(aim.Opponents) > 0:
		return nil, Inputf("give --target or --opponent, not both")
	case aim.Target == nil && len(aim.Opponents) == 0:
		return nil, Inputf("no --target or --opponent to aim at")
	case aim.Target != nil && (*aim.Target < 0 || *aim.Target > MaxTarget):
		return nil, Inputf("--target %d: must be 0 to %d", *aim.Target, MaxTarget)
	}
	rollsLeft, err := p.rollsLeft()
	if err != nil {
		return nil, err
	}
	sheet, err := p.SingleSheet()
	if err != nil {
		return nil, err
	}
	state, score := sheet.State(g), sheet.Score(g)
	progress := func(what string) func(done, total int) {
		if aim.Progress == nil {
			return nil
		}
		return aim.Progress(what)
	}
	goal := &Goal{Target: aim.Target}
	var sol *target.Solution
	var need int
	var ranked []target.Action
	switch {
	case aim.Target != nil && aim.Tables != nil:
		need = max(0, *aim.Target-score)
		tab, ev, err := aim.Tables.TargetPlay(g, false)
		if err != nil {
			return nil, err
		}
		ranked, err = tab.Actions(state, need, p.Dice, rollsLeft, ev)
		goal.Near = target.Near32
		if terr := tab.Err(); terr != nil {
			return nil, Opener{}.tableError(terr)
		}
		if err != nil {
			return nil, Inputf("%v", err)
		}
	case aim.Target != nil:
		need = max(0, *aim.Target-score)
		sol, err = target.Solve(g, state, need, solver.Options{Progress: progress(fmt.Sprintf("solving %s for a total of %d", g.Name, *aim.Target)), Threads: aim.Threads, Context: aim.Context})
	default:
		ops := make([]target.Opponent, len(aim.Opponents))
		for i, o := range aim.Opponents {
			sh, err := engine.ParseSheet(g, o) // an opponent may have finished: a full sheet is its final score
			if err != nil && !errors.Is(err, engine.ErrGameOver) {
				return nil, Inputf("--opponent %s: %v", engine.Quote(o), err)
			}
			ops[i] = target.Opponent{State: sh.State(g), Score: sh.Score(g)}
			goal.Opponents = append(goal.Opponents, ops[i].Score)
		}
		// The position is checked above: what fails now is the solve.
		ranked, need, err = target.BeatActions(g, state, score, ops, p.Dice, rollsLeft, solver.Options{Progress: progress("solving " + g.Name + " to beat the opponents"), Threads: aim.Threads, Context: aim.Context})
		need = max(0, need)
	}
	if err != nil {
		return nil, err
	}
	if sol != nil {
		if ranked, err = sol.Actions(state, need, p.Dice, rollsLeft); err != nil {
			return nil, Inputf("%v", err)
		}
	}
	actions := make([]solver.Action, len(ranked))
	goal.Chance = make([]float64, len(ranked))
	for i, r := range ranked {
		actions[i], goal.Chance[i] = r.Action, r.P
	}
	return &Advice{Ranking: Ranking{Game: g, SheetScore: score, RollsLeft: rollsLeft, Dice: p.Dice,
		Actions: coach.Ranking(g, actions), Upper: sheet.UpperLine(g), Goal: goal}}, nil
}
