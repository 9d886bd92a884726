package kind

import (
	"fmt"
	"os"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// Table is what solve built and saved of a game.
type Table struct {
	// Kind says what Expected is: the "optimal expected score" of an
	// exact solution, or the mean score an estimate's player measured.
	Kind     string
	Expected float64
	// Reachable is the states a single-sheet solve reached; 0 for school,
	// whose table's size says all.
	Reachable int
	Entries   int    // the values of the table
	Unit      string // what the values are: "states", or an estimate's "weights"
	Path      string // the file it was saved to
}

// optimum is the Kind of an exact solution.
const optimum = "optimal expected score"

// Solve builds g's table with threads goroutines and saves it at out
// (default: the tables directory): the exact solution of a single sheet
// or of one-column school, else the estimate of the sheet's value,
// fitted to simulated play.
func (o Opener) Solve(g *engine.Game, out string, threads int) (*Table, error) {
	at, err := saveAt(g, out)
	if err != nil {
		return nil, err
	}
	var t tables.Saver
	said := &Table{Kind: optimum, Unit: "states"}
	switch g.Columns {
	case 0:
		sol, err := solver.Solve(g, solver.Options{Threads: threads, Progress: o.progress("solving " + g.Name)})
		if err != nil {
			return nil, err
		}
		st := strategy.FromSolution(sol)
		t, said.Expected, said.Reachable, said.Entries, said.Path = st, st.Expected, sol.States, len(st.Values), at(strategy.Path)
	case 1:
		sol, err := school.Solve(g, solver.Options{Threads: threads, Progress: o.progress("solving " + strategy.Describe(g))})
		if err != nil {
			return nil, err
		}
		ex := school.FromSolution(sol)
		t, said.Expected, said.Entries, said.Path = ex, ex.Expected, len(ex.Values), at(strategy.Path)
	default:
		f, err := o.Fit(g, threads)
		if err != nil {
			return nil, err
		}
		e, err := school.Build(g, f)
		if err != nil {
			return nil, err
		}
		said.Kind = fmt.Sprintf("estimate-based player's mean score over %d games", f.Games)
		t, said.Expected, said.Entries, said.Unit, said.Path = e, e.Expected, len(e.W), "weights", at(school.EstimatePath)
	}
	if err := t.Save(said.Path); err != nil {
		return nil, err
	}
	return said, nil
}

// saveAt returns where a table of g goes: out, else its name in the
// tables directory.
func saveAt(g *engine.Game, out string) (func(name func(dir string, g *engine.Game) string) string, error) {
	dir := ""
	if out == "" {
		var err error
		if dir, err = tables.DefaultDir(); err != nil {
			return nil, err
		}
	}
	return func(name func(dir string, g *engine.Game) string) string {
		if out != "" {
			return out
		}
		return name(dir, g)
	}, nil
}

// Targets is what solve --targets built and saved of a game: its
// every-target table.
type Targets struct {
	States  int     // the states of the table
	Entries int     // the chances it stores
	Bytes   int64   // the size of its file
	Bound   float64 // every chance is within it of the exact one
	// ExpectedBound: every expected score is within it of the exact
	// expected points of the table's play.
	ExpectedBound float64
	Path          string // the file it was saved to
}

// SolveTargets solves single-sheet game g's every-target table with
// threads goroutines and saves it at out (default: the tables
// directory).
func (o Opener) SolveTargets(g *engine.Game, out string, threads int) (*Targets, error) {
	if g.Columns != 0 {
		return nil, advice.Fieldf("{targets} belongs to the single-sheet games, not to %s", g.Name)
	}
	at, err := saveAt(g, out)
	if err != nil {
		return nil, err
	}
	t, err := target.SolveTable(g, solver.Options{Threads: threads, Progress: o.progress("solving " + g.Name + " for every target")})
	if err != nil {
		return nil, err
	}
	path := at(target.TablePath)
	if err := t.Save(path); err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return &Targets{States: t.States, Entries: t.Entries, Bytes: fi.Size(), Bound: target.Bound(g), ExpectedBound: t.EBound(), Path: path}, nil
}
