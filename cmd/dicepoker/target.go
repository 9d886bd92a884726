package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// The --target flag of advise, simulate and distribution, and the
// --target runs of simulate and distribution: play to finish with at
// least a given total, not for the most points on average. advise ranks
// for it with advice.AdviseToWin.

// maxTarget is the largest --target: far above any game's highest score.
const maxTarget = advice.MaxTarget

// addTargetFlag registers --target on fs.
func addTargetFlag(fs *pflag.FlagSet, verb string) *int {
	return fs.Int("target", 0, verb+" to finish with at least this total (single-sheet games)")
}

// targetOf returns the --target of fs, or a usage error for a value out
// of range or a game it does not belong to; ok is false when it is not
// given.
func targetOf(fs *pflag.FlagSet, g *engine.Game, value int) (t int, ok bool, err error) {
	if !fs.Changed("target") {
		return 0, false, nil
	}
	switch {
	case g.Columns != 0:
		return 0, false, usagef("--target belongs to the single-sheet games, not to %s", g.Name)
	case value < 0 || value > maxTarget:
		return 0, false, usagef("--target %d: must be 0 to %d", value, maxTarget)
	}
	return value, true, nil
}

// playerFor returns the player that aims at a final total of at least
// total from a new game, by g's every-target table (built on first use),
// with its chance of the total.
func playerFor(g *engine.Game, total int) (*target.Player, *aimed, error) {
	tab, ev, err := opener("").TargetPlay(g, true)
	if err != nil {
		return nil, nil, err
	}
	pl, err := tab.NewPlayer(engine.State{}, total, 0, ev)
	if err != nil {
		return nil, nil, err
	}
	return pl, &aimed{Target: total, Probability: tab.Chance(engine.State{}, total)}, nil
}

// targetTables is what advise --target ranks by: the every-target table
// and the strategy table, opened with progress bars and notices.
func targetTables() *advice.Opener {
	o := opener("")
	return &o
}

// simulateTarget plays games aiming at a final total of at least total.
func simulateTarget(g *engine.Game, total, games int, seed uint64, threads int, asJSON, timing bool, stdout io.Writer) error {
	pl, aim, err := playerFor(g, total)
	if err != nil {
		return err
	}
	start := time.Now()
	s, err := pl.Simulate(games, seed, scores.Options{Threads: threads, Progress: progressIn("simulating "+g.Name, "games")})
	if err != nil {
		return err
	}
	r := simulation{game: g, strategy: "target", seed: seed, sample: s, summary: s.Summary(), seconds: time.Since(start).Seconds(), target: aim, timing: timing}
	if asJSON {
		return writeJSON(stdout, r.json())
	}
	r.writeText(stdout)
	return nil
}

// reached returns the share of a --target run's games that reached the
// target, nil for other runs.
func (r *simulation) reached() *float64 {
	if r.target == nil {
		return nil
	}
	share := r.sample.Scores.AtLeast(r.target.Target) / float64(r.sample.Games)
	return &share
}

// distributionTarget computes the exact final score distribution of the
// play that aims at a total of at least total.
func distributionTarget(g *engine.Game, total int, png string, threads int, asJSON bool, stdout io.Writer) error {
	pl, aim, err := playerFor(g, total)
	if err != nil {
		return err
	}
	start := time.Now()
	h, states := pl.Distribution(scores.Options{Threads: threads, Progress: progressIn("carrying "+g.Name+" forward", "turns")})
	d := &scores.Distribution{Game: g, Scores: h, States: states}
	sum := d.Summary()
	aim.Expected = &sum.Mean
	r := exact{game: g, dist: d, summary: sum, expected: sum.Mean, seconds: time.Since(start).Seconds(), target: aim}
	return r.print(png, asJSON, stdout)
}

// targetJSON returns the target of a --target run, nil for others.
func (r *exact) targetJSON() *int {
	if r.target == nil {
		return nil
	}
	return &r.target.Target
}

// reach returns the exact chance of a --target run's final score being
// the target or more, from its distribution; nil for other runs.
func (r *exact) reach() *float64 {
	if r.target == nil {
		return nil
	}
	p := r.dist.Scores.AtLeast(r.target.Target)
	return &p
}

// solveTargets solves g's every-target table and writes it to out, or to
// the tables directory.
func solveTargets(g *engine.Game, out string, threads int, asJSON, timing bool, stdout io.Writer) error {
	if g.Columns != 0 {
		return usagef("--targets belongs to the single-sheet games, not to %s", g.Name)
	}
	if out == "" {
		dir, err := tables.DefaultDir()
		if err != nil {
			return err
		}
		out = target.TablePath(dir, g)
	}
	start := time.Now()
	t, err := target.SolveTable(g, solver.Options{Threads: threads, Progress: progress("solving " + g.Name + " for every target")})
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	if err := t.Save(out); err != nil {
		return err
	}
	fi, err := os.Stat(out)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, struct {
			Game    string   `json:"game"`
			Options string   `json:"options"`
			Rules   string   `json:"rules"`
			States  int      `json:"states"`
			Entries int      `json:"entries"`
			Bytes   int64    `json:"bytes"`
			Bound   float64  `json:"bound"`
			Seconds *float64 `json:"seconds,omitempty"`
			Table   string   `json:"table"`
		}{g.Name, g.Options.String(), g.Options.String(), t.States, t.Entries, fi.Size(), target.Bound(g), secondsIf(timing, seconds), out})
	}
	fmt.Fprintf(stdout, "%s: every-target table\n", strategy.Describe(g))
	fmt.Fprintf(stdout, "states:  %d, %d chances stored (%.1f MiB)\n", t.States, t.Entries, float64(fi.Size())/(1<<20))
	fmt.Fprintf(stdout, "bound:   every chance within %.2g of the exact one\n", target.Bound(g))
	fmt.Fprintf(stdout, "time:    %.2f s\n", seconds)
	fmt.Fprintf(stdout, "table:   %s\n", out)
	return nil
}
