package main

import (
	"fmt"
	"io"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/kind"
	"dicepoker/scores"
	"dicepoker/strategy"
)

const simulateSummary = `Play games with a strategy and report the final scores: the mean with its
95% confidence interval, standard deviation, extremes, percentiles and how
often each bonus is earned. --strategy optimal plays by the game's strategy
table (solved and saved the first time); greedy takes the most points each
turn can give. The same seed gives the same games whatever --threads says.`

// runSimulate plays games and prints their statistics.
func runSimulate(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("simulate")
	games := fs.Int("games", 10000, "games to play")
	seed := fs.Uint64("seed", 1, "the seed of the dice, 0..2^64-1")
	name := fs.String("strategy", "optimal", "optimal or greedy; school also estimate and race (default: optimal; school: estimate where no exact table exists); with seats: one a seat, comma-separated, of optimal, greedy, win, target:T (school: of optimal, estimate, race, greedy)")
	threads := addThreadsFlag(fs, "play")
	tableFile := addTableFlag(fs)
	timing := addTimingFlag(fs)
	players := fs.Int("players", 1, "players taking turns, 1..4; school: bonuses go to whoever earns them first; single-sheet games: one --strategy a seat")
	gf.addTarget(fs, "play")
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "simulate [--game G] [game options] [--games N] [--seed S] [--strategy optimal|greedy|S1,S2,... | --target T] [--players K] [--threads N] [--table FILE] [--json]", simulateSummary)
	if err != nil {
		return err
	}
	var seats *int
	if fs.Changed("players") {
		seats = players
	}
	if !fs.Changed("strategy") {
		*name = "" // the game's default: the exact table where there is one, else the estimate
	}
	if err := kind.CheckRun(g, *name, gf.target, *games, seats); err != nil {
		return err
	}
	switch {
	case gf.target != nil:
		err = fiveDiceOnly(g, "simulate --target")
	case kind.Seated(*name, seats):
		err = fiveDiceOnly(g, "simulate with seats")
	}
	if err != nil {
		return err
	}
	if gf.target != nil && (fs.Changed("strategy") || fs.Changed("table")) {
		return usagef("--target plays to reach its target: leave out --strategy and --table")
	}
	p, err := kind.NewPlayer(e.opened(*tableFile), g, *name, gf.target)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := p.Simulate(*games, seats, *seed, scores.Options{Threads: *threads, Progress: progressIn("simulating "+g.Name, "games")})
	if err != nil {
		return err
	}
	r := simulation{player: p, seed: *seed, res: res, seconds: time.Since(start).Seconds(), timing: *timing}
	if *asJSON {
		return writeJSON(stdout, r.json())
	}
	r.writeText(stdout)
	return nil
}

// simulation is a simulate run, ready to print: one seat of a
// single-sheet game, with its bonuses, or seats, of school or of a
// single sheet, with their wins.
type simulation struct {
	player  *kind.Player
	seed    uint64
	res     *kind.Games
	seconds float64
	timing  bool // the JSON gives the seconds
}

// bonusRates maps each bonus key to the share of games that earned it.
func bonusRates(s *scores.Sample) advice.Ordered[float64] {
	var o advice.Ordered[float64]
	for _, b := range s.Bonuses() {
		o = append(o, advice.Entry[float64]{Key: b.Key, Value: float64(b.Games) / float64(s.Games)})
	}
	return o
}

// seatStat is one seat's results over the games played with seats.
type seatStat struct {
	Strategy string `json:"strategy"`
	sampleStats
	Wins    float64    `json:"win_rate"` // games won, a tie shared among the tied
	WinCI95 [2]float64 `json:"win_ci95"` // its 95% confidence interval
}

// seatStats sums up each seat's games.
func (r *simulation) seatStats() []seatStat {
	seats := make([]seatStat, len(r.res.Seats))
	for i, s := range r.res.Seats {
		seats[i] = seatStat{r.res.Strategies[i], statsOf(s), r.res.Wins[i].Rate, r.res.Wins[i].CI95}
	}
	return seats
}

