package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"dicepoker/advice"
	"dicepoker/chart"
	"dicepoker/engine"
	"dicepoker/internal/memory"
	"dicepoker/kind"
	"dicepoker/scores"
	"dicepoker/strategy"
	"dicepoker/target"
)

const distributionSummary = `The exact probability of every final score under the optimal strategy,
carried forward through the states between turns (no sampling): the mean,
standard deviation, median and percentiles, and a histogram, drawn in the
terminal and, with --png, as a PNG chart. The strategy table is solved and
saved the first time a game is asked about. School with more than one
column has no exact strategy: its distribution is sampled from 20,000
games of the estimate player. A game of six dice whose exact distribution
needs more memory than --memory allows or, without it, three quarters of
what the machine has free (Maxi Yatzy's needs about 24 GB), or given
--games, is sampled instead from --games games of the optimal player; a
game of five dice is refused.`

// histogramRows is how many rows of scores the text histogram has at most.
const histogramRows = 30

// runDistribution computes and prints a game's exact score distribution.
func runDistribution(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("distribution")
	png := addOutputFlag(fs, "png", "also draw the histogram as a PNG chart in this file")
	threads := addThreadsFlag(fs, "compute")
	tableFile := addTableFlag(fs)
	gf.addTarget(fs, "play")
	mem := addMemoryFlag(fs)
	games := fs.Int("games", kind.SampledGames, "the games of the optimal player a game of six dice's distribution is sampled from: given, even where its exact one fits in memory")
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "distribution [--game G] [game options] [--target T] [--png FILE] [--threads N] [--table FILE] [--memory M] [--games N] [--json]", distributionSummary)
	if err != nil {
		return err
	}
	if gf.target != nil && fs.Changed("table") {
		return usagef("--target solves for its target and reads no --table")
	}
	limit, err := memoryLimit(fs, *mem)
	if err != nil {
		return err
	}
	if fs.Changed("games") && g.Dice == engine.Dice {
		return gamesRefused(g, *games)
	}
	what := "the exact distribution of " + strategy.Describe(g)
	if gf.target != nil {
		if err := fiveDiceOnly(g, "distribution --target"); err != nil {
			return err
		}
		// Checked before the every-target table is built or read.
		what += fmt.Sprintf(" playing for %d", *gf.target)
		if err := checkMemory(what, e.targetTablesNeed(g, *threads), target.DistributionMemory(g), limit); err != nil {
			return err
		}
	} else if g.Dice != engine.Dice {
		// Checked before the strategy table is built or read: a game of
		// six dice takes minutes to solve, and Maxi Yatzy's distribution
		// more memory than most machines have, so it is sampled. The
		// exact one runs long near its peak: without --memory it may
		// take only a share of the free memory (memory.CheckLong).
		need := e.tableNeed(g, *threads, *tableFile)
		carry := scores.ExactMemory(g)
		err := checkMemory(what, need, carry, limit)
		if err == nil {
			err = memory.CheckLong(what, max(need.Peak, need.Hold+carry), limit)
		}
		tooMuch, ok := errors.AsType[*memory.TooMuch](err)
		switch {
		case ok || (err == nil && fs.Changed("games")):
			return e.sampleDistribution(g, tooMuch, need, limit, *games, *tableFile, *threads, *png, *asJSON, stdout)
		case err != nil:
			return err
		}
	}
	p, err := kind.NewPlayer(e.opened(*tableFile), g, "", gf.target)
	if err != nil {
		return err
	}
	// The tables are open: what is free is what is left beside them.
	if err := checkMemory(what, memory.Need{}, p.DistributionMemory(), limit); err != nil {
		return err
	}
	return distribute(p, *threads, *png, *asJSON, stdout)
}

// gamesRefused returns the usage error of --games N for game g of five
// dice, whose distribution is exact, or sampled from a set number of
// games: --games samples only a game of six dice's.
func gamesRefused(g *engine.Game, n int) error {
	how := "exact"
	if !kind.Of(g).Exact() {
		how = fmt.Sprintf("sampled from %d games of the estimate player", kind.SampledGames)
	}
	return usagef("--games %d: the distribution of %s is %s; --games samples the distribution of a game of six dice only", n, strategy.Describe(g), how)
}

