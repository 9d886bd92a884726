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

// Chances returns the curve of state from, with score points on its
// sheet, for the totals from the first that expected-value play may miss
// to top (0: the first it reaches with a chance below TopChance). The
// expected-value chances come from that play's exact distribution
// (scores.ExactFrom) under ev, the expected-value optimum, the others
// from the table. A damaged part of a table read lazily is an error.
func (t *Table) Chances(from engine.State, score, top int, ev solver.Values, o scores.Options) (*Curve, error) {
	p, err := policy.New(t.Game, ev)
	if err != nil {
		return nil, err
	}
	h := scores.ExactFrom(p, from, o).Scores
	lo := score + h.Lo + 1 // the least total that expected-value play may miss
	if top <= 0 {
		for top = lo; h.AtLeast(top-score) >= TopChance; top++ {
		}
	}
	c := &Curve{Lo: min(lo, top)}
	for total := c.Lo; total <= top; total++ {
		c.Best = append(c.Best, t.Chance(from, total-score))
		c.EV = append(c.EV, h.AtLeast(total-score))
	}
	return c, t.Err()
}
