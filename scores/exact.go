package scores

import (
	"math"
	"math/bits"
	"slices"
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

// Arc is one way a turn ends, for Carry: the next state's index, the
// points the turn adds and its probability.
type Arc = policy.Arc

// Exact computes the distribution of p's game's final score exactly (see
// Carry), each way a turn ends coming from policy.Batch.AppendArcs.
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
	batches := make([]*policy.Batch, o.threads())
	d.Scores, d.States = Carry(l.Index(start), l.Size(), turns, func(w int, is []int, arcs [][]Arc, store []Arc) []Arc {
		if batches[w] == nil {
			batches[w] = p.NewBatch()
		}
		var states [solver.Lanes]engine.State
		for j, i := range is {
			states[j] = l.State(i)
		}
		batches[w].Plan(states[:len(is)])
		return batches[w].AppendArcs(store, arcs)
	}, o)
	return d
}

// Carry computes the distribution of the total of the points of turns
// turns exactly, from the state with index start among states 0..size-1,
// and counts the states between turns it reaches. arcs(w, is, out,
// store) sets out[j] to the ways the turn of state is[j] ends, for up to
// solver.Lanes states of one turn at a time, in order of index; it is
// called once for each state reached, from goroutine w (0..threads-1),
// which it may keep scratch space for. It appends the arcs to store,
// goroutine w's, and returns it, out's slices lying in it (valid until
// Carry is done with them, even where store grows to a new array): each
// goroutine's store is taken up again from its start once a chunk is
// carried, so that the chunks' arcs reuse one buffer rather than each
// state's taking its own. Carry carries probability forward from the start,
// one turn at a time: each state reached after n turns holds the
// probability of every total of the points scored so far, and each arc
// adds that, shifted by the arc's points and scaled by its probability,
// to the next state's.
//
// A turn's states go a chunk at a time: their arcs, then what the arcs
// carry, after which both the arcs and the chunk's totals are let go, so
// that a turn never holds all its arcs, nor both whole layers of totals
// at once. The next states are shared among goroutines by index, and
// each adds what reaches it in the order of the source states, whatever
// the number of threads: the result is the same to the bit. o.Progress
// counts turns, o.TurnProgress the states of each turn.
func Carry(start, size, turns int, arcs func(w int, is []int, out [][]Arc, store []Arc) []Arc, o Options) (Histogram, int) {
	threads := o.threads()
	stores := make([][]Arc, threads)
	var out [][]Arc // the chunk's arcs, by state
	// where[i]-1 is the position of the state with index i among its
	// goroutine's next states (owner); 0 when they do not hold it.
	where := make([]int32, size)
	// Each goroutine's buffers, for the next states it owns; the start's
	// comes from its owner's pool, as a carried state's goes back there.
	pools := make([]pool, threads)
	defer func() {
		for w := range pools {
			pools[w].release()
		}
	}()
	layer := []node{{index: start, hi: 1, p: pools[owner(int32(start), threads)].get(1)}}
	layer[0].p[0] = 1
	states := 1
	for turn := range turns {
		next := make([][]growing, threads)
		for w := range next {
			// Room for twice this turn's states among the goroutines,
			// more than the next turn's in most turns, so that few grow.
			next[w] = make([]growing, 0, 2*len(layer)/threads+1)
		}
		for from := 0; from < len(layer); from += carryChunk {
			chunk := layer[from:min(from+carryChunk, len(layer))]
			out = slices.Grow(out[:0], len(chunk))[:len(chunk)]
			batches := (len(chunk) + solver.Lanes - 1) / solver.Lanes
			for w := range stores {
				stores[w] = stores[w][:0]
			}
			workers.Each(batches, threads, func(w, b int) {
				lo, hi := b*solver.Lanes, min((b+1)*solver.Lanes, len(chunk))
				var is [solver.Lanes]int
				for j := range hi - lo {
					is[j] = chunk[lo+j].index
				}
				stores[w] = arcs(w, is[:hi-lo], out[lo:hi], stores[w])
			})
			var wg sync.WaitGroup
			for w := range threads {
				wg.Go(func() { next[w] = carry(next[w], where, from, chunk, out, w, threads, &pools[w]) })
			}
			wg.Wait()
			for i := range chunk {
				pools[owner(int32(chunk[i].index), threads)].put(chunk[i].p)
				chunk[i].p = nil
			}
			if o.TurnProgress != nil {
				o.TurnProgress(turn+1, turns, from+len(chunk), len(layer))
			}
		}
		layer = nextLayer(layer[:0], next, where)
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

// nextLayer appends the next states, ns by goroutine, to layer in order
// of index and returns it, clearing where for the next turn. Where the
// states are many among all the indices, it reads where in index order,
// with no sort.
func nextLayer(layer []node, ns [][]growing, where []int32) []node {
	count := 0
	for _, n := range ns {
		count += len(n)
	}
	if len(where) <= 64*count {
		for i, at := range where {
			if at != 0 {
				layer = append(layer, ns[owner(int32(i), len(ns))][at-1].node)
				where[i] = 0
			}
		}
		return layer
	}
	for _, n := range ns {
		for _, g := range n {
			where[g.index] = 0
			layer = append(layer, g.node)
		}
	}
	slices.SortFunc(layer, func(a, b node) int { return a.index - b.index })
	return layer
}

// owner returns which of threads goroutines carries what reaches the
// state with index i: a hash of i, scaled to threads by a multiply
// rather than a division. Any owner gives the same bits.
func owner(i int32, threads int) int {
	return int(uint64(uint32(i)*0x9e3779b1>>16) * uint64(threads) >> 16)
}

// carryChunk is how many states of a turn Carry takes at a time.
const carryChunk = 1 << 15

// growing is a next state while a turn is carried: its totals so far,
// and the range of those that the chunk being carried brings (lo..hi-1),
// once seen in it (chunk, the chunk's first state in the layer).
type growing struct {
	node
	chunk  int
	lo, hi int
}

// carry adds what the arcs out of the chunk's states (from the layer's
// from-th on) carry to the next states that goroutine mine of threads
// owns, ns, adding those new to them (where), and returns them. It
// first finds the totals that reach each, then widens each buffer once,
// to just those, from pool p, then adds, so that no buffer holds more
// than its totals.
func carry(ns []growing, where []int32, from int, chunk []node, out [][]Arc, mine, threads int, p *pool) []growing {
	var touched []int32
	for i, as := range out {
		src := &chunk[i]
		for _, a := range as {
			if owner(a.Next, threads) != mine {
				continue
			}
			if where[a.Next] == 0 {
				ns = append(ns, growing{node: node{index: int(a.Next), lo: math.MaxInt, hi: math.MinInt}, chunk: -1})
				where[a.Next] = int32(len(ns))
			}
			at := where[a.Next] - 1
			n := &ns[at]
			lo, hi := src.lo+int(a.Points), src.hi+int(a.Points)
			if n.chunk != from {
				n.chunk, n.lo, n.hi = from, lo, hi
				touched = append(touched, at)
			}
			n.lo, n.hi = min(n.lo, lo), max(n.hi, hi)
		}
	}
	for _, at := range touched {
		ns[at].widen(p)
	}
	var sh shifts
	for i, as := range out {
		src := &chunk[i]
		sh.pad = sh.pad[:0]
		for g := 0; g < len(as); {
			a, e := as[g], g+1
			for e < len(as) && as[e].Next == a.Next {
				e++
			}
			if owner(a.Next, threads) == mine {
				n := &ns[where[a.Next]-1].node
				sh.add(n.p[src.lo+int(a.Points)-n.lo:], src.p, as, as[g:e])
			}
			g = e
		}
	}
	return ns
}

// shifts is carry's scratch for the arcs from one state to one next
// state: the state's totals with zeros either side (pad, once a state
// needs it, as wide as the spread of all its arcs' points), and each
// arc's probability and place in pad.
type shifts struct {
	pad, q []float64
	at     []int
	w      int // the zeros before the totals in pad
}

// add adds what the arcs run (ordered by points, all to one next state,
// among the state's arcs all) carry from the state's totals p to the
// next state's totals from those of run[0] on (to), each total gaining
// the arcs' products in the order of the arcs (addShifted), four at a
// time into the buffers' slack. One arc reads p itself.
func (sh *shifts) add(to, p []float64, all, run []Arc) {
	span := int(run[len(run)-1].Points - run[0].Points)
	to = to[:upTo4(len(p)+span)]
	sh.q, sh.at = sh.q[:0], sh.at[:0]
	if len(run) == 1 {
		sh.q = append(sh.q, run[0].P)
		sh.at = append(sh.at, 0)
		addShifted(to, p[:len(to)], sh.q, sh.at)
		return
	}
	if len(sh.pad) == 0 {
		lo, hi := all[0].Points, all[0].Points
		for _, a := range all {
			lo, hi = min(lo, a.Points), max(hi, a.Points)
		}
		sh.w = int(hi - lo)
		sh.pad = append(sh.pad, make([]float64, sh.w)...)
		sh.pad = append(sh.pad, p...)
		sh.pad = append(sh.pad, make([]float64, sh.w+slack)...)
	}
	for _, a := range run {
		sh.q = append(sh.q, a.P)
		sh.at = append(sh.at, sh.w-int(a.Points-run[0].Points))
	}
	addShifted(to, sh.pad, sh.q, sh.at)
}

// widen makes n's totals cover those the chunk brings, in a buffer of
// just their size from pool, which takes back the one before.
func (n *growing) widen(pool *pool) {
	lo, hi := min(n.node.lo, n.lo), max(n.node.hi, n.hi)
	if n.p != nil && lo == n.node.lo && hi == n.node.hi {
		return
	}
	p := pool.get(hi - lo)
	// Written before anything reads it: the kernel leaves memory fresh
	// from it unmapped, a read maps it to the shared page of zeros, and
	// the first add then faults again and flushes every core's TLB, an
	// interrupt to each, where a write at once takes a page of its own.
	clear(p[:cap(p)])
	if n.p != nil {
		copy(p[n.node.lo-lo:], n.p)
		pool.put(n.p)
	}
	n.node.lo, n.node.hi, n.node.p = lo, hi, p
}
