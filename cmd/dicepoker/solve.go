package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"dicepoker/engine"
	"dicepoker/kind"
	"dicepoker/strategy"
)

var solveSummary = `Solve a game exactly: the optimal expected score of every state between
turns, saved as a strategy table that advise and simulate read. The table
goes to --out, else to $DICEPOKER_TABLES, else to the user cache directory.
School is solved exactly with one column; with more, its table is an
estimate of the sheet's value, fitted to simulated play (those of
` + shippedEstimates() + ` ship inside the program: solve fits one again).

--all builds every table ahead of time, so that no later command waits:
each game's strategy table with its default rules and school's with one
column (about 15 s on 2 cores, 62 MB on disk); with --targets also
the every-target tables that --target reads (minutes and several
GB of disk). It says first what it will build and what that takes, and
leaves the tables already there as they are.`

// runSolve solves a game and writes its table.
func runSolve(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("solve")
	out := addOutputFlag(fs, "out", "the table file to write (default: the tables directory)")
	threads := addThreadsFlag(fs, "solve")
	timing := addTimingFlag(fs)
	targets := fs.Bool("targets", false, "solve the every-target table instead: the best chance of every total from every state (single-sheet games)")
	all := fs.Bool("all", false, "build every table ahead of time, with the default rules; with --targets also the every-target tables")
	mem := addMemoryFlag(fs)
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "solve [--game G] [game options] [--targets] [--out FILE] [--threads N] [--memory M] [--json]\n       dicepoker solve --all [--targets] [--threads N] [--memory M] [--json]", solveSummary)
	if err != nil {
		return err
	}
	limit, err := memoryLimit(fs, *mem)
	if err != nil {
		return err
	}
	if *targets {
		if err := g.FiveDice("solve --targets"); err != nil {
			return &usageError{err.Error()}
		}
	}
	if *all {
		for _, f := range []string{"game", "rules", "out"} {
			if fs.Changed(f) {
				return usagef("--all builds every game's tables with the default rules in the tables directory: drop --%s", f)
			}
		}
		for _, opt := range engine.OptionList {
			if fs.Changed(opt.Name) {
				return usagef("--all builds every game's tables with the default rules: drop --%s", opt.Name)
			}
		}
		return e.solveAll(*threads, *targets, *asJSON, *timing, limit, stdout)
	}
	if *targets {
		// The every-target table is built with the strategy table open.
		if err := checkMemory("the solve of "+strategy.Describe(g), e.targetTablesNeed(g, *threads), 0, limit); err != nil {
			return err
		}
		return e.solveTargets(g, *out, *threads, *asJSON, *timing, stdout)
	}
	if err := fits("the solve of "+strategy.Describe(g), kind.Of(g).Table().Cost(*threads).Memory, limit); err != nil {
		return err
	}
	start := time.Now()
	t, err := kind.Solve(e.opened(""), g, *out, *threads)
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	// A single sheet's JSON gives its reachable states and no kind, the
	// optimum being the only one; school's, its table's entries and kind.
	kindKey, states := t.Kind, t.Entries
	if t.Reachable != 0 {
		kindKey, states = "", t.Reachable
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			Game     string   `json:"game"`
			Options  string   `json:"options"`
			Rules    string   `json:"rules"`
			Kind     string   `json:"kind,omitempty"`
			Expected float64  `json:"expected_score"`
			States   int      `json:"states"`
			Seconds  *float64 `json:"seconds,omitempty"`
			Table    string   `json:"table"`
		}{g.Name, g.Options.String(), g.Options.String(), kindKey, t.Expected, states, secondsIf(*timing, seconds), t.Path})
	}
	mib := float64(4*t.Entries) / (1 << 20)
	fmt.Fprintf(stdout, "%s: %s %.7f\n", strategy.Describe(g), t.Kind, t.Expected)
	if t.Reachable != 0 {
		fmt.Fprintf(stdout, "states: %d reachable (%d table entries, %.1f MiB)\n", t.Reachable, t.Entries, mib)
	} else {
		fmt.Fprintf(stdout, "%-7s %d table entries (%.1f MiB)\n", t.Unit+":", t.Entries, mib)
	}
	fmt.Fprintf(stdout, "time:   %.2f s\n", seconds)
	fmt.Fprintf(stdout, "table:  %s\n", t.Path)
	return nil
}

// solveTargets solves g's every-target table and writes it to out, or to
// the tables directory.
func (e env) solveTargets(g *engine.Game, out string, threads int, asJSON, timing bool, stdout io.Writer) error {
	start := time.Now()
	t, err := kind.SolveTargets(e.opened(""), g, out, threads)
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	if asJSON {
		return writeJSON(stdout, struct {
			Game    string  `json:"game"`
			Options string  `json:"options"`
			Rules   string  `json:"rules"`
			States  int     `json:"states"`
			Entries int     `json:"entries"`
			Bytes   int64   `json:"bytes"`
			Bound   float64 `json:"bound"`
			// ExpectedBound bounds the expected scores' error.
			ExpectedBound float64  `json:"expected_bound"`
			Seconds       *float64 `json:"seconds,omitempty"`
			Table         string   `json:"table"`
		}{g.Name, g.Options.String(), g.Options.String(), t.States, t.Entries, t.Bytes, t.Bound, t.ExpectedBound, secondsIf(timing, seconds), t.Path})
	}
	fmt.Fprintf(stdout, "%s: every-target table\n", strategy.Describe(g))
	fmt.Fprintf(stdout, "states:  %d, %d needs stored (%.1f MiB)\n", t.States, t.Entries, float64(t.Bytes)/(1<<20))
	fmt.Fprintf(stdout, "bound:   every chance within %.2g of the exact one, every expected score within %.2g of its play's\n", t.Bound, t.ExpectedBound)
	fmt.Fprintf(stdout, "time:    %.2f s\n", seconds)
	fmt.Fprintf(stdout, "table:   %s\n", t.Path)
	return nil
}

// writeJSON prints v as one JSON object on one line.
func writeJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
