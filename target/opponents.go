package target

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
)

// Opponent is another player's position: their sheet's state and score.
// Opponents are taken to play for the expected score from there.
type Opponent struct {
	State engine.State
	Score int
}

// Beat solves for the chance of finishing ahead of every opponent, a tie
// with one of them counting half, from state from with score points on
// the sheet. Each opponent's final total has the exact distribution of
// expected-value play from their sheet (scores.ExactFrom), the opponents
// independent of each other and of the player: a final total x is worth
// the product over the opponents of P(their total < x) + P(= x)/2. That
// worth is the value of the end of the game in a solve like Solve's, with
// the need counted to the first total that beats every opponent surely.
// Beat returns the solution and the need of the starting state, for
// Value, Actions and NewPlayer's target (score + need).
func Beat(g *engine.Game, from engine.State, score int, opponents []Opponent, o solver.Options) (*Solution, int, error) {
	if len(opponents) == 0 {
		return nil, 0, fmt.Errorf("no opponent to beat")
	}
	ev, err := solver.Solve(g, solver.Options{Threads: o.Threads})
	if err != nil {
		return nil, 0, err
	}
	p, err := policy.New(g, ev.Value)
	if err != nil {
		return nil, 0, err
	}
	// finals[i] is opponent i's final total distribution; sure beats
	// them all.
	finals := make([]scores.Histogram, len(opponents))
	sure, low := 0, 0
	for i, op := range opponents {
		h := scores.ExactFrom(p, op.State, scores.Options{Threads: o.Threads}).Scores
		h.Lo += op.Score
		finals[i] = h
		sure = max(sure, h.Lo+len(h.W))
		low = max(low, h.Lo)
	}
	worth := make([]float64, max(0, sure-low))
	for n := range worth {
		x := sure - 1 - n // the total that falls n+1 points short of sure
		w := 1.0
		for _, h := range finals {
			// P(< x) + P(= x)/2, kept within 0..1: the differences of
			// sums near equal can round a few ulps below 0, and every
			// turn's choice takes chances to be 0 or more
			w *= min(1, max(0, h.Total()-h.AtLeast(x)+h.AtLeast(x)/2-h.AtLeast(x+1)/2))
		}
		worth[n] = w
	}
	need := sure - score
	return solveWith(ev, from, max(0, need), worth, o), need, nil
}
