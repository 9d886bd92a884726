package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/strategy"
)

// schoolRun is what simulate was asked to play of school.
type schoolRun struct {
	games, players, threads int
	seed                    uint64
	strategy, table         string // strategy "": the default
	asJSON, timing          bool
}

// simulateSchool plays school games with advised players taking turns.
func simulateSchool(g *engine.Game, r schoolRun, stdout io.Writer) error {
	if r.games > maxSchoolGames {
		return usagef("--games %d: school plays at most %d games a run", r.games, maxSchoolGames)
	}
	if r.players < 1 || r.players > 4 {
		return usagef("--players %d: school has 1 to 4 players", r.players)
	}
	st, err := opener(r.table).Named(g, r.strategy)
	if err != nil {
		return err
	}
	players := make([]school.Player, r.players)
	for i := range players {
		players[i] = st.Player
	}
	start := time.Now()
	games := school.NewKernel(g).Simulate(players, r.games, r.seed, r.threads)
	res := schoolResult{game: g, run: r, strategy: st.Name, seats: seatStats(g, games, st.Name), seconds: time.Since(start).Seconds()}
	if r.asJSON {
		return writeJSON(stdout, res.json())
	}
	res.writeText(stdout)
	return nil
}

// seatStat is one seat's results over the games.
type seatStat struct {
	Strategy string `json:"strategy"`
	sampleStats
	Wins    float64    `json:"win_rate"` // games won, a tie shared among the tied
	WinCI95 [2]float64 `json:"win_ci95"` // its 95% confidence interval
}

// seatStats sums up the games' scores by seat, every seat playing
// strategy, with gonum's statistics (scores.Sample); wins are counted in
// twelfths of a game, so that ties of two, three or four players share
// them exactly, and their interval comes from the games' spread.
func seatStats(g *engine.Game, games [][]int, strategy string) []seatStat {
	seats := make([]seatStat, len(games[0]))
	twelfths, squares := make([]int, len(seats)), make([]int, len(seats))
	for _, game := range games {
		best, tied := slices.Max(game), 0
		for _, v := range game {
			if v == best {
				tied++
			}
		}
		for i, v := range game {
			if v == best {
				twelfths[i] += 12 / tied
				squares[i] += (12 / tied) * (12 / tied)
			}
		}
	}
	for i := range seats {
		lo, hi := games[0][i], games[0][i]
		for _, game := range games {
			lo, hi = min(lo, game[i]), max(hi, game[i])
		}
		sample := scores.Sample{Game: g, Games: len(games), Scores: scores.Histogram{Lo: lo, W: make([]float64, hi-lo+1)}}
		for _, game := range games {
			sample.Scores.W[game[i]-lo]++
		}
		n := float64(len(games))
		rate := float64(twelfths[i]) / (12 * n)
		half := 0.0
		if n > 1 {
			half = scores.HalfWidth95(math.Sqrt(max(0, (float64(squares[i])/144-n*rate*rate)/(n-1))), len(games))
		}
		seats[i] = seatStat{strategy, statsOf(&sample), rate, [2]float64{rate - half, rate + half}}
	}
	return seats
}

// schoolResult is a school simulate run, ready to print.
type schoolResult struct {
	game     *engine.Game
	run      schoolRun
	strategy string
	seats    []seatStat
	seconds  float64
}

func (r *schoolResult) json() any {
	return struct {
		Game     string     `json:"game"`
		Options  string     `json:"options,omitempty"`
		Strategy string     `json:"strategy"`
		Players  int        `json:"players"`
		Seed     uint64     `json:"seed"`
		Games    int        `json:"games"`
		Rules    string     `json:"rules"`
		Seats    []seatStat `json:"seats"`
		Seconds  *float64   `json:"seconds,omitempty"`
	}{r.game.Name, r.game.Options.String(), r.strategy, r.run.players, r.run.seed, r.run.games, r.game.Options.String(), r.seats, secondsIf(r.run.timing, r.seconds)}
}

func (r *schoolResult) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s, %s strategy, %d %s: %d games, seed %d\n", strategy.Describe(r.game), r.strategy,
		r.run.players, plural(r.run.players, "player", "players"), r.run.games, r.run.seed)
	for i, s := range r.seats {
		fmt.Fprintf(w, "seat %d  mean %.3f (95%% confidence interval %.3f to %.3f), sd %.3f, min %d, max %d",
			i+1, s.Mean, s.CI95[0], s.CI95[1], s.SD, s.Min, s.Max)
		if len(r.seats) > 1 {
			fmt.Fprintf(w, ", wins %.2f%%", 100*s.Wins)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "time    %.2f s, %.0f games/s\n", r.seconds, float64(r.run.games)/r.seconds)
}
