package advice

import (
	"context"

	"dicepoker/engine"
)

// Request is one question to advise, as every front end asks it (the
// command line, the server, the offline page): a position, and what to
// rank its actions by: the expected final score, the chance of a target,
// or the chance of finishing ahead of opponents.
type Request struct {
	Game      *engine.Game
	Sheet     Sheet
	Dice      engine.Multiset
	RollsLeft *int // the rerolls still allowed; nil: the game's rolls less one
	// Fresh, for school, says whether the dice came from a roll of all
	// five; nil leaves it to the roll (always so on the first).
	Fresh *bool
	// Rollouts, for school, is how many games to play on after each of
	// the best actions, their dice seeded by Seed.
	Rollouts int
	Seed     uint64
	// Target, when set, ranks a single-sheet game's actions by the
	// chance of a final total of Target or more.
	Target *int
	// Opponents are the other players' sheets. A single-sheet game's
	// actions are then ranked by the chance of finishing ahead of them
	// all, each playing for the expected score; school's by the race
	// strategy, which values each first-come bonus by the chance of
	// taking it before them.
	Opponents []Sheet
}

// Env is what a front end lends Advise: where its tables come from, and
// how it runs and reports the long work of an aim. Only Tables is needed.
type Env struct {
	// Tables gives the strategies: an Opener, or a server's cache.
	Tables Source
	// Targets, when set, opens the every-target table and the strategy
	// table that rank for a target; nil solves for the target from the
	// position.
	Targets TargetTables
	// Progress, when set, returns the progress callback of a solve for
	// the aim described by what.
	Progress func(what string) func(done, total int)
	// Threads is the goroutines of a solve for the aim (0: GOMAXPROCS):
	// a server leaves a core to its cheap requests.
	Threads int
	// Solve, when set, runs work, the solve that ranks single-sheet
	// game g's actions against opponents: minutes and gigabytes from
	// early in a game, where a server queues it within its memory
	// budget; nil runs it as it is.
	Solve func(g *engine.Game, work func() error) error
}

// Advise answers r: every action of its position, ranked best first by
// the expected final score, or for r's target or opponents, the
// ranking's Goal then holding each action's chance of it. It is the one
// route of every front end: the single-sheet games' expected score by
// their strategy table; a target by the every-target table (Env.Targets)
// or a solve from the position; opponents by a solve from the position;
// school by its strategy, the race with opponents, else the source's
// own. A solve for the aim stops with ctx's error once ctx is done. A
// request the rules do not allow is an *InputError that names its
// fields (Fieldf).
func Advise(ctx context.Context, r Request, env Env) (*Advice, error) {
	if err := r.CheckAim(); err != nil {
		return nil, err
	}
	return routeOf(r.Game).advise(ctx, r, env)
}

// CheckAim returns the *InputError of an aim that r's game does not take:
// a target and opponents both, or either in a game not of five dice;
// else nil. Advise checks it first; a front end may check it before
// work of its own for the aim.
func (r Request) CheckAim() error {
	if r.Target != nil && len(r.Opponents) > 0 {
		return Fieldf("give {target} or {opponents}, not both")
	}
	if !r.aim() {
		return nil
	}
	err := r.Game.FiveDice("advice for a target or against opponents")
	switch {
	case err == nil:
		return nil
	case r.Target != nil:
		return Fieldf("{target} %d: %v", *r.Target, err)
	}
	return Fieldf("{opponents}: %v", err)
}

// aim reports whether r gives an aim: a target or opponents.
func (r Request) aim() bool { return r.Target != nil || len(r.Opponents) > 0 }

// Aimed reports whether r ranks a single-sheet game for a target or
// against opponents: by the every-target table or a solve from the
// position, never by a strategy table given as a file.
func (r Request) Aimed() bool { return routeOf(r.Game).aimed(r) }