// sampleDistribution prints the distribution of six-dice game g's final
// score sampled from games games of the optimal player, with seed 1,
// where its exact one does not fit in memory as tooMuch says, or where
// --games asked for it (tooMuch nil): the strategy table, built or read
// as need says, must still fit limit.
func (e env) sampleDistribution(g *engine.Game, tooMuch *memory.TooMuch, need memory.Need, limit int64, games int, tableFile string, threads int, png string, asJSON bool, stdout io.Writer) error {
	if err := kind.CheckRun(g, "optimal", nil, games, nil); err != nil {
		return err
	}
	if err := checkMemory("the sampled distribution of "+strategy.Describe(g), need, 0, limit); err != nil {
		return err
	}
	p, err := kind.NewPlayer(e.opened(tableFile), g, "", nil)
	if err != nil {
		return err
	}
	res, err := p.Simulate(games, nil, 1, scores.Options{Threads: threads, Progress: progressIn("playing "+g.Name, "games")})
	if err != nil {
		return err
	}
	return printSampled(p, res.Seats[0], &sampledInstead{Expected: *p.Expected, TooMuch: tooMuch}, png, asJSON, stdout)
}

// sampledInstead says why the distribution of a game that has an exact
// strategy was sampled: its exact one needs more memory than there is
// (TooMuch), or --games asked for a sample (TooMuch nil).
type sampledInstead struct {
	Expected float64 // the strategy table's expected score
	TooMuch  *memory.TooMuch
}

// tableNeed returns what opening single-sheet game g's strategy table
// takes: the file named, or the tables directory's, solved with threads
// goroutines where it is missing.
func (e env) tableNeed(g *engine.Game, threads int, file string) memory.Need {
	if file != "" {
		return memory.FileNeed(filepath.Dir(file), file, kind.Of(g).Table().Cost(threads))
	}
	dir, err := e.opened("").TablesDir()
	if err != nil {
		dir = ""
	}
	return kind.Of(g).Table().Need(dir, threads)
}

// distribute prints the distribution of p's final score, computed with
// threads goroutines, drawing it in png if named: exact, or sampled where
// p's play is not exact.
func distribute(p *kind.Player, threads int, png string, asJSON bool, stdout io.Writer) error {
	start := time.Now()
	d, err := p.Distribution(threads)
	if err != nil {
		return err
	}
	if d.Sample != nil {
		return printSampled(p, d.Sample, nil, png, asJSON, stdout)
	}
	r := exact{player: p, dist: d.Exact, summary: d.Exact.Summary(), seconds: time.Since(start).Seconds()}
	return r.print(png, asJSON, stdout)
}

// exact is an exact distribution, ready to print.
type exact struct {
	player  *kind.Player
	dist    *scores.Distribution
	summary scores.Summary
	seconds float64
}

// strategyName names the play whose scores r gives.
func (r *exact) strategyName() string {
	if a := r.player.Aim; a != nil {
		return fmt.Sprintf("playing for %d or more", a.Target)
	}
	return "optimal strategy"
}

// probabilitiesJSON maps each score of h with some weight to that weight
// divided by total (1 for an exact distribution, the games for a sample),
// in increasing order of score.
func probabilitiesJSON(h scores.Histogram, total float64) advice.Ordered[float64] {
	var probs advice.Ordered[float64]
	for i, w := range h.W {
		if w != 0 {
			probs = append(probs, advice.Entry[float64]{Key: strconv.Itoa(h.Lo + i), Value: w / total})
		}
	}
	return probs
}

// print draws r's histogram in png, if named, and prints r as JSON or
// text.
func (r *exact) print(png string, asJSON bool, stdout io.Writer) error {
	if png != "" {
		title := fmt.Sprintf("%s: exact final score distribution, %s (mean %.2f)", strategy.Describe(r.player.Game), r.strategyName(), r.summary.Mean)
		if err := chart.Save(png, r.dist.Scores, title); err != nil {
			return err
		}
	}
	if asJSON {
		return writeJSON(stdout, r.json())
	}
	return r.writeText(stdout)
}

// json is r as the JSON object distribution --json prints.
func (r *exact) json() any {
	g := r.player.Game
	return struct {
		Game          string                  `json:"game"`
		Options       string                  `json:"options,omitempty"`
		Rules         string                  `json:"rules"`
		Method        string                  `json:"method"` // exact; a sample says sampled
		Target        *int                    `json:"target,omitempty"`
		Probability   *float64                `json:"probability,omitempty"` // of the target or more
		Expected      float64                 `json:"expected"`
		ExpectedScore float64                 `json:"expected_score"` // the same, named as solve names it
		Mean          float64                 `json:"mean"`
		SD            float64                 `json:"sd"`
		Percentiles   advice.Ordered[float64] `json:"percentiles"`
		Probabilities advice.Ordered[float64] `json:"probabilities"`
	}{g.Name, g.Options.String(), g.Options.String(), "exact", r.targetJSON(), r.reach(), *r.player.Expected, *r.player.Expected, r.summary.Mean, r.summary.SD,
		percentilesJSON(r.summary), probabilitiesJSON(r.dist.Scores, 1)}
}

