package scores

import (
	"math"
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
	rates := WinRates(games, len(games))
	shares := make([]float64, len(rates))
	for i, r := range rates {
		shares[i] = r.Rate
	}
	return shares
}

// WinRate is a seat's share of the games won (WinShares) with its 95%
// confidence interval.
type WinRate struct {
	Rate float64
	CI95 [2]float64
}

// WinRates returns each seat's share of games won, as WinShares counts
// it, with its 95% confidence interval from the spread of the shares won
// in consecutive blocks of block games: 1 where every game is played
// with dice of its own, more where the games of a block share their dice
// (seats.Play), which makes them alike. len(games) must be a multiple of
// block; one block gives an interval of no width.
func WinRates(games [][]int, block int) []WinRate {
	k := len(games[0])
	sum, square := make([]int, k), make([]int, k) // twelfths won by block, and their squares
	won := make([]int, k)
	for start := 0; start < len(games); start += block {
		clear(won)
		for _, game := range games[start : start+block] {
			best, tied := slices.Max(game), 0
			for _, v := range game {
				if v == best {
					tied++
				}
			}
			for i, v := range game {
				if v == best {
					won[i] += 12 / tied
				}
			}
		}
		for i, w := range won {
			sum[i] += w
			square[i] += w * w
		}
	}
	n, per := float64(len(games)/block), float64(12*block)
	rates := make([]WinRate, k)
	for i := range rates {
		rate := float64(sum[i]) / float64(12*len(games))
		half := 0.0
		if n > 1 {
			half = HalfWidth95(math.Sqrt(max(0, (float64(square[i])/(per*per)-n*rate*rate)/(n-1))), int(n))
		}
		rates[i] = WinRate{rate, [2]float64{rate - half, rate + half}}
	}
	return rates
}
