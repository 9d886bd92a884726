package main

import (
	"fmt"
	"io"
	"time"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// solveSchool builds the table of school game g at out (default: the
// tables directory): the exact solution with one column, else the
// estimate of the sheet's value, fitted to simulated play.
func solveSchool(g *engine.Game, out string, threads int, asJSON, timing bool, stdout io.Writer) error {
	dir, err := tables.DefaultDir()
	if err != nil && out == "" {
		return err
	}
	start := time.Now()
	opts := solver.Options{Threads: threads, Progress: progress("solving " + strategy.Describe(g))}
	var kind, unit, path string
	var expected float64
	var states int
	if g.Columns == 1 {
		sol, err := school.Solve(g, opts)
		if err != nil {
			return err
		}
		t := school.FromSolution(sol)
		if path = out; path == "" {
			path = strategy.Path(dir, g)
		}
		if err := t.Save(path); err != nil {
			return err
		}
		kind, unit, expected, states = "optimal expected score", "states", t.Expected, len(t.Values)
	} else {
		f, err := opener("").Fit(g, threads)
		if err != nil {
			return err
		}
		e, err := school.Build(g, f)
		if err != nil {
			return err
		}
		if path = out; path == "" {
			path = school.EstimatePath(dir, g)
		}
		if err := e.Save(path); err != nil {
			return err
		}
		kind, unit, expected, states = fmt.Sprintf("estimate-based player's mean score over %d games", f.Games), "weights", e.Expected, len(e.W)
	}
	seconds := time.Since(start).Seconds()
	if asJSON {
		return writeJSON(stdout, struct {
			Game     string   `json:"game"`
			Options  string   `json:"options"`
			Rules    string   `json:"rules"`
			Kind     string   `json:"kind"`
			Expected float64  `json:"expected_score"`
			States   int      `json:"states"`
			Seconds  *float64 `json:"seconds,omitempty"`
			Table    string   `json:"table"`
		}{g.Name, g.Options.String(), g.Options.String(), kind, expected, states, secondsIf(timing, seconds), path})
	}
	fmt.Fprintf(stdout, "%s: %s %.7f\n", strategy.Describe(g), kind, expected)
	fmt.Fprintf(stdout, "%-7s %d table entries (%.1f MiB)\n", unit+":", states, float64(4*states)/(1<<20))
	fmt.Fprintf(stdout, "time:   %.2f s\n", seconds)
	fmt.Fprintf(stdout, "table:  %s\n", path)
	return nil
}
