package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"dicepoker/engine"
	"dicepoker/seats"
	"dicepoker/strategy"
	"dicepoker/target"
)

// simulate --players K --strategy S1,S2,... for the single-sheet games:
// players in seats, one strategy a seat (seats.Play).

// maxSeats is the most players a single-sheet game seats.
const maxSeats = 4

// wantsSeats reports whether simulate was asked for seats: --players, a
// list of strategies, or a strategy only seats play.
func wantsSeats(playersGiven bool, name string) bool {
	return playersGiven || strings.Contains(name, ",") || name == "win" || strings.HasPrefix(name, "target:")
}

// seatRun is what simulate was asked to play with seats.
type seatRun struct {
	games, players, threads int
	playersGiven            bool
	seed                    uint64
	strategies, table       string
	asJSON, timing          bool
}

// simulateSeats plays single-sheet games of players in seats.
func simulateSeats(g *engine.Game, r seatRun, stdout io.Writer) error {
	list, err := seats.Parse(r.strategies)
	if err != nil {
		return usagef("--strategy: %v", err)
	}
	if !r.playersGiven {
		r.players = len(list)
	}
	switch {
	case r.players < 1 || r.players > maxSeats:
		return usagef("--players %d: %s has 1 to %d players", r.players, g.Name, maxSeats)
	case len(list) == 1:
		for len(list) < r.players {
			list = append(list, list[0])
		}
	case len(list) != r.players:
		return usagef("--strategy names %d strategies for %d players: give one, or one a seat", len(list), r.players)
	}
	for _, s := range list {
		if s.Kind == seats.Win && r.players < 2 {
			return usagef("--strategy win plays against other players: give --players 2 or more")
		}
	}
	st := seats.Setup{Game: g, Threads: r.threads}
	o := opener(r.table)
	if seats.NeedsTable(list) {
		st.Table, st.EV, err = o.TargetPlay(g, true)
	} else {
		var t *strategy.Table
		if t, err = o.Table(g); err == nil {
			st.EV = t.Value
		}
	}
	if err != nil {
		return err
	}
	start := time.Now()
	played, err := seats.Play(st, list, r.games, r.seed)
	if err != nil {
		return err
	}
	res := seatsResult{game: g, run: r, seconds: time.Since(start).Seconds()}
	for _, s := range played {
		stat := seatStat{Strategy: s.Strategy.String(), sampleStats: statsOf(s.Sample), Wins: s.WinRate, WinCI95: s.WinCI95}
		res.seats = append(res.seats, stat)
		res.games = s.Sample.Games
	}
	if r.asJSON {
		return writeJSON(stdout, res.json())
	}
	res.writeText(stdout)
	return nil
}

// seatsResult is a run with seats, ready to print.
type seatsResult struct {
	game    *engine.Game
	run     seatRun
	games   int // played: whole blocks of one game a seat
	seats   []seatStat
	seconds float64
}

func (r *seatsResult) json() any {
	return struct {
		Game    string     `json:"game"`
		Options string     `json:"options,omitempty"`
		Rules   string     `json:"rules"`
		Players int        `json:"players"`
		Seed    uint64     `json:"seed"`
		Games   int        `json:"games"`
		Bound   float64    `json:"table_bound,omitempty"`
		Seats   []seatStat `json:"seats"`
		Seconds *float64   `json:"seconds,omitempty"`
	}{r.game.Name, r.game.Options.String(), r.game.Options.String(), r.run.players, r.run.seed, r.games,
		r.bound(), r.seats, secondsIf(r.run.timing, r.seconds)}
}

// bound returns the every-target table's bound where a seat plays by it,
// else 0.
func (r *seatsResult) bound() float64 {
	for _, s := range r.seats {
		if s.Strategy == "win" || strings.HasPrefix(s.Strategy, "target:") {
			return target.Bound(r.game)
		}
	}
	return 0
}

func (r *seatsResult) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s, %d %s: %d games, seed %d, every strategy in every seat with the same dice\n", strategy.Describe(r.game),
		r.run.players, plural(r.run.players, "player", "players"), r.games, r.run.seed)
	for i, s := range r.seats {
		fmt.Fprintf(w, "seat %d  %-12s mean %.3f (95%% confidence interval %.3f to %.3f), sd %.3f, min %d, max %d",
			i+1, s.Strategy, s.Mean, s.CI95[0], s.CI95[1], s.SD, s.Min, s.Max)
		if len(r.seats) > 1 {
			fmt.Fprintf(w, ", wins %.2f%% (%.2f%% to %.2f%%)", 100*s.Wins, 100*s.WinCI95[0], 100*s.WinCI95[1])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "time    %.2f s, %.0f games/s\n", r.seconds, float64(r.games)/r.seconds)
}
