package scores

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

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

// Arc is one way a turn ends, for Carry: the next state's index, the
// points the turn adds and its probability.
type Arc struct {
	Next   int32
	Points int32
	P      float64
}

// Exact computes the distribution of p's game's final score exactly (see
// Carry), each way a turn ends coming from policy.Policy.AppendOutcomes.
func Exact(p *policy.Policy, o Options) *Distribution { return ExactFrom(p, engine.State{}, o) }

// ExactFrom computes, as Exact does, the distribution of the points p
// scores from state start to the end of the game: from a sheet in play,
// the final score less the sheet's. The states of a turn are planned
// solver.Lanes at a time (policy.Batch).
func ExactFrom(p *policy.Policy, start engine.State, o Options) *Distribution {
	g := p.Game()
	l := solver.NewLayout(g)
	d := &Distribution{Game: g}
	turns := len(g.Categories) - bits.OnesCount32(start.Filled)
	type work struct {
		batch *policy.Batch
		outs  []policy.Outcome
	}
	works := make([]work, o.threads())
	d.Scores, d.States = Carry(l.Index(start), l.Size(), turns, func(w int, is []int, arcs [][]Arc) {
		wk := &works[w]
		if wk.batch == nil {
			wk.batch = p.NewBatch()
		}
		var states [solver.Lanes]engine.State
		for j, i := range is {
			states[j] = l.State(i)
		}
		wk.batch.Plan(states[:len(is)])
		wk.batch.Decide()
		for j := range is {
			wk.outs = p.AppendOutcomes(wk.outs[:0], wk.batch.Turn(j))
			arcs[j] = make([]Arc, len(wk.outs))
			for k, o := range wk.outs {
				arcs[j][k] = Arc{Next: int32(l.Index(o.Next)), P: o.P, Points: int32(o.Points)}
			}
		}
	}, o)
	return d
}

// Carry computes the distribution of the total of the points of turns
// turns exactly, from the state with index start among states 0..size-1,
// and counts the states between turns it reaches. arcs(w, is, out) sets
// out[j] to the ways the turn of state is[j] ends, for up to solver.Lanes
// states of one turn at a time, in order of index; it is called once for
// each state reached, from goroutine w (0..threads-1), which it may keep
// scratch space for. Carry carries probability forward from the start,
// one turn at a time: each state reached after n turns holds the
// probability of every total of the points scored so far, and each arc
// adds that, shifted by the arc's points and scaled by its probability,
// to the next state's. The states of a turn are shared among goroutines
// so that each next state adds what reaches it in the same order
// whatever the number of threads: the result is the same to the bit.
// o.Progress counts turns, o.TurnProgress the states of each turn.
func Carry(start, size, turns int, arcs func(w int, is []int, out [][]Arc), o Options) (Histogram, int) {
	threads := o.threads()
	// where[i]-1 is the position in the next turn's layer of the state
	// with index i; 0 when the layer does not hold it.
	where := make([]int32, size)
	layer := []node{{index: start, hi: 1, p: []float64{1}}}
	states := 1
	for turn := range turns {
		out := make([][]Arc, len(layer))
		var done atomic.Int64
		batches := (len(layer) + solver.Lanes - 1) / solver.Lanes
		workers.Each(batches, threads, func(w, b int) {
			from, to := b*solver.Lanes, min((b+1)*solver.Lanes, len(layer))
			var is [solver.Lanes]int
			for j := range to - from {
				is[j] = layer[from+j].index
			}
			arcs(w, is[:to-from], out[from:to])
			// Goroutine 0 alone reports, so that no two calls overlap.
			if n := done.Add(int64(to - from)); o.TurnProgress != nil && w == 0 && b%32 == 0 {
				o.TurnProgress(turn+1, turns, int(n), len(layer))
			}
		})
		if o.TurnProgress != nil {
			o.TurnProgress(turn+1, turns, len(layer), len(layer))
		}
		next := nextLayer(out, where)
		var wg sync.WaitGroup
		for w := range threads {
			wg.Go(func() { carry(layer, out, next, where, w, threads) })
		}
		wg.Wait()
		for _, n := range next {
			where[n.index] = 0
		}
		layer = next
		states += len(layer)
		if o.Progress != nil {
			o.Progress(turn+1, turns)
		}
	}
	var h Histogram
	for _, n := range layer {
		h.add(n.lo, n.p)
	}
	return h, states
}

// nextLayer returns the states the arcs lead to, in order of layout
// index, and records their positions in where.
func nextLayer(arcs [][]Arc, where []int32) []node {
	for _, as := range arcs {
		for _, a := range as {
			where[a.Next] = -1
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
func carry(layer []node, arcs [][]Arc, next []node, where []int32, w, threads int) {
	mine := func(a Arc) *node {
		if i := int(where[a.Next]) - 1; i%threads == w {
			return &next[i]
		}
		return nil
	}
	// The range of totals of each state, then the totals themselves.
	for i, as := range arcs {
		src := &layer[i]
		for _, a := range as {
			if n := mine(a); n != nil {
				n.lo = min(n.lo, src.lo+int(a.Points))
				n.hi = max(n.hi, src.hi+int(a.Points))
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
				to := n.p[src.lo+int(a.Points)-n.lo:][:len(src.p)]
				for k, q := range src.p {
					to[k] += a.P * q
				}
			}
		}
	}
}
