package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/spf13/pflag"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/target"
)

// The --target mode of advise, simulate and distribution: play to finish
// with at least a given total, not for the most points on average.

// maxTarget is the largest --target: far above any game's highest score.
const maxTarget = 100_000

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

// solveTarget solves g for reaching total points from state s, with score
// points on the sheet already.
func solveTarget(g *engine.Game, s engine.State, score, total, threads int) (*target.Solution, error) {
	return target.Solve(g, s, max(0, total-score), solver.Options{Threads: threads,
		Progress: progress(fmt.Sprintf("solving %s for a total of %d", g.Name, total))})
}

// targetAdvice is one position ranked for a target or against
// opponents, ready to print.
type targetAdvice struct {
	advice
	target    *int      // the total aimed at, or nil
	opponents []int     // the opponents' sheet scores, when playing to beat them
	chance    []float64 // by action, the chance of the target or of winning
}

// goal says what the chances are of, for people.
func (a *targetAdvice) goal() string {
	if a.target != nil {
		return fmt.Sprintf("%d or more", *a.target)
	}
	return "winning"
}

// adviseToWin is advise with --target or --opponent.
func adviseToWin(fs *pflag.FlagSet, g *engine.Game, sheet engine.Sheet, hand engine.Multiset, rollsLeft, total int, opponents []string, asJSON bool, stdout io.Writer) error {
	switch {
	case fs.Changed("table"):
		return usagef("--target and --opponent solve for their aim and read no --table")
	case fs.Changed("target") && fs.Changed("opponent"):
		return usagef("give --target or --opponent, not both")
	case fs.Changed("target"):
		return adviseTarget(g, sheet, hand, rollsLeft, total, asJSON, stdout)
	}
	sheets := make([]engine.Sheet, len(opponents))
	for i, o := range opponents {
		sh, err := engine.ParseSheet(g, o)
		if err != nil {
			return usagef("--opponent %q: %v", o, err)
		}
		sheets[i] = sh
	}
	return adviseBeat(g, sheet, hand, rollsLeft, sheets, asJSON, stdout)
}

// adviseTarget ranks the actions of a position by their chance of a
// final total of at least total.
func adviseTarget(g *engine.Game, sheet engine.Sheet, hand engine.Multiset, rollsLeft, total int, asJSON bool, stdout io.Writer) error {
	score := sheet.Score(g)
	sol, err := solveTarget(g, sheet.State(g), score, total, 0)
	if err != nil {
		return err
	}
	a := targetAdvice{target: &total}
	return a.rank(sol, sheet, hand, rollsLeft, max(0, total-score), asJSON, stdout)
}

// adviseBeat ranks the actions of a position by their chance of
// finishing ahead of the opponents, whose sheets are given.
func adviseBeat(g *engine.Game, sheet engine.Sheet, hand engine.Multiset, rollsLeft int, opponents []engine.Sheet, asJSON bool, stdout io.Writer) error {
	a := targetAdvice{}
	ops := make([]target.Opponent, len(opponents))
	for i, o := range opponents {
		ops[i] = target.Opponent{State: o.State(g), Score: o.Score(g)}
		a.opponents = append(a.opponents, ops[i].Score)
	}
	sol, need, err := target.Beat(g, sheet.State(g), sheet.Score(g), ops, solver.Options{
		Progress: progress("solving " + g.Name + " to beat the opponents")})
	if err != nil {
		return err
	}
	return a.rank(sol, sheet, hand, rollsLeft, max(0, need), asJSON, stdout)
}

