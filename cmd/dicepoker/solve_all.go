package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/kind"
	"dicepoker/school"
)

// tableBuild is a table solve --all builds: what it is, its file, what
// building it takes, and the build.
type tableBuild struct {
	what  string
	game  *engine.Game
	path  string
	cost  cost.Cost
	build func() error
}

// buildOf returns the tableBuild of b, a table of g, in the tables
// directory dir on threads goroutines, built by build.
func buildOf(b kind.Build, g *engine.Game, dir string, threads int, build func() error) tableBuild {
	return tableBuild{what: b.What, game: g, path: b.Path(dir), cost: b.Cost(threads), build: build}
}

// allTables returns the tables solve --all builds in dir on threads
// goroutines: every game's strategy table with its default rules, school's
// with one column (exact), and with targets every single-sheet game's
// every-target table. School's estimates for more columns ship inside
// the program.
func (e env) allTables(dir string, threads int, targets bool) ([]tableBuild, error) {
	o := e.opened("")
	var all []tableBuild
	for _, name := range engine.GameNames {
		opts := engine.Options{}
		if name == "school" {
			opts.Columns = 1
		}
		g, err := engine.New(name, opts)
		if err != nil {
			return nil, err
		}
		all = append(all, buildOf(kind.Of(g).Table(), g, dir, threads, func() error { _, err := kind.Solve(o, g, "", threads); return err }))
	}
	if targets {
		for _, tb := range all[:len(all):len(all)] {
			g := tb.game
			if b := kind.Of(g).Targets(); b != nil {
				all = append(all, buildOf(*b, g, dir, threads, func() error { _, err := kind.SolveTargets(o, g, "", threads); return err }))
			}
		}
	}
	return all, nil
}

// shippedEstimates says which of school's estimates ship inside the
// program: "2, 3 and 4 columns".
func shippedEstimates() string {
	cols := make([]string, len(school.ShippedColumns))
	for i, c := range school.ShippedColumns {
		cols[i] = fmt.Sprint(c)
	}
	if len(cols) < 2 {
		return strings.Join(cols, "") + " columns"
	}
	return strings.Join(cols[:len(cols)-1], ", ") + " and " + cols[len(cols)-1] + " columns"
}

// solveAll builds every table of allTables missing from the tables
// directory, one after the other, saying first what it will build and
// what that takes, and first that the largest fits limit (0: none) or
// what the machine has free; a table already there is left as it is.
func (e env) solveAll(threads int, targets, asJSON, timing bool, limit int64, stdout io.Writer) error {
	dir, err := e.opened("").TablesDir()
	if err != nil {
		return err
	}
	all, err := e.allTables(dir, threads, targets)
	if err != nil {
		return err
	}
	var todo, present []tableBuild
	var total cost.Cost
	for _, b := range all {
		if _, err := os.Stat(b.path); err == nil {
			present = append(present, b)
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		todo = append(todo, b)
		total = total.Plus(b.cost)
	}
	// The tables are built one after the other: the largest must fit.
	if err := fits("the largest table of solve --all", total.Memory, limit); err != nil {
		return err
	}
	// The plan goes to stdout, or with --json to stderr, as a notice.
	plan := stdout
	if asJSON {
		plan = os.Stderr
	}
	fmt.Fprintf(plan, "tables directory: %s\n", dir)
	if len(todo) > 0 {
		fmt.Fprintf(plan, "to build: %s, one after the other: %s on %d cores, %s on disk, at most %s of memory\n",
			fmt.Sprint(len(todo), " ", engine.Plural(len(todo), "table", "tables")), cost.Duration(total.Seconds), cost.Cores(threads), cost.Bytes(total.Disk), cost.Bytes(total.Memory))
	}
	for _, b := range todo {
		fmt.Fprintf(plan, "  %-36s %s\n", b.what, b.cost)
	}
	for _, b := range present {
		fmt.Fprintf(plan, "already there: %s\n", b.what)
	}
	fmt.Fprintf(plan, "inside the program: the school estimates for %s\n", shippedEstimates())
	if !targets {
		fmt.Fprintln(plan, "not built: the every-target tables that --target reads (solve --all --targets builds them)")
	}
	type built struct {
		Table   string   `json:"table"`
		Game    string   `json:"game"`
		Options string   `json:"options"`
		Path    string   `json:"path"`
		Built   bool     `json:"built"`
		Seconds *float64 `json:"seconds,omitempty"`
	}
	var report []built
	for _, b := range present {
		report = append(report, built{b.what, b.game.Name, b.game.Options.String(), b.path, false, nil})
	}
	for _, b := range todo {
		start := time.Now()
		if err := b.build(); err != nil {
			return err
		}
		seconds := time.Since(start).Seconds()
		report = append(report, built{b.what, b.game.Name, b.game.Options.String(), b.path, true, secondsIf(timing, seconds)})
		if !asJSON {
			fmt.Fprintf(stdout, "built %s in %.1f s: %s\n", b.what, seconds, b.path)
		}
	}
	if asJSON {
		return writeJSON(stdout, struct {
			Tables []built `json:"tables"`
		}{report})
	}
	if len(todo) == 0 {
		fmt.Fprintln(stdout, "nothing to build")
	}
	return nil
}
