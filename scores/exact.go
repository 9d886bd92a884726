package scores

import (
	"math"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Distribution is the exact distribution of a game's final score under a
// policy.
type Distribution struct {
	Game   *engine.Game
	Scores Histogram // the probability of each final score
	States int       // states between turns that the policy reaches
}

// Summary describes the distribution: its mean, standard deviation,
// extremes and percentiles.
func (d *Distribution) Summary() Summary { return d.Scores.summarize(false) }

// node is a state between turns that the policy reaches, with the
// probability of each total of the points scored so far: p[i] for lo+i.
type node struct {
	index  int // layout index of the state
	lo, hi int // the totals lo..hi-1
	p      []float64
}

// arc is one way a turn ends: the next state's layout index, the points the
// turn adds and its probability.
type arc struct {
	next   int32
	points int32
	p      float64
}

// Exact computes the distribution of p's game's final score exactly. It
// carries probability forward from the new game, one turn at a time: each
// state reached after n turns holds the probability of every total of the
// points scored so far, and each way its turn ends (policy.Outcomes) adds
// that, shifted by the turn's points and scaled by the way's probability,
// to the next state's. The states of a turn are shared among goroutines
// so that each next state adds what reaches it in the same order whatever
// the number of threads: the result is the same to the bit.
func Exact(p *policy.Policy, o Options) *Distribution {
	g := p.Game()
	l := solver.NewLayout(g)
	threads := o.threads()
	// where[i]-1 is the position in the next turn's layer of the state
	// with layout index i; 0 when the layer does not hold it.
	where := make([]int32, l.Size())
	layer := []node{{hi: 1, p: []float64{1}}}
	d := &Distribution{Game: g, States: 1}
	for turn := range g.Turns() {
		arcs := make([][]arc, len(layer))
		workers.Each(len(layer), threads, func(_, i int) {
			outs := p.Outcomes(l.State(layer[i].index))
			arcs[i] = make([]arc, len(outs))
			for j, o := range outs {
				arcs[i][j] = arc{next: int32(l.Index(o.Next)), points: int32(o.Points), p: o.P}
			}
		})
		next := nextLayer(arcs, where)
		var wg sync.WaitGroup
		for w := range threads {
			wg.Go(func() { carry(layer, arcs, next, where, w, threads) })
		}
		wg.Wait()
		for _, n := range next {
			where[n.index] = 0
		}
		layer = next
		d.States += len(layer)
		if o.Progress != nil {
			o.Progress(turn+1, g.Turns())
		}
	}
	for _, n := range layer {
		d.Scores.add(n.lo, n.p)
	}
	return d
}

// nextLayer returns the states the arcs lead to, in order of layout
// index, and records their positions in where.
func nextLayer(arcs [][]arc, where []int32) []node {
	for _, as := range arcs {
		for _, a := range as {
			where[a.next] = -1
		}
	}
	var next []node
	for i, w := range where {
		if w != 0 {
			where[i] = int32(len(next) + 1)
			next = append(next, node{index: i, lo: math.MaxInt, hi: math.MinInt})
		}
	}
	return next
}

// carry fills the point distributions of the next layer's states whose
// position is w modulo threads, adding the arcs that reach each in the
// order of their source states.
func carry(layer []node, arcs [][]arc, next []node, where []int32, w, threads int) {
	mine := func(a arc) *node {
		if i := int(where[a.next]) - 1; i%threads == w {
			return &next[i]
		}
		return nil
	}
	// The range of totals of each state, then the totals themselves.
	for i, as := range arcs {
		src := &layer[i]
		for _, a := range as {
			if n := mine(a); n != nil {
				n.lo = min(n.lo, src.lo+int(a.points))
				n.hi = max(n.hi, src.hi+int(a.points))
			}
		}
	}
	for i := w; i < len(next); i += threads {
		next[i].p = make([]float64, next[i].hi-next[i].lo)
	}
	for i, as := range arcs {
		src := &layer[i]
		for _, a := range as {
			if n := mine(a); n != nil {
				to := n.p[src.lo+int(a.points)-n.lo:][:len(src.p)]
				for k, q := range src.p {
					to[k] += a.p * q
				}
			}
		}
	}
}
