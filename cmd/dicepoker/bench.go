package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"dicepoker/bench"
	"dicepoker/engine"
	"dicepoker/kind"
	"dicepoker/school"
)

const benchSummary = `Measure each game: solve wall time and states a second, the CPU seconds
of a solve on one thread (cpu1, best of three) and how many times those
the plain Go lane kernel takes (go/asm), table size, table load time, the
median time to rank one position's actions with all rerolls left and with
none (adv0), the time of optimal games simulated from a cold start and
their rate, the time of the exact score distribution, and peak memory.
A game of six dice simulates 20,000 games unless --simulate says, and its
distribution, where the exact one does not fit --memory or, without it,
three quarters of what the machine has free, is sampled from 20,000 games
of the optimal player, as distribution does. Tables go to a temporary directory that is removed
afterwards.`

// runBench measures the solver, tables and advisor on each game.
func runBench(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("bench")
	names := fs.String("games", "yahtzee,yatzy,swedish,poker-dice", "comma-separated games to measure")
	rules := fs.String("rules", "", "a game file to measure instead of --games (docs/rules.md)")
	threads := addThreadsFlag(fs, "solve")
	games := fs.Int("simulate", 1000000, "games to simulate with the optimal strategy from a cold start, a game of six dice's 20000 unless given; 0: none")
	exact := fs.Bool("distribution", true, "time the score distribution: exact, or sampled for six dice beyond memory")
	mem := fs.String("memory", "", "the most memory a game of six dice's exact distribution may take, such as 2GB (default: three quarters of what the machine has free); beyond it the distribution is sampled")
	asJSON := addJSONFlag(fs)
	check := fs.Bool("school-check", false, "check the school estimate against play instead (see docs/design.md)")
	schoolExact := fs.Bool("school-distribution", false, "time one-column school's exact solve and distribution instead")
	columns := fs.String("columns", "2,3,4", "with --school-check: the column counts to check")
	sheets := fs.Int("sheets", 20, "with --school-check: sheets drawn from each style of play")
	rollouts := fs.Int("rollouts", 1000, "with --school-check: games played on from each sheet")
	seed := fs.Uint64("seed", 1, "with --school-check: the seed of the sheets and games")
	actions := fs.Int("actions", 1, "with --school-check: the best actions played on, to check the ranking too")
	if err := parseFlags(fs, args, stdout, "bench [--games G1,G2 | --rules FILE] [--threads N] [--simulate N] [--distribution=false] [--memory M] [--json] | bench --school-distribution [--threads N] [--json] | bench --school-check [--columns 2,3,4] [--sheets N] [--rollouts N] [--actions N] [--seed S] [--json]", benchSummary); err != nil {
		return err
	}
	if *check {
		return e.runSchoolCheck(stdout, *columns, school.CheckOptions{Sheets: *sheets, Games: *rollouts, Seed: *seed, Threads: *threads, Actions: *actions}, *asJSON)
	}
	if *schoolExact {
		return runSchoolExact(stdout, *threads, *asJSON)
	}
	var list []*engine.Game
	raws := strings.Split(*names, ",")
	if *rules != "" {
		if fs.Changed("games") {
			return usagef("--rules and --games both name games: give one")
		}
		g, _, err := readRules(*rules)
		if err != nil {
			return err
		}
		if g.Dice != engine.Dice && !fs.Changed("simulate") {
			// Games of six dice plan most of their turns afresh: 20,000
			// take about 13 CPU seconds of Maxi Yatzy.
			*games = kind.SampledGames
		}
		list, raws = append(list, g), nil
	}
	for _, raw := range raws {
		name, err := gameName(raw)
		if err != nil {
			return err
		}
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return usagef("%v", err)
		}
		if !kind.Of(g).Exact() {
			return usagef("bench measures the exactly solved games; %s is not one yet", g.Name)
		}
		list = append(list, g)
	}
	if *games < 0 {
		return usagef("--simulate %d: must be 0 (none) or more", *games)
	}
	limit, err := memoryLimit(fs, *mem)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "dicepoker-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	machine := bench.Machine()
	if !*asJSON {
		fmt.Fprintf(stdout, "machine: %s\n\n", machine)
		fmt.Fprintf(stdout, "%-11s %9s %8s %10s %8s %7s %9s %8s %10s %9s %10s %10s %8s %9s %12s\n",
			"game", "states", "solve s", "states/s", "cpu1 s", "go/asm", "table MiB", "load ms", "advice us", "adv0 us",
			"sim s", "games/s", "dist s", "peak MiB", "expected")
	}
	var results []bench.Result
	for _, g := range list {
		r, err := bench.Game(g, bench.Options{Threads: *threads, Games: *games, Distribution: *exact, MemoryLimit: limit, SampledGames: kind.SampledGames}, dir)
		if err != nil {
			return err
		}
		results = append(results, r)
		if !*asJSON {
			ratio := 0.0
			if r.SolveCPUSeconds > 0 {
				ratio = r.PlainGoSolveCPUSeconds / r.SolveCPUSeconds
			}
			dist := fmt.Sprintf("%8.2f", r.DistributionSeconds)
			if r.DistributionMethod == "sampled" {
				dist = fmt.Sprintf("%7.2f*", r.DistributionSeconds)
			}
			fmt.Fprintf(stdout, "%-11s %9d %8.2f %10.0f %8.3f %7.2f %9.1f %8.1f %10.1f %9.2f %10.2f %10.0f %s %9.0f %12.7f\n",
				r.Game, r.States, r.SolveSeconds, r.StatesPerSecond, r.SolveCPUSeconds, ratio, float64(r.TableBytes)/(1<<20),
				r.LoadSeconds*1e3, r.AdviceSeconds*1e6, r.AdviceNoRerollSeconds*1e6, r.SimulateSeconds, r.GamesPerSecond,
				dist, float64(r.PeakRSSBytes)/(1<<20), r.Expected)
		}
	}
	if !*asJSON {
		for _, r := range results {
			if r.DistributionMethod == "sampled" {
				fmt.Fprintf(stdout, "\n* %s: distribution sampled from %d games of the optimal player (seed 1), mean %.3f (95%% confidence interval %.3f to %.3f); %s\n",
					r.Game, r.DistributionGames, r.DistributionMean, r.DistributionCI95[0], r.DistributionCI95[1], r.DistributionSampling)
			}
		}
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			Machine string         `json:"machine"`
			Games   []bench.Result `json:"games"`
		}{machine, results})
	}
	return nil
}