// writeText prints r as text, with a histogram.
func (r *exact) writeText(w io.Writer) error {
	sum := r.summary
	fmt.Fprintf(w, "%s, %s: exact distribution of the final score\n", strategy.Describe(r.player.Game), r.strategyName())
	if a := r.player.Aim; a != nil {
		fmt.Fprintf(w, "mean         %.7f\n", sum.Mean)
		fmt.Fprintf(w, "P(>= %d)%*s%.7f (the every-target table's chance %.7f)\n", a.Target, max(1, 7-len(strconv.Itoa(a.Target))), "", *r.reach(), a.Probability)
	} else {
		fmt.Fprintf(w, "mean         %.7f (the strategy table expects %.7f)\n", sum.Mean, *r.player.Expected)
	}
	fmt.Fprintf(w, "sd           %.4f\n", sum.SD)
	fmt.Fprintf(w, "median       %g\n", sum.Percentiles[3])
	fmt.Fprintf(w, "percentiles  %s\n", percentilesText(sum))
	fmt.Fprintf(w, "min, max     %d, %d\n", sum.Min, sum.Max)
	fmt.Fprintf(w, "states       %d reached, %.2f s\n\n", r.dist.States, r.seconds)
	return chart.Text(w, r.dist.Scores, histogramRows)
}

// printSampled draws the histogram of a distribution sampled from the
// games of player p in png, if named, and prints it as JSON or text;
// instead, unless nil, says why a game that has an exact strategy was
// sampled.
func printSampled(p *kind.Player, s *scores.Sample, instead *sampledInstead, png string, asJSON bool, stdout io.Writer) error {
	g := p.Game
	sum := s.Summary()
	if png != "" {
		title := fmt.Sprintf("%s: final score distribution, %s strategy, %d games (mean %.2f)", strategy.Describe(g), p.Name, s.Games, sum.Mean)
		if err := chart.Save(png, s.Scores, title); err != nil {
			return err
		}
	}
	if asJSON {
		out := struct {
			Game     string `json:"game"`
			Options  string `json:"options,omitempty"`
			Rules    string `json:"rules"`
			Method   string `json:"method"` // sampled; an exact distribution says exact
			Sampled  bool   `json:"sampled"`
			Strategy string `json:"strategy"`
			Games    int    `json:"games"`
			// Where a game with an exact strategy is sampled: the
			// table's expected score, and the exact distribution's need
			// against the memory it may take.
			Expected      *float64 `json:"expected,omitempty"`
			ExpectedScore *float64 `json:"expected_score,omitempty"`
			ExactMemory   int64    `json:"exact_memory_bytes,omitempty"`
			MemoryAllowed int64    `json:"memory_allowed_bytes,omitempty"`
			MemoryLimit   bool     `json:"memory_limit,omitempty"` // the memory allowed is --memory's, not what the machine has free
			sampleStats
			Probabilities advice.Ordered[float64] `json:"probabilities"` // shares of the sampled games
		}{Game: g.Name, Options: g.Options.String(), Rules: g.Options.String(), Method: "sampled", Sampled: true, Strategy: p.Name, Games: s.Games,
			sampleStats: statsOf(s), Probabilities: probabilitiesJSON(s.Scores, float64(s.Games))}
		if instead != nil {
			out.Expected, out.ExpectedScore = &instead.Expected, &instead.Expected
		}
		if instead != nil && instead.TooMuch != nil {
			out.ExactMemory, out.MemoryAllowed, out.MemoryLimit = instead.TooMuch.Need, instead.TooMuch.Have, instead.TooMuch.Limit
		}
		return writeJSON(stdout, out)
	}
	why := "only one column is solved exactly"
	switch {
	case instead != nil && instead.TooMuch != nil:
		why = "the exact one " + instead.TooMuch.Needs()
	case instead != nil:
		why = "as --games asked"
	}
	lo, hi := s.CI95()
	fmt.Fprintf(stdout, "%s, %s strategy: final score distribution sampled from %d games (seed 1); %s\n", strategy.Describe(g), p.Name, s.Games, why)
	if instead != nil {
		fmt.Fprintf(stdout, "mean         %.3f (95%% confidence interval %.3f to %.3f; the strategy table expects %.7f)\n", sum.Mean, lo, hi, instead.Expected)
	} else {
		fmt.Fprintf(stdout, "mean         %.3f (95%% confidence interval %.3f to %.3f)\n", sum.Mean, lo, hi)
	}
	fmt.Fprintf(stdout, "sd           %.4f\n", sum.SD)
	fmt.Fprintf(stdout, "percentiles  %s\n", percentilesText(sum))
	fmt.Fprintf(stdout, "min, max     %d, %d\n\n", sum.Min, sum.Max)
	return chart.Text(stdout, s.Scores, histogramRows)
}
