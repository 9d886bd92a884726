package target

import (
	"fmt"
	"math"

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
// the need counted to the first total that beats every opponent surely,
// or so nearly that its worth is within Slack of 1 (beatWorth). Every
// value is then within Slack of the exact one, a value being the mean
// worth of the final total under its play, and the solve the shorter:
// the bonuses' long tails of the opponents' totals are cut. Beat returns
// the solution and the need of the starting state, for Value, Actions and
// NewPlayer's target (score + need). Once o.Context is done the work
// stops between layers (and between turns of an opponent's
// distribution) and returns its error.
func Beat(g *engine.Game, from engine.State, score int, opponents []Opponent, o solver.Options) (*Solution, int, error) {
	return beat(g, from, score, opponents, false, o)
}

// BeatActions ranks the actions of a position in state from, with dice
// showing and rollsLeft rerolls allowed, as the Actions of Beat's
// solution rank them, and returns them and their chances with the need. It keeps only the
// rows that ranking reads while it solves (see solveWith's lean), a
// fraction of Beat's memory.
func BeatActions(g *engine.Game, from engine.State, score int, opponents []Opponent, dice engine.Multiset, rollsLeft int, o solver.Options) ([]engine.Ranked, []float64, int, error) {
	sol, need, err := beat(g, from, score, opponents, true, o)
	if err != nil {
		return nil, nil, 0, err
	}
	as, chances, err := sol.Actions(from, max(0, need), dice, rollsLeft)
	return as, chances, need, err
}

// beat is Beat, with solveWith's lean.
func beat(g *engine.Game, from engine.State, score int, opponents []Opponent, lean bool, o solver.Options) (*Solution, int, error) {
	if len(opponents) == 0 {
		return nil, 0, fmt.Errorf("no opponent to beat")
	}
	ev, err := solver.Solve(g, solver.Options{Threads: o.Threads, Context: o.Context})
	if err != nil {
		return nil, 0, err
	}
	p, err := policy.New(g, ev.Value)
	if err != nil {
		return nil, 0, err
	}
	finals := make([]scores.Histogram, len(opponents))
	for i, op := range opponents {
		h := scores.ExactFrom(p, op.State, scores.Options{Threads: o.Threads, Context: o.Context}).Scores
		if err := o.Err(); err != nil {
			return nil, 0, err // the distribution stopped short
		}
		h.Lo += op.Score
		finals[i] = h
	}
	worth, sure := beatWorth(finals)
	need := sure - score
	sol, err := solveWith(ev, from, need, max(0, need), worth, lean, o)
	return sol, need, err
}

// Slack is how far from exact Beat's values may be: the totals worth
// within Slack of 1 count as sure wins, those within Slack of 0 as
// losses.
const Slack = 0x1p-40

// beatWorth returns the worth of the final totals against opponents whose
// final totals have distributions finals: worth[n] is that of the total
// sure-1-n, for the totals whose worth is more than Slack from 0 and 1;
// those from sure on count as 1, those below the last as 0. The worth of
// x is the product over the opponents of P(their total < x) + P(= x)/2,
// summed, not as differences of sums near equal, so that it is 0 or more
// and nondecreasing in x.
func beatWorth(finals []scores.Histogram) (worth []float64, sure int) {
	low := math.MinInt
	for _, h := range finals {
		sure, low = max(sure, h.Lo+len(h.W)), max(low, h.Lo)
	}
	at := func(x int) float64 {
		w := 1.0
		for _, h := range finals {
			below := 0.0
			for i, q := range h.W {
				switch {
				case h.Lo+i < x:
					below += q
				case h.Lo+i == x:
					below += q / 2
				}
			}
			w *= below
		}
		return w
	}
	for sure > low && at(sure-1) >= 1-Slack {
		sure--
	}
	for low < sure && at(low) <= Slack {
		low++
	}
	worth = make([]float64, sure-low)
	for n := range worth {
		worth[n] = at(sure - 1 - n)
	}
	return worth, sure
}
