package scores

import (
	"math/bits"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
)

// exactBytesPerState is about the peak memory of a single-sheet exact
// distribution (Exact, ExactFrom) for each state of the game's layout, as
// measured with the states that share their futures carried as one:
// swedish, 4,194,304 states, peaks at 0.50 GB; yahtzee, a quarter as
// many, at about 188 MB, 25 MB of it the process's own whatever the game.
const exactBytesPerState = 120

// The exact distribution of a game of six dice, whose totals spread
// wider than five dice's, is costed by its totals instead: the carried
// states of two turns next to each other, each with every total its
// filled boxes can add up to, at most, as 8 bytes each, of which the pass
// holds at its peak exactTotalsShare at most, beside exactBaseBytes. Maxi
// Yatzy on twelve boxes (ones to sixes, pair, three pairs, villa, tower,
// full straight, chance; 78,375 states reached) peaks at 101 MB against
// 168 MB of such totals; yahtzee's measure is 0.37 of its totals', and
// swedish's 0.27.
const (
	exactBaseBytes   = 25e6
	exactTotalsShare = 0.45
)

// ExactMemory returns about the most memory Exact takes for single-sheet
// game g.
func ExactMemory(g *engine.Game) int64 {
	if g.Dice == engine.Dice {
		return exactBytesPerState * int64(statespace.NewLayout(g).Size())
	}
	return int64(exactBaseBytes + exactTotalsShare*8*float64(layerTotals(g)))
}

// layerTotals returns the most totals that the states of two turns next
// to each other can hold, each state that stands for others
// (statespace.UpperClasses) with every total from 0 to the most its
// filled boxes and the upper bonus can add up to.
func layerTotals(g *engine.Game) int64 {
	n := len(g.Categories)
	most := make([]int64, n)
	for c := range n {
		for r := range g.Cup().NumRolls() {
			most[c] = max(most[c], int64(g.Score(c, r)))
		}
	}
	classes := statespace.NewUpperClasses(g)
	layers := make([]int64, n+1)
	for m := range uint32(1 << n) {
		width := int64(g.Upper.Points) + 1
		for f := m; f != 0; f &= f - 1 {
			width += most[bits.TrailingZeros32(f)]
		}
		layers[bits.OnesCount32(m)] += int64(classes.Count(m)) * width
	}
	var peak int64
	for k := range n {
		peak = max(peak, layers[k]+layers[k+1])
	}
	return peak
}
