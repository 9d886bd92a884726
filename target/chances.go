package target

import (
	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
)

// Curve gives, for each final total from Lo to Lo+len(Best)-1, the chance
// of finishing with at least that total: Best[i] under the play that
// aims at it, EV[i] under the expected-value optimum.
type Curve struct {
	Lo       int
	Best, EV []float64
}

// TopChance is where Chances ends its curve unless told: at the lowest
// total that expected-value play reaches with a smaller chance.
const TopChance = 1e-4

// Chances returns the curve of state from of single-sheet game g, with
// score points on its sheet, for the totals from the first that
// expected-value play may miss to top (0: the first it reaches with a
// chance below TopChance). The expected-value chances come from that
// play's exact distribution (scores.ExactFrom), the others from one solve
// for the highest total, which answers every lower one too.
func Chances(g *engine.Game, from engine.State, score, top int, o solver.Options) (*Curve, error) {
	ev, err := solver.Solve(g, solver.Options{Threads: o.Threads})
	if err != nil {
		return nil, err
	}
	p, err := policy.New(g, ev.Value)
	if err != nil {
		return nil, err
	}
	h := scores.ExactFrom(p, from, scores.Options{Threads: o.Threads}).Scores
	lo := score + h.Lo + 1 // the least total that expected-value play may miss
	if top <= 0 {
		for top = lo; h.AtLeast(top-score) >= TopChance; top++ {
		}
	}
	sol := solveWith(ev, from, max(0, top-score), nil, o)
	c := &Curve{Lo: min(lo, top)}
	for t := c.Lo; t <= top; t++ {
		c.Best = append(c.Best, sol.Value(from, t-score).P)
		c.EV = append(c.EV, h.AtLeast(t-score))
	}
	return c, nil
}
