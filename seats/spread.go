package seats

import (
	"math"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Spread gives the spread of the points still to come from each state of
// a single-sheet game under expected-value play: their mean, the
// strategy table's value, and their variance, from one pass over the
// states from the last turn back (policy.Outcomes).
type Spread struct {
	layout statespace.Layout
	mean   solver.Values
	square []float64 // the expected square of the points to come, by layout index
}

// NewSpread computes the spread of expected-value play p, whose values
// are ev.
func NewSpread(p *policy.Policy, ev solver.Values, threads int) *Spread {
	g := p.Game()
	l := statespace.NewLayout(g)
	sp := &Spread{layout: l, mean: ev, square: make([]float64, l.Size())}
	n := len(g.Categories)
	layers := make([][]int, n)
	for i := range l.Size() {
		s := l.State(i)
		if k := bits.OnesCount32(s.Filled); k < n && s.Upper <= g.UpperCap() {
			layers[k] = append(layers[k], i)
		}
	}
	for k := n - 1; k >= 0; k-- {
		workers.Each(len(layers[k]), threads, func(_, j int) {
			i := layers[k][j]
			s := l.State(i)
			if math.IsNaN(ev(s)) {
				return // a state no game reaches
			}
			sum := 0.0
			for _, o := range p.Outcomes(s) {
				x := float64(o.Points)
				sum += o.P * (x*x + 2*x*ev(o.Next) + sp.square[l.Index(o.Next)])
			}
			sp.square[i] = sum
		})
	}
	return sp
}

// Final returns the mean and standard deviation of the final total of a
// player in state s with score points on the sheet, who plays for the
// expected score.
func (sp *Spread) Final(s engine.State, score int) (mean, sd float64) {
	m := sp.mean(s)
	return float64(score) + m, math.Sqrt(max(0, sp.square[sp.layout.Index(s)]-m*m))
}
