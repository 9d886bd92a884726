package kind

import (
	"cmp"
	"os"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/target"
)

// Solved is what Solve built and saved of a game.
type Solved struct {
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
func Solve(o advice.Opener, g *engine.Game, out string, threads int) (*Solved, error) {
	dir, err := dirFor(o, out)
	if err != nil {
		return nil, err
	}
	k := Of(g)
	t, said, err := k.solve(o, threads)
	if err != nil {
		return nil, err
	}
	said.Path = cmp.Or(out, k.Table().Path(dir))
	if err := t.Save(said.Path); err != nil {
		return nil, err
	}
	return said, nil
}

// dirFor returns the directory a table goes to when it is not saved at
// out: the tables directory, or "" where out is given.
func dirFor(o advice.Opener, out string) (string, error) {
	if out != "" {
		return "", nil
	}
	return o.TablesDir()
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
func SolveTargets(o advice.Opener, g *engine.Game, out string, threads int) (*Targets, error) {
	dir, err := dirFor(o, out)
	if err != nil {
		return nil, err
	}
	b := Of(g).Targets()
	if b == nil {
		return nil, advice.Fieldf("{targets} belongs to the single-sheet games, not to %s", g.Name)
	}
	path := cmp.Or(out, b.Path(dir))
	t, err := target.SolveTable(g, solver.Options{Threads: threads, Progress: o.SolveProgress("solving " + g.Name + " for every target")})
	if err != nil {
		return nil, err
	}
	if err := t.Save(path); err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return &Targets{States: t.States, Entries: t.Entries, Bytes: fi.Size(), Bound: target.Bound(g), ExpectedBound: t.EBound(), Path: path}, nil
}
