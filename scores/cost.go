package scores

import (
	"dicepoker/engine"
	"dicepoker/internal/statespace"
)

// exactBytesPerState is about the peak memory of a single-sheet exact
// distribution (Exact, ExactFrom) for each state of the game's layout, as
// measured with the states that share their futures carried as one:
// swedish, 4,194,304 states, peaks at 0.50 GB; yahtzee, a quarter as
// many, at about 188 MB, 25 MB of it the process's own whatever the game.
const exactBytesPerState = 120

// ExactMemory returns about the most memory Exact takes for single-sheet
// game g.
func ExactMemory(g *engine.Game) int64 {
	return exactBytesPerState * int64(statespace.NewLayout(g).Size())
}