// runSchoolCheck compares, for each column count in columns, the school
// advisor's value of its best action with the games its player plays on,
// on sheets of many kinds (school.Check), and prints a line a source; for
// one column, solved exactly, it measures the estimate's player against
// the optimum instead.
func (e env) runSchoolCheck(stdout io.Writer, columns string, o school.CheckOptions, asJSON bool) error {
	if o.Sheets < 1 || o.Games < 2 {
		return usagef("--sheets must be at least 1 and --rollouts at least 2")
	}
	type result struct {
		Columns int                   `json:"columns"`
		Sources []school.CheckSummary `json:"sources,omitempty"`
		// Cases are the sheets one by one, in the order they were drawn.
		Cases []checkCase `json:"cases,omitempty"`
		// One column: the optimum and what the estimate's player loses
		// against it a game.
		Optimum float64 `json:"optimum,omitempty"`
		Loss    float64 `json:"loss,omitempty"`
	}
	var results []result
	for _, c := range strings.Split(columns, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(c))
		if err != nil {
			return usagef("--columns %s: want column counts such as 2,3,4", engine.Quote(columns))
		}
		g, err := engine.New("school", engine.Options{Columns: n})
		if err != nil {
			return usagef("%v", err)
		}
		st, err := e.opened("").Named(g, "estimate")
		if err != nil {
			return err
		}
		if n == 1 {
			// One column is solved exactly: the estimate's player is
			// measured against the optimum instead, decision by decision.
			exact, err := e.opened("").Exact(g)
			if err != nil {
				return err
			}
			loss := school.NewKernel(g).Loss(st.Player, exact.Value, o.Games, o.Seed, o.Threads)
			results = append(results, result{Columns: 1, Optimum: exact.Expected, Loss: loss})
			if !asJSON {
				fmt.Fprintf(stdout, "school, 1 column: over %d games the estimate's player loses %.3f a game against the optimum %.4f (%.2f%%)\n\n", o.Games, loss, exact.Expected, 100*loss/exact.Expected)
			}
			continue
		}
		o.Drift, o.Advisor = st.Drift, st.Advisor
		cases, err := school.NewKernel(g).Check(st.Player, o)
		if err != nil {
			return err
		}
		sums := school.Summarize(cases)
		r := result{Columns: n, Sources: sums}
		for _, c := range cases {
			r.Cases = append(r.Cases, checkCase{c.Source, c.Sheet.Format(g), c.Dice.Dice(), c.Advised, c.Played, c.CI95, c.Excess(), c.Beaten, c.BeatenAgain})
		}
		results = append(results, r)
		if !asJSON {
			fmt.Fprintf(stdout, "school, %d columns: %d sheets, %d games each\n%s\n", n, len(cases), o.Games, school.FormatSummary(sums))
			writeOutliers(stdout, r.Cases)
		}
	}
	if asJSON {
		return writeJSON(stdout, results)
	}
	return nil
}

