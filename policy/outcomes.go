package policy

import (
	"slices"

	"dicepoker/engine"
)

// Outcome is one way a turn ends: the state after it, the points the turn
// adds (bonuses included) and its probability.
type Outcome struct {
	Next   engine.State
	Points int
	P      float64
}

// Outcomes returns the ways the turn of state s ends under p, with their
// exact probabilities, which sum to 1: one entry for each distinct next
// state and points, ordered by the next state's layout index
// (solver.Layout.Index), then by points. It computes s's decisions afresh
// without caching them, for a pass that meets each state once.
func (p *Policy) Outcomes(s engine.State) []Outcome { return p.TurnOutcomes(p.plan(s)) }

// TurnOutcomes returns the ways turn t of p's game ends, as Outcomes
// does, whatever made its decisions (Decided).
func (p *Policy) TurnOutcomes(t *Turn) []Outcome {
	g, s := p.game, t.state
	// The probability of each roll after the first roll, then after each
	// reroll: the mass of the rolls that keep the same dice goes to the
	// rolls that keep can become.
	var prob [engine.NumRolls]float64
	for r := range prob {
		prob[r] = engine.RollProbability(r)
	}
	for j := g.Rolls - 1; j >= 1; j-- {
		var mass [engine.NumKeeps]float64
		for r, q := range &prob {
			k, _ := t.Keep(r, j)
			mass[k] += q
		}
		prob = [engine.NumRolls]float64{}
		for k, m := range &mass {
			if m == 0 {
				continue
			}
			for _, tr := range engine.Outcomes(k) {
				prob[tr.Roll] += m * tr.P
			}
		}
	}
	// The final rolls, by box and points, except those under the
	// five-alike rules, whose moves are their own.
	mass := make([]float64, p.levels)
	out := make([]Outcome, 0, 64)
	for r, q := range &prob {
		switch {
		case q == 0:
		case special(g, s, r):
			pl := t.Place(r)
			out = append(out, Outcome{Next: pl.Next, Points: pl.Total(), P: q})
		default:
			b := &p.boxes[t.Box(r)]
			mass[b.base+int(b.level[r])] += q
		}
	}
	for c := range p.boxes {
		b := &p.boxes[c]
		for l, pts := range b.levels {
			if q := mass[b.base+l]; q != 0 {
				pl := g.Write(s, c, pts)
				out = append(out, Outcome{Next: pl.Next, Points: pl.Total(), P: q})
			}
		}
	}
	return p.merge(out)
}

// merge orders outcomes by next state and points, adding up those that
// are the same.
func (p *Policy) merge(out []Outcome) []Outcome {
	type keyed struct {
		index int // layout index of the next state
		o     Outcome
	}
	ks := make([]keyed, len(out))
	for i, o := range out {
		ks[i] = keyed{p.layout.Index(o.Next), o}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if a.index != b.index {
			return a.index - b.index
		}
		return a.o.Points - b.o.Points
	})
	merged := out[:0]
	for i, k := range ks {
		if i > 0 && k.index == ks[i-1].index && k.o.Points == ks[i-1].o.Points {
			merged[len(merged)-1].P += k.o.P
			continue
		}
		merged = append(merged, k.o)
	}
	return merged
}
