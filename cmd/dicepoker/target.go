package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/solver"
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

// playerFor solves g for a final total of at least total from a new game
// and returns the player that aims at it, with its exact chance and
// expected score.
func playerFor(g *engine.Game, total, threads int) (*target.Player, *aimed, error) {
	sol, err := target.Solve(g, engine.State{}, total, solver.Options{Threads: threads,
		Progress: progress(fmt.Sprintf("solving %s for a total of %d", g.Name, total))})
	if err != nil {
		return nil, nil, err
	}
	pl, err := sol.NewPlayer(total, 0)
	if err != nil {
		return nil, nil, err
	}
	v := sol.Value(engine.State{}, total)
	return pl, &aimed{Target: total, Probability: v.P, Expected: v.E}, nil
}

// simulateTarget plays games aiming at a final total of at least total.
func simulateTarget(g *engine.Game, total, games int, seed uint64, threads int, asJSON, timing bool, stdout io.Writer) error {
	pl, aim, err := playerFor(g, total, threads)
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
	pl, aim, err := playerFor(g, total, threads)
	if err != nil {
		return err
	}
	start := time.Now()
	h, states := pl.Distribution(scores.Options{Threads: threads, Progress: progressIn("carrying "+g.Name+" forward", "turns")})
	d := &scores.Distribution{Game: g, Scores: h, States: states}
	r := exact{game: g, dist: d, summary: d.Summary(), expected: aim.Expected, seconds: time.Since(start).Seconds(), target: aim}
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