// checkCase is one sheet of the school check as --json writes it: the
// sheet in the school notation, the first roll's dice (faces 1..6), the
// advised value of the best action, the mean of the games played on
// after it with its 95% interval's half-width, by how much the two lie
// apart beyond that interval, and by how much another action beat it, in
// the check's games and again in fresh ones.
type checkCase struct {
	Source  string  `json:"source"`
	Sheet   string  `json:"sheet"`
	Dice    []int   `json:"dice"`
	Advised float64 `json:"advised"`
	Played  float64 `json:"played"`
	CI95    float64 `json:"ci95"`
	Excess  float64 `json:"excess"`
	Beaten  float64 `json:"beaten"`
	Again   float64 `json:"beaten_again"`
}

// writeOutliers lists the sheets whose advised value lies more than 10
// points beyond the games' interval, the ones the check's goal counts,
// so that each can be looked at with advise --rollouts.
func writeOutliers(w io.Writer, cases []checkCase) {
	var out []checkCase
	for _, c := range cases {
		if c.Excess > 10 {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return
	}
	fmt.Fprintln(w, "beyond 10 (advised, played ± 95%, excess; --dice for advise):")
	for _, c := range out {
		fmt.Fprintf(w, "  %-22s %.1f, %.1f ± %.1f, %.1f; --sheet %q --dice %s\n", c.Source, c.Advised, c.Played, c.CI95, c.Excess, c.Sheet, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(c.Dice)), ","), "[]"))
	}
	fmt.Fprintln(w)
}

// runSchoolExact times one-column school's exact solve and distribution.
func runSchoolExact(stdout io.Writer, threads int, asJSON bool) error {
	r, err := bench.SchoolExact(threads)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, struct {
			Machine string                   `json:"machine"`
			School  bench.SchoolDistribution `json:"school_distribution"`
		}{bench.Machine(), r})
	}
	fmt.Fprintf(stdout, "machine: %s\n\nschool, one column: exact solve %.1f s (%.1f CPU s, peak %.0f MiB), exact distribution %.1f s (%.1f CPU s), %d states, peak %.0f MiB (the solve included), mean %.7f (expected %.7f)\n",
		bench.Machine(), r.SolveSeconds, r.SolveCPUSeconds, float64(r.SolvePeakRSSBytes)/(1<<20), r.DistributionSeconds, r.DistributionCPUSeconds,
		r.States, float64(r.PeakRSSBytes)/(1<<20), r.Mean, r.Expected)
	return nil
}
