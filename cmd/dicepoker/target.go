package main

import (
	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/kind"
)

// The --target flag of advise, simulate and distribution: play to finish
// with at least a given total, not for the most points on average, by
// the game's every-target table. advise ranks for it with
// advice.Advise, simulate and distribution play the kind.Player
// that aims at it.

// maxTarget is the largest --target: far above any game's highest score.
const maxTarget = advice.MaxTarget

// addTarget registers --target on fs, for parse to check against the
// game; verb says what the total is for.
func (g *gameFlags) addTarget(fs *pflag.FlagSet, verb string) {
	g.total = fs.Int("target", 0, verb+" to finish with at least this total (single-sheet games)")
}

// targetOf returns the --target of fs, nil when it is not given, or a
// usage error for a value out of range or a game it does not belong to.
func targetOf(fs *pflag.FlagSet, g *engine.Game, value int) (*int, error) {
	if !fs.Changed("target") {
		return nil, nil
	}
	switch {
	case kind.Of(g).Targets() == nil:
		return nil, usagef("--target belongs to the single-sheet games, not to %s", g.Name)
	case value < 0 || value > maxTarget:
		return nil, usagef("--target %d: must be 0 to %d", value, maxTarget)
	}
	return &value, nil
}

// targetJSON returns the target of a --target run, nil for others.
func (r *exact) targetJSON() *int {
	if r.player.Aim == nil {
		return nil
	}
	return &r.player.Aim.Target
}

// reach returns the exact chance of a --target run's final score being
// the target or more, from its distribution; nil for other runs.
func (r *exact) reach() *float64 {
	if r.player.Aim == nil {
		return nil
	}
	p := r.dist.Scores.AtLeast(r.player.Aim.Target)
	return &p
}
