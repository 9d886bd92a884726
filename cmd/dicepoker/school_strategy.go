package main

import (
	"fmt"
	"os"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// schoolStrategy is how one player of school values the sheets between turns.
type schoolStrategy struct {
	Name   string        // optimal, estimate or greedy
	Player school.Player // the values of the sheets after a turn
	Value  school.Values // the value of a sheet between turns
	// Expected is the player's expected score of a new game: exact for the
	// optimal player, the mean measured when an estimate was fitted.
	Expected float64
}

// openSchool returns the strategy called name for school game g ("": the
// exact table with one column, else the estimate), reading its table from
// file or the tables directory, building it there first when missing.
func openSchool(g *engine.Game, file, name string) (*schoolStrategy, error) {
	if name == "" {
		name = "estimate"
		if g.Columns == 1 {
			name = "optimal"
		}
	}
	switch name {
	case "greedy":
		zero := func(engine.SchoolState) float64 { return 0 }
		return &schoolStrategy{Name: name, Player: school.Fixed(zero), Value: zero}, nil
	case "optimal":
		if g.Columns != 1 {
			return nil, usagef("--strategy optimal: school is solved exactly with one column only (--columns 1); use estimate")
		}
		t, err := openExact(g, file)
		if err != nil {
			return nil, err
		}
		return &schoolStrategy{Name: name, Player: school.Fixed(t.Value), Value: t.Value, Expected: t.Expected}, nil
	case "estimate":
		e, err := openEstimate(g, file)
		if err != nil {
			return nil, err
		}
		return &schoolStrategy{Name: name, Player: e.After, Value: e.Value, Expected: e.Expected}, nil
	}
	return nil, usagef("--strategy %q: want optimal, estimate or greedy", name)
}

// note says how the strategy values positions when that is not exact, for
// the output to say so; "" for the optimal player.
func (st *schoolStrategy) note(g *engine.Game) string {
	if st.Name == "optimal" {
		return ""
	}
	return fmt.Sprintf("school with %d columns is not solved exactly: the advisor values the sheets between turns by its %s, so its best actions, expected scores and losses are estimates",
		g.Columns, st.Name)
}

// notice tells the user on stderr that a table is being built.
func notice(msg string) { fmt.Fprintln(os.Stderr, "dicepoker: "+msg) }

// openExact reads the exact table of one-column school game g from file,
// or from the tables directory, solving and saving it there first when
// it is missing.
func openExact(g *engine.Game, file string) (*school.Exact, error) {
	var t *school.Exact
	var err error
	if file != "" {
		t, err = school.LoadExact(file, g)
	} else {
		var dir string
		if dir, err = tables.DefaultDir(); err != nil {
			return nil, err
		}
		t, err = school.OpenExact(dir, g, solver.Options{Progress: progress("solving " + g.Name)}, notice)
	}
	return t, tableError(err)
}

// openEstimate reads the estimate of school game g from file, or from the
// tables directory, fitting and saving it there first when it is missing.
func openEstimate(g *engine.Game, file string) (*school.Estimate, error) {
	var e *school.Estimate
	var err error
	if file != "" {
		e, err = school.LoadEstimate(file, g)
	} else {
		var dir string
		if dir, err = tables.DefaultDir(); err != nil {
			return nil, err
		}
		e, err = school.OpenEstimate(dir, g, func() (school.Fit, error) { return schoolFit(g, 0) }, notice)
	}
	return e, tableError(err)
}

// schoolFit returns how g's estimate is fitted: seeded from the exact
// table with one column.
func schoolFit(g *engine.Game, threads int) (school.Fit, error) {
	var teacher school.Values
	if g.Columns == 1 {
		t, err := openExact(g, "")
		if err != nil {
			return school.Fit{}, err
		}
		teacher = t.Value
	}
	f := school.DefaultFit(g, teacher, threads)
	// The rounds are alike, so the time left at the rate of the rounds so
	// far is honest; the games that measure the estimate come after them.
	if tick := ticking("fitting the "+strategy.Describe(g)+" estimate", "rounds", f.Train.Rounds); tick != nil {
		f.Train.Progress = func(round int, _ *school.Estimate) { tick(round + 1) }
	}
	return f, nil
}
