package scores

import (
	"math"
	"slices"
	"testing"
)

// TestSeats checks BySeat's histograms and WinShares' shares of ties, on
// games small enough to count by hand.
func TestSeats(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		games [][]int
		lo    []int       // each seat's lowest score
		w     [][]float64 // each seat's histogram
		wins  []float64
	}{
		{"one seat", [][]int{{5}, {7}, {5}}, []int{5}, [][]float64{{2, 0, 1}}, []float64{1}},
		{"two seats, one tie", [][]int{{3, 1}, {2, 2}}, []int{2, 1}, [][]float64{{1, 1}, {1, 1}},
			[]float64{0.75, 0.25}},
		{"three tied, then one", [][]int{{4, 4, 4}, {0, 9, 1}}, []int{0, 4, 1}, [][]float64{{1, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 1}, {1, 0, 0, 1}},
			[]float64{1.0 / 6, 4.0 / 6, 1.0 / 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seat, s := range BySeat(nil, c.games) {
				if s.Games != len(c.games) || s.Scores.Lo != c.lo[seat] || !slices.Equal(s.Scores.W, c.w[seat]) {
					t.Errorf("seat %d: %d games, histogram from %d %v; want %d, from %d %v",
						seat, s.Games, s.Scores.Lo, s.Scores.W, len(c.games), c.lo[seat], c.w[seat])
				}
			}
			if got := WinShares(c.games); !slices.Equal(got, c.wins) {
				t.Errorf("WinShares = %v, want %v", got, c.wins)
			}
		})
	}
}

// TestWinRates checks the intervals of the win rates: the spread of
// single games, and none where every block of games is shared alike.
func TestWinRates(t *testing.T) {
	t.Parallel()
	games := [][]int{{1, 0}, {0, 1}, {2, 0}, {0, 2}}
	half := HalfWidth95(math.Sqrt(1.0/3), 4) // shares 1, 0, 1, 0: variance 1/3
	for _, c := range []struct {
		block int
		want  [2]float64
	}{{1, [2]float64{0.5 - half, 0.5 + half}}, {2, [2]float64{0.5, 0.5}}, {4, [2]float64{0.5, 0.5}}} {
		for seat, r := range WinRates(games, c.block) {
			if r.Rate != 0.5 || math.Abs(r.CI95[0]-c.want[0]) > 1e-12 || math.Abs(r.CI95[1]-c.want[1]) > 1e-12 {
				t.Errorf("blocks of %d, seat %d: %+v, want 0.5 in %v", c.block, seat, r, c.want)
			}
		}
	}
}
