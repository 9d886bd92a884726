package scores

import (
	"slices"

	"dicepoker/engine"
)

// BySeat returns the sample of each seat's final scores in games of g,
// where games[i][seat] is what that seat scored in game i: the games of
// players taking turns at one table (school), which simulate sums up by
// seat.
func BySeat(g *engine.Game, games [][]int) []*Sample {
	seats := make([]*Sample, len(games[0]))
	for seat := range seats {
		lo, hi := games[0][seat], games[0][seat]
		for _, game := range games {
			lo, hi = min(lo, game[seat]), max(hi, game[seat])
		}
		s := &Sample{Game: g, Games: len(games), Scores: Histogram{Lo: lo, W: make([]float64, hi-lo+1)}}
		for _, game := range games {
			s.Scores.W[game[seat]-lo]++
		}
		seats[seat] = s
	}
	return seats
}

// MaxSeats is the most seats WinShares shares wins among exactly.
const MaxSeats = 4

// WinShares returns each seat's share of games won, games[i][seat] being
// what that seat scored in game i: the highest score wins, and a tie
// shares the game among the tied. Wins are counted in twelfths of a game,
// so that ties of two, three or four players (at most MaxSeats) share
// them exactly.
func WinShares(games [][]int) []float64 {
	twelfths := make([]int, len(games[0]))
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
			}
		}
	}
	shares := make([]float64, len(twelfths))
	for i, n := range twelfths {
		shares[i] = float64(n) / float64(12*len(games))
	}
	return shares
}
