package main

import (
	"fmt"
	"io"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/strategy"
)

const simulateSummary = `Play games with a strategy and report the final scores: the mean with its
95% confidence interval, standard deviation, extremes, percentiles and how
often each bonus is earned. --strategy optimal plays by the game's strategy
table (solved and saved the first time); greedy takes the most points each
turn can give. The same seed gives the same games whatever --threads says.`

// maxGames is the most games simulate plays in one run: a billion take
// hours already.
const maxGames = 1_000_000_000

// maxSchoolGames is the most school games simulate plays in one run: it
// keeps every game's scores, 8 bytes a seat.
const maxSchoolGames = 50_000_000

// runSimulate plays games and prints their statistics.
func runSimulate(args []string, stdout io.Writer) error {
	fs := newFlagSet("simulate")
	gf := addGameFlags(fs)
	games := fs.Int("games", 10000, "games to play")
	seed := fs.Uint64("seed", 1, "the seed of the dice, 0..2^64-1")
	name := fs.String("strategy", "optimal", "optimal or greedy; school also estimate (default: optimal; school: estimate where no exact table exists); single-sheet games with seats: one a seat, comma-separated, of optimal, greedy, win, target:T")
	threads := addThreadsFlag(fs, "play")
	tableFile := fs.String("table", "", "the strategy table to read (default: the tables directory)")
	timing := addTimingFlag(fs)
	players := fs.Int("players", 1, "players taking turns, 1..4; school: bonuses go to whoever earns them first; single-sheet games: one --strategy a seat")
	total := addTargetFlag(fs, "play")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args, stdout, "simulate [--game G] [game options] [--games N] [--seed S] [--strategy optimal|greedy|S1,S2,... | --target T] [--players K] [--threads N] [--table FILE] [--json]", simulateSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	if *games <= 0 || *games > maxGames {
		return usagef("--games %d: must be 1 to %d", *games, maxGames)
	}
	aim, byTarget, err := targetOf(fs, g, *total)
	if err != nil {
		return err
	}
	if g.Columns != 0 {
		if !fs.Changed("strategy") {
			*name = "" // the exact table with one column, else the estimate
		}
		return simulateSchool(g, schoolRun{games: *games, players: *players, threads: *threads, seed: *seed,
			strategy: *name, table: *tableFile, asJSON: *asJSON, timing: *timing}, stdout)
	}
	if wantsSeats(fs.Changed("players"), *name) {
		if byTarget {
			return usagef("--target plays alone: with seats, give --strategy target:T")
		}
		return simulateSeats(g, seatRun{games: *games, players: *players, playersGiven: fs.Changed("players"), threads: *threads,
			seed: *seed, strategies: *name, table: *tableFile, asJSON: *asJSON, timing: *timing}, stdout)
	}
	if byTarget {
		if fs.Changed("strategy") || fs.Changed("table") {
			return usagef("--target plays to reach its target: leave out --strategy and --table")
		}
		return simulateTarget(g, aim, *games, *seed, *threads, *asJSON, *timing, stdout)
	}
	var p *policy.Policy
	var table *strategy.Table
	switch *name {
	case "optimal":
		if table, err = opener(*tableFile).Table(g); err != nil {
			return err
		}
		p, err = policy.New(g, table.Value)
	case "greedy":
		p, err = policy.Greedy(g)
	default:
		return usagef("--strategy %q: want optimal or greedy", *name)
	}
	if err != nil {
		return err
	}
	start := time.Now()
	s, err := scores.Simulate(p, *games, *seed, scores.Options{Threads: *threads, Progress: progressIn("simulating "+g.Name, "games")})
	if err != nil {
		return err
	}
	r := simulation{game: g, strategy: *name, seed: *seed, sample: s, summary: s.Summary(), seconds: time.Since(start).Seconds(), table: table, timing: *timing}
	if *asJSON {
		return writeJSON(stdout, r.json())
	}
	r.writeText(stdout)
	return nil
}

// simulation is a simulate run, ready to print.
type simulation struct {
	game     *engine.Game
	strategy string
	seed     uint64
	sample   *scores.Sample
	summary  scores.Summary
	seconds  float64
	table    *strategy.Table // nil for greedy
	target   *aimed          // for --target
	timing   bool            // the JSON gives the seconds
}

// aimed is what a run with --target adds: the target, the chance of
// reaching it (the every-target table's) and, where it is known (the
// exact distribution), the expected score of that play.
type aimed struct {
	Target      int      `json:"target"`
	Probability float64  `json:"probability"`
	Expected    *float64 `json:"expected,omitempty"`
}

// bonusRates maps each bonus key to the share of games that earned it.
func (r *simulation) bonusRates() advice.Ordered[float64] {
	var o advice.Ordered[float64]
	for _, b := range r.sample.Bonuses() {
		o = append(o, advice.Entry[float64]{Key: b.Key, Value: float64(b.Games) / float64(r.sample.Games)})
	}
	return o
}

func (r *simulation) json() any {
	var expected *float64 // the table's exact value, which the interval should hold
	if r.table != nil {
		expected = &r.table.Expected
	}
	if r.target != nil {
		expected = r.target.Expected // the exact value of playing for the target
	}
	return struct {
		Game     string `json:"game"`
		Options  string `json:"options,omitempty"`
		Rules    string `json:"rules"`
		Strategy string `json:"strategy"`
		Seed     uint64 `json:"seed"`
		Games    int    `json:"games"`
		*aimed
		Reached *float64 `json:"reached,omitempty"`
		sampleStats
		ExpectedScore *float64                `json:"expected_score,omitempty"`
		BonusRates    advice.Ordered[float64] `json:"bonus_rates"`
		Seconds       *float64                `json:"seconds,omitempty"`
	}{r.game.Name, r.game.Options.String(), r.game.Options.String(), r.strategy, r.seed, r.sample.Games, r.target, r.reached(), statsOf(r.sample),
		expected, r.bonusRates(), secondsIf(r.timing, r.seconds)}
}

func (r *simulation) writeText(w io.Writer) {
	s, sum := r.sample, r.summary
	lo, hi := s.CI95()
	fmt.Fprintf(w, "%s, %s strategy: %d games, seed %d\n", strategy.Describe(r.game), r.strategy, s.Games, r.seed)
	fmt.Fprintf(w, "mean           %.3f (95%% confidence interval %.3f to %.3f)\n", sum.Mean, lo, hi)
	if r.table != nil {
		fmt.Fprintf(w, "expected       %.3f (the strategy table's exact value)\n", r.table.Expected)
	}
	if a := r.target; a != nil {
		fmt.Fprintf(w, "reached %-6d %5.2f%% of games (chance %.4f%% by the every-target table)\n", a.Target, 100**r.reached(), 100*a.Probability)
	}
	fmt.Fprintf(w, "sd             %.3f\n", sum.SD)
	fmt.Fprintf(w, "min, max       %d, %d\n", sum.Min, sum.Max)
	fmt.Fprintf(w, "percentiles    %s\n", percentilesText(sum))
	for _, b := range s.Bonuses() {
		fmt.Fprintf(w, "%-14s %5.2f%% of games", b.Key, 100*float64(b.Games)/float64(s.Games))
		if b.Key == r.game.BonusKey() {
			fmt.Fprintf(w, ", %.4f a game", float64(s.FiveAlikeBonuses)/float64(s.Games))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "time           %.2f s, %.0f games/s\n", r.seconds, float64(s.Games)/r.seconds)
}