func (r *simulation) json() any {
	g := r.player.Game
	if r.res.Wins != nil {
		return struct {
			Game     string     `json:"game"`
			Options  string     `json:"options,omitempty"`
			Strategy string     `json:"strategy"`
			Players  int        `json:"players"`
			Seed     uint64     `json:"seed"`
			Games    int        `json:"games"`
			Rules    string     `json:"rules"`
			Bound    float64    `json:"table_bound,omitempty"`
			Seats    []seatStat `json:"seats"`
			Seconds  *float64   `json:"seconds,omitempty"`
		}{g.Name, g.Options.String(), r.player.Name, len(r.res.Seats), r.seed, r.res.Seats[0].Games, g.Options.String(), r.res.Bound,
			r.seatStats(), secondsIf(r.timing, r.seconds)}
	}
	s := r.res.Seats[0]
	return struct {
		Game     string `json:"game"`
		Options  string `json:"options,omitempty"`
		Rules    string `json:"rules"`
		Strategy string `json:"strategy"`
		Seed     uint64 `json:"seed"`
		Games    int    `json:"games"`
		*kind.Aim
		Reached *float64 `json:"reached,omitempty"`
		sampleStats
		// ExpectedScore is the exact value of the play, which the
		// interval should hold: the table's, or that of playing for the
		// target.
		ExpectedScore *float64                `json:"expected_score,omitempty"`
		BonusRates    advice.Ordered[float64] `json:"bonus_rates"`
		Seconds       *float64                `json:"seconds,omitempty"`
	}{g.Name, g.Options.String(), g.Options.String(), r.player.Name, r.seed, s.Games, r.player.Aim, r.reached(), statsOf(s),
		r.player.Expected, bonusRates(s), secondsIf(r.timing, r.seconds)}
}

func (r *simulation) writeText(w io.Writer) {
	g := r.player.Game
	if r.res.Wins != nil {
		n, games := len(r.res.Seats), r.res.Seats[0].Games
		played := r.player.Name + " strategy, "
		if r.res.SameDice {
			played = "" // each seat's line names its strategy
		}
		fmt.Fprintf(w, "%s, %s%d %s: %d games, seed %d", strategy.Describe(g), played, n, engine.Plural(n, "player", "players"), games, r.seed)
		if r.res.SameDice {
			fmt.Fprint(w, ", every strategy in every seat with the same dice")
		}
		fmt.Fprintln(w)
		for i, s := range r.seatStats() {
			fmt.Fprintf(w, "seat %d  ", i+1)
			if r.res.SameDice {
				fmt.Fprintf(w, "%-12s ", s.Strategy)
			}
			fmt.Fprintf(w, "mean %.3f (95%% confidence interval %.3f to %.3f), sd %.3f, min %d, max %d",
				s.Mean, s.CI95[0], s.CI95[1], s.SD, s.Min, s.Max)
			if n > 1 {
				fmt.Fprintf(w, ", wins %.2f%% (%.2f%% to %.2f%%)", 100*s.Wins, 100*s.WinCI95[0], 100*s.WinCI95[1])
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "time    %.2f s, %.0f games/s\n", r.seconds, float64(games)/r.seconds)
		return
	}
	s := r.res.Seats[0]
	sum := s.Summary()
	lo, hi := s.CI95()
	fmt.Fprintf(w, "%s, %s strategy: %d games, seed %d\n", strategy.Describe(g), r.player.Name, s.Games, r.seed)
	fmt.Fprintf(w, "mean           %.3f (95%% confidence interval %.3f to %.3f)\n", sum.Mean, lo, hi)
	switch a := r.player.Aim; {
	case a != nil:
		fmt.Fprintf(w, "expected       %.3f (the every-target table's, playing for %d or more)\n", *a.Expected, a.Target)
		fmt.Fprintf(w, "reached %-6d %5.2f%% of games (chance %.4f%% by the every-target table)\n", a.Target, 100**r.reached(), 100*a.Probability)
	case r.player.Expected != nil:
		fmt.Fprintf(w, "expected       %.3f (the strategy table's exact value)\n", *r.player.Expected)
	}
	fmt.Fprintf(w, "sd             %.3f\n", sum.SD)
	fmt.Fprintf(w, "min, max       %d, %d\n", sum.Min, sum.Max)
	fmt.Fprintf(w, "percentiles    %s\n", percentilesText(sum))
	for _, b := range s.Bonuses() {
		fmt.Fprintf(w, "%-14s %5.2f%% of games", b.Key, 100*float64(b.Games)/float64(s.Games))
		if b.Key == g.BonusKey() {
			fmt.Fprintf(w, ", %.4f a game", float64(s.FiveAlikeBonuses)/float64(s.Games))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "time           %.2f s, %.0f games/s\n", r.seconds, float64(s.Games)/r.seconds)
}

// reached returns the share of a --target run's games that reached the
// target, nil for other runs.
func (r *simulation) reached() *float64 {
	a := r.player.Aim
	if a == nil {
		return nil
	}
	share := r.res.Seats[0].Scores.AtLeast(a.Target) / float64(r.res.Seats[0].Games)
	return &share
}
