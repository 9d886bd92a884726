package main

import (
	"fmt"
	"os"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/tables"
)

// schoolStrategies are the players of school, for --strategy.
var schoolStrategies = []string{"optimal", "estimate", "greedy"}

// schoolStrategy values school sheets between turns for one player.
type schoolStrategy struct {
	Name  string        // one of schoolStrategies
	Value school.Values // the value of a sheet between turns
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
	notice := func(msg string) { fmt.Fprintln(os.Stderr, "dicepoker: "+msg) }
	dir, err := tables.DefaultDir()
	if err != nil && file == "" && name != "greedy" {
		return nil, err
	}
	opts := solver.Options{Progress: progress("solving " + g.Name)}
	switch name {
	case "greedy":
		return &schoolStrategy{Name: name, Value: func(engine.SchoolState) float64 { return 0 }}, nil
	case "optimal":
		if g.Columns != 1 {
			return nil, usagef("--strategy optimal: school is solved exactly with one column only (--columns 1); use estimate")
		}
		var t *school.Exact
		if file != "" {
			t, err = school.LoadExact(file, g)
		} else {
			t, err = school.OpenExact(dir, g, opts, notice)
		}
		if err != nil {
			return nil, &usageError{err.Error()}
		}
		return &schoolStrategy{Name: name, Value: t.Value}, nil
	}
	return nil, usagef("unknown --strategy %q (strategies: optimal, estimate, greedy)", name)
}