// rank ranks the position's actions with sol, need more points needed,
// and prints them.
func (a *targetAdvice) rank(sol *target.Solution, sheet engine.Sheet, hand engine.Multiset, rollsLeft, need int, asJSON bool, stdout io.Writer) error {
	g := sol.Game
	ranked, err := sol.Actions(sheet.State(g), need, hand, rollsLeft)
	if err != nil {
		return usagef("%v", err)
	}
	actions := make([]solver.Action, len(ranked))
	a.chance = make([]float64, len(ranked))
	for i, r := range ranked {
		actions[i], a.chance[i] = r.Action, r.P
	}
	a.advice = advice{game: g, sheetScore: sheet.Score(g), rollsLeft: rollsLeft, dice: hand, actions: coach.Ranking(g, actions)}
	if asJSON {
		return writeJSON(stdout, a.json())
	}
	a.writeText(stdout)
	return nil
}

// tie reports whether action i is as likely to reach the target as a
// neighbour and expects as many points.
func (a *targetAdvice) tie(i int) bool {
	same := func(j int) bool {
		return j >= 0 && j < len(a.chance) && j != i && math.Abs(a.chance[j]-a.chance[i]) <= target.Tolerance*max(a.chance[i], a.chance[j]) &&
			math.Abs(a.actions[j].Value-a.actions[i].Value) <= tieEpsilon
	}
	return same(i-1) || same(i+1)
}

func (a *targetAdvice) writeText(w io.Writer) {
	aim := ""
	if a.target != nil {
		aim = fmt.Sprintf(", target %d (%d more points)", *a.target, max(0, *a.target-a.sheetScore))
	} else {
		aim = fmt.Sprintf(", opponents' sheet scores %v", a.opponents)
	}
	fmt.Fprintf(w, "%s, sheet score %d, dice %s, %d %s left%s\n", a.game.Name, a.sheetScore,
		spaced(a.dice, a.game.Letters), a.rollsLeft, plural(a.rollsLeft, "reroll", "rerolls"), aim)
	fmt.Fprintf(w, "best: %s (chance of %s %.4f%%, expected final score %.2f)\n\n", a.describe(0), a.goal(), 100*a.chance[0], a.expected(0))
	width := a.actionWidth(len(a.actions))
	fmt.Fprintf(w, "%4s  %-*s %10s %10s\n", "rank", width, "action", "chance", "expected")
	for i := range a.actions {
		mark := ""
		if a.tie(i) {
			mark = "  tie"
		}
		fmt.Fprintf(w, "%4d  %-*s %9.4f%% %10.3f%s\n", i+1, width, a.describe(i), 100*a.chance[i], a.expected(i), mark)
	}
}

// targetOption is one action in the JSON output of advise --target.
type targetOption struct {
	adviceOption
	Probability float64 `json:"probability"`
}

func (a *targetAdvice) json() any {
	base := a.advice.json().(adviceJSON)
	opts := make([]targetOption, len(base.All))
	for i, o := range base.All {
		o.Tie = a.tie(i)
		opts[i] = targetOption{o, a.chance[i]}
	}
	return struct {
		adviceHead
		Target      *int           `json:"target,omitempty"`
		Opponents   []int          `json:"opponents,omitempty"` // their sheet scores
		Probability float64        `json:"probability"`
		Best        targetOption   `json:"best"`
		All         []targetOption `json:"options"`
	}{base.adviceHead, a.target, a.opponents, a.chance[0], opts[0], opts}
}

// playerFor solves g for a final total of at least total from a new game
// and returns the player that aims at it, with its exact chance and
// expected score.
func playerFor(g *engine.Game, total, threads int) (*target.Player, *aimed, error) {
	sol, err := solveTarget(g, engine.State{}, 0, total, threads)
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
func simulateTarget(g *engine.Game, total, games int, seed uint64, threads int, asJSON bool, stdout io.Writer) error {
	pl, aim, err := playerFor(g, total, threads)
	if err != nil {
		return err
	}
	start := time.Now()
	s, err := pl.Simulate(games, seed, scores.Options{Threads: threads, Progress: progressIn("simulating "+g.Name, "games")})
	if err != nil {
		return err
	}
	r := simulation{game: g, strategy: "target", seed: seed, sample: s, summary: s.Summary(), seconds: time.Since(start).Seconds(), target: aim}
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
