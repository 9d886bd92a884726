package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

const solveSummary = `Solve a game exactly: the optimal expected score of every state between
turns, saved as a strategy table that advise and simulate read. The table
goes to --out, else to $DICEPOKER_TABLES, else to the user cache directory.
School is solved exactly with one column; with more, its table is an
estimate of the sheet's value, fitted to simulated play.`

// runSolve solves a game and writes its table.
func runSolve(args []string, stdout io.Writer) error {
	fs := newFlagSet("solve")
	gf := addGameFlags(fs)
	out := fs.String("out", "", "the table file to write (default: the tables directory)")
	threads := addThreadsFlag(fs, "solve")
	timing := addTimingFlag(fs)
	targets := fs.Bool("targets", false, "solve the every-target table instead: the best chance of every total from every state (single-sheet games)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args, stdout, "solve [--game G] [game options] [--targets] [--out FILE] [--threads N] [--json]", solveSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	if err := outputFlag("out", *out); err != nil {
		return err
	}
	if *targets {
		return solveTargets(g, *out, *threads, *asJSON, *timing, stdout)
	}
	if g.Columns != 0 {
		return solveSchool(g, *out, *threads, *asJSON, *timing, stdout)
	}
	path := *out
	if path == "" {
		dir, err := tables.DefaultDir()
		if err != nil {
			return err
		}
		path = strategy.Path(dir, g)
	}
	start := time.Now()
	sol, err := solver.Solve(g, solver.Options{Threads: *threads, Progress: progress("solving " + g.Name)})
	if errors.Is(err, solver.ErrNotSingleSheet) {
		return usagef("%v", err)
	}
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	t := strategy.FromSolution(sol)
	if err := t.Save(path); err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			Game     string   `json:"game"`
			Options  string   `json:"options"`
			Rules    string   `json:"rules"`
			Expected float64  `json:"expected_score"`
			States   int      `json:"states"`
			Seconds  *float64 `json:"seconds,omitempty"`
			Table    string   `json:"table"`
		}{g.Name, g.Options.String(), g.Options.String(), sol.Expected(), sol.States, secondsIf(*timing, seconds), path})
	}
	fmt.Fprintf(stdout, "%s: optimal expected score %.7f\n", strategy.Describe(g), sol.Expected())
	fmt.Fprintf(stdout, "states: %d reachable (%d table entries, %.1f MiB)\n", sol.States, len(t.Values), float64(4*len(t.Values))/(1<<20))
	fmt.Fprintf(stdout, "time:   %.2f s\n", seconds)
	fmt.Fprintf(stdout, "table:  %s\n", path)
	return nil
}

// writeJSON prints v as one JSON object on one line.
func writeJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
