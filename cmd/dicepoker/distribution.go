package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"dicepoker/advice"
	"dicepoker/chart"
	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/strategy"
)

const distributionSummary = `The exact probability of every final score under the optimal strategy,
carried forward through the states between turns (no sampling): the mean,
standard deviation, median and percentiles, and a histogram, drawn in the
terminal and, with --png, as a PNG chart. The strategy table is solved and
saved the first time a game is asked about. School with more than one
column has no exact strategy: its distribution is sampled from 20,000
games of the estimate player.`

// exactBytesPerState is about the peak memory of an exact distribution
// for each entry of the game's table, as measured: swedish, 4,194,304
// entries, peaks at 1.9 GB; yahtzee, a quarter as many, at under 300 MiB.
const exactBytesPerState = 450

// histogramRows is how many rows of scores the text histogram has at most.
const histogramRows = 30

// runDistribution computes and prints a game's exact score distribution.
func runDistribution(args []string, stdout io.Writer) error {
	fs := newFlagSet("distribution")
	gf := addGameFlags(fs)
	png := fs.String("png", "", "also draw the histogram as a PNG chart in this file")
	threads := addThreadsFlag(fs, "compute")
	tableFile := fs.String("table", "", "the strategy table to read (default: the tables directory)")
	total := addTargetFlag(fs, "play")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args, stdout, "distribution [--game G] [game options] [--target T] [--png FILE] [--threads N] [--table FILE] [--json]", distributionSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	// Refuse a picture that cannot be saved before the long computation.
	if err := outputFlag("png", *png); err != nil {
		return err
	}
	aim, byTarget, err := targetOf(fs, g, *total)
	if err != nil {
		return err
	}
	if g.Columns != 0 {
		return distributionSchool(g, *tableFile, *png, *threads, *asJSON, stdout)
	}
	if byTarget {
		if fs.Changed("table") {
			return usagef("--target solves for its target and reads no --table")
		}
		return distributionTarget(g, aim, *png, *threads, *asJSON, stdout)
	}
	table, err := opener(*tableFile).Table(g)
	if err != nil {
		return err
	}
	p, err := policy.New(g, table.Value)
	if err != nil {
		return err
	}
	memoryNotice("the exact distribution of "+strategy.Describe(g), exactBytesPerState*float64(len(table.Values)))
	start := time.Now()
	d := scores.Exact(p, scores.Options{Threads: *threads, TurnProgress: turnProgress("carrying " + g.Name + " forward")})
	r := exact{game: g, dist: d, summary: d.Summary(), expected: table.Expected, seconds: time.Since(start).Seconds()}
	return r.print(*png, *asJSON, stdout)
}

// exact is a distribution run, ready to print.
type exact struct {
	game     *engine.Game
	dist     *scores.Distribution
	summary  scores.Summary
	expected float64 // the table's expected score
	seconds  float64
	target   *aimed // for --target
}

// strategyName names the play whose scores r gives.
func (r *exact) strategyName() string {
	if r.target != nil {
		return fmt.Sprintf("playing for %d or more", r.target.Target)
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
		title := fmt.Sprintf("%s: exact final score distribution, %s (mean %.2f)", strategy.Describe(r.game), r.strategyName(), r.summary.Mean)
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
	}{r.game.Name, r.game.Options.String(), r.game.Options.String(), "exact", r.targetJSON(), r.reach(), r.expected, r.expected, r.summary.Mean, r.summary.SD,
		percentilesJSON(r.summary), probabilitiesJSON(r.dist.Scores, 1)}
}

// writeText prints r as text, with a histogram.
func (r *exact) writeText(w io.Writer) error {
	sum := r.summary
	fmt.Fprintf(w, "%s, %s: exact distribution of the final score\n", strategy.Describe(r.game), r.strategyName())
	if r.target != nil {
		fmt.Fprintf(w, "mean         %.7f (the solution expects %.7f)\n", sum.Mean, r.expected)
		fmt.Fprintf(w, "P(>= %d)%*s%.7f (the solution's chance %.7f)\n", r.target.Target, max(1, 7-len(strconv.Itoa(r.target.Target))), "", *r.reach(), r.target.Probability)
	} else {
		fmt.Fprintf(w, "mean         %.7f (the strategy table expects %.7f)\n", sum.Mean, r.expected)
	}
	fmt.Fprintf(w, "sd           %.4f\n", sum.SD)
	fmt.Fprintf(w, "median       %g\n", sum.Percentiles[3])
	fmt.Fprintf(w, "percentiles  %s\n", percentilesText(sum))
	fmt.Fprintf(w, "min, max     %d, %d\n", sum.Min, sum.Max)
	fmt.Fprintf(w, "states       %d reached, %.2f s\n\n", r.dist.States, r.seconds)
	return chart.Text(w, r.dist.Scores, histogramRows)
}
