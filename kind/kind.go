package kind

import (
	"fmt"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/export"
	"dicepoker/internal/cost"
	"dicepoker/internal/memory"
	"dicepoker/internal/statespace"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// Kind is a kind of game as the commands meet it: a single sheet solved
// exactly, school with one column solved exactly, or school with more
// columns played by a fitted estimate. It says what the game's tables
// are and what they take, and NewPlayer, Solve, States and Positions ask it how to solve,
// export and play the game. Of returns a game's kind, which the
// commands and the server ask rather than the game's columns.
type Kind interface {
	// Exact reports whether the game's table is its exact solution
	// rather than an estimate fitted to simulated play.
	Exact() bool
	// Table returns the game's own table, the one solve builds and the
	// default strategy plays by.
	Table() Build
	// Targets returns the game's every-target table, by which a player
	// aims at a total; nil where the kind has none (school).
	Targets() *Build

	// solve builds the game's own table with threads goroutines and
	// says what it built, all but its path.
	solve(o advice.Opener, threads int) (tables.Saver, *Solved, error)
	// states returns every state of the game with its exact value.
	states(o advice.Opener) (*export.Rows, error)
	// positions returns the positions its optimal play meets.
	positions(o advice.Opener, s export.Sample) (*export.Rows, error)
	// player opens the strategy called name.
	player(o advice.Opener, name string) (*Player, error)
	// checkRun checks a run of games as CheckRun does, past the number
	// of games that every kind checks alike.
	checkRun(name string, total *int, games int, seats *int) error
}

// Build is a table of a game: what it is, the file it is kept in and
// what building it takes.
type Build struct {
	What string // "yahtzee strategy table", "school one-column exact table"
	// Path returns its file in the tables directory dir.
	Path func(dir string) string
	// Cost returns what building it takes with threads goroutines.
	Cost func(threads int) cost.Cost
}

// Need returns what opening the table takes: its file's size where it
// is in the tables directory dir, else its build's with threads
// goroutines.
func (b Build) Need(dir string, threads int) memory.Need {
	return memory.FileNeed(dir, b.Path(dir), b.Cost(threads))
}

// Of returns the kind of g, which follows the kind of its sheets
// (coach.Sheet.Visit): a single sheet, or school's, exact or estimated.
func Of(g *engine.Game) Kind {
	var k kinds
	coach.NewSheet(g).Visit(&k)
	return k.kind
}

// kinds is the visit of a sheet that finds its game's kind.
type kinds struct{ kind Kind }

func (k *kinds) Single(g *engine.Game, _ engine.Sheet) { k.kind = single{g} }

func (k *kinds) School(g *engine.Game, _ engine.SchoolSheet) {
	if school.SolvesExactly(g) {
		k.kind = exactSchool{schoolKind{g}}
	} else {
		k.kind = estimatedSchool{schoolKind{g}}
	}
}

// single is the kind of the single-sheet games: yahtzee, yatzy, swedish
// and poker-dice, solved exactly, with an every-target table, played
// alone or in seats (package seats).
type single struct{ g *engine.Game }

func (single) Exact() bool { return true }

// Rates of the exact solve of a single sheet, by the entries of its table
// (statespace.Layout), measured on cost.Rated cores (see package cost), by
// the cores' time: yahtzee's 1,048,576 entries in 0.56 s and 37.6 MB
// resident, yatzy's 2,097,152 in 1.24 s and 55.4 MB, swedish's 4,194,304
// in 2.32 s and 88.9 MB, poker-dice's 131,072 in 0.13 s and 22.1 MB.
const (
	sheetSecondsPerEntry = 0.3e-6
	sheetBytesPerEntry   = 20
	baseMemory           = 16e6 // what the program holds before a build starts
)

func (k single) Table() Build {
	g := k.g
	return Build{What: g.Name + " strategy table", Path: pathOf(g, strategy.Path), Cost: func(threads int) cost.Cost {
		n := statespace.NewLayout(g).Size()
		return cost.Cost{
			Seconds: cost.Spread(sheetSecondsPerEntry*float64(n), threads),
			Disk:    4*int64(n) + 100,
			Memory:  int64(baseMemory + sheetBytesPerEntry*float64(n)),
		}
	}}
}

func (k single) Targets() *Build {
	g := k.g
	return &Build{What: g.Name + " every-target table", Path: pathOf(g, target.TablePath),
		Cost: func(threads int) cost.Cost { return target.TableCost(g, threads) }}
}

// pathOf returns the Build.Path of g's table that path names.
func pathOf(g *engine.Game, path func(dir string, g *engine.Game) string) func(dir string) string {
	return func(dir string) string { return path(dir, g) }
}

func (k single) solve(o advice.Opener, threads int) (tables.Saver, *Solved, error) {
	sol, err := solver.Solve(k.g, solver.Options{Threads: threads, Progress: o.SolveProgress("solving " + k.g.Name)})
	if err != nil {
		return nil, nil, err
	}
	st := strategy.FromSolution(sol)
	return st, &Solved{Kind: optimum, Unit: "states", Expected: st.Expected, Reachable: sol.States, Entries: len(st.Values)}, nil
}

func (k single) states(o advice.Opener) (*export.Rows, error) {
	t, err := o.Table(k.g)
	if err != nil {
		return nil, err
	}
	return export.States(t), nil
}

func (k single) positions(o advice.Opener, s export.Sample) (*export.Rows, error) {
	return exactPositions(o, k.g, s)
}

// exactPositions returns the positions that the exact play of g meets.
func exactPositions(o advice.Opener, g *engine.Game, s export.Sample) (*export.Rows, error) {
	adv, err := advice.Advisor(o, g)
	if err != nil {
		return nil, err
	}
	return export.Positions(g, adv, s), nil
}

func (k single) checkRun(name string, total *int, _ int, seats *int) error {
	switch {
	case total != nil && seats != nil:
		return advice.Fieldf("{target} plays alone: with seats, give {strategy} target:T")
	case total != nil || !Seated(name, seats):
		return nil
	}
	_, err := lineup(k.g, name, seats)
	return err
}

// schoolKind is what the kinds of school share: no every-target table,
// and its players (schoolPlayer), one strategy a seat, the first-come
// bonuses going to whoever earns them first.
type schoolKind struct{ g *engine.Game }

func (schoolKind) Targets() *Build { return nil }

func (k schoolKind) player(o advice.Opener, name string) (*Player, error) {
	return schoolPlayer(o, k.g, name)
}

// maxSchoolGames is the most school games a run plays: it keeps every
// game's scores, 8 bytes a seat.
const maxSchoolGames = 50_000_000

func (schoolKind) checkRun(name string, _ *int, games int, seats *int) error {
	switch {
	case games > maxSchoolGames:
		return advice.Fieldf("{games} %d: school plays at most %d games a run", games, maxSchoolGames)
	case seats != nil && (*seats < 1 || *seats > scores.MaxSeats):
		return advice.Fieldf("{players} %d: school has 1 to %d players", *seats, scores.MaxSeats)
	}
	_, err := schoolNames(name, seats)
	return err
}

// exactSchool is the kind of school with one column, solved exactly.
type exactSchool struct{ schoolKind }

func (exactSchool) Exact() bool { return true }

func (k exactSchool) Table() Build {
	g := k.g
	return Build{What: "school one-column exact table", Path: pathOf(g, strategy.Path),
		Cost: func(threads int) cost.Cost { return school.ExactCost(g, threads) }}
}

func (k exactSchool) solve(o advice.Opener, threads int) (tables.Saver, *Solved, error) {
	sol, err := school.Solve(k.g, solver.Options{Threads: threads, Progress: o.SolveProgress("solving " + strategy.Describe(k.g))})
	if err != nil {
		return nil, nil, err
	}
	ex := school.FromSolution(sol)
	return ex, &Solved{Kind: optimum, Unit: "states", Expected: ex.Expected, Entries: len(ex.Values)}, nil
}

func (k exactSchool) states(o advice.Opener) (*export.Rows, error) {
	t, err := o.Exact(k.g)
	if err != nil {
		return nil, err
	}
	return export.SchoolStates(t), nil
}

func (k exactSchool) positions(o advice.Opener, s export.Sample) (*export.Rows, error) {
	return exactPositions(o, k.g, s)
}

// estimatedSchool is the kind of school with more than one column,
// played by an estimate of the sheets' values fitted to simulated play.
type estimatedSchool struct{ schoolKind }

func (estimatedSchool) Exact() bool { return false }

func (k estimatedSchool) Table() Build {
	g := k.g
	return Build{What: strategy.Describe(g) + " estimate", Path: pathOf(g, school.EstimatePath),
		Cost: func(threads int) cost.Cost { return school.FitCost(g, school.DefaultFit(g, nil, threads)) }}
}

func (k estimatedSchool) solve(o advice.Opener, threads int) (tables.Saver, *Solved, error) {
	f, err := o.Fit(k.g, threads)
	if err != nil {
		return nil, nil, err
	}
	e, err := school.Build(k.g, f)
	if err != nil {
		return nil, nil, err
	}
	return e, &Solved{Kind: fmt.Sprintf("estimate-based player's mean score over %d games", f.Games),
		Unit: "weights", Expected: e.Expected, Entries: len(e.W)}, nil
}

func (k estimatedSchool) states(advice.Opener) (*export.Rows, error) {
	return nil, advice.Fieldf("{what} states: school with %d columns has no table of states, only an estimate of their value; use {columns} 1", k.g.Columns)
}

func (k estimatedSchool) positions(advice.Opener, export.Sample) (*export.Rows, error) {
	return nil, advice.Fieldf("{what} positions: school with %d columns is not solved exactly, so its values would be estimates; use {columns} 1", k.g.Columns)
}
