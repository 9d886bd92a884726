package target

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"dicepoker/internal/gctarget"
	lane "dicepoker/internal/lanes"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/scores"
)

// reached is a state between turns that the player reaches, with the
// probability of each total of the points scored since the start: p[i]
// for lo+i. A total's need is the target less it.
type reached struct {
	index int // layout index of the state
	lo    int
	p     []float64
}

// move is one way the turn of a reached state's totals ends: the next state's
// layout index, and its share of the totals src..src+n-1 of its row
// (positions in p), scaled by the probability p, lands on the next
// state's totals from dst on.
type move struct {
	next, dst, src, n int32
	p                 float64
}

// Distribution returns the exact distribution of the points the player
// scores from its starting state to the end of the game, and counts the
// states between turns it tells apart: a state with a need in reach once
// for each such need, once for all the needs met or out of reach.
//
// It carries probability forward one turn at a time, each state reached
// holding one dense row over its totals: a total whose need is in reach
// is played by the turn planned for that need, the state's reached
// needs planned lane.Lanes at a time however far apart (turn.plans); the
// others, met or out of reach, by the expected-value policy's turn, the
// same for all, whose ways of ending shift whole runs of the row. No
// turn is planned twice and nothing is kept by (state, need) but a
// probability.
//
// The states of a turn are planned on o.Threads goroutines, and what
// they carry is added to the next states in the order of the states,
// whatever the number of goroutines: the result is the same to the bit.
// o.Progress counts turns, o.TurnProgress the states of each turn. Once
// o.Context is done it stops between states and returns an empty
// histogram: the caller tells it from a distribution by o.Context.Err().
//
// While it runs the garbage collector's target is a quarter of what is
// live, not all of it: the rows of a layer are let go state by state,
// and beside a table read whole (yatzy's 876 MB, all live) the default
// target let the heap grow to twice the table and the rows.
func (pl *Player) Distribution(o scores.Options) (scores.Histogram, int) {
	defer gctarget.Tighten(25)()
	l := pl.layout
	threads := workers.Threads(o.Threads)
	stopped := func() bool { return o.Context != nil && o.Context.Err() != nil }
	turns := len(pl.g.Categories) - bits.OnesCount32(pl.from.Filled)
	layer := []reached{{index: l.Index(pl.from), p: []float64{1}}}
	// where[i]-1 is the position of the state with layout index i in the
	// next layer; 0 when the next layer does not hold it yet.
	where := make([]int32, l.Size())
	outs := make([][]policy.Outcome, threads)
	states := 0
	for turn := range turns {
		var next []reached
		// reach[k] is the totals a state's moves bring to next[k]: seen
		// for the source state at position stamp-1.
		var reach []struct{ stamp, lo, hi int32 }
		var touched []int32
		apply := func(i int, moves []move) {
			src := layer[i].p
			stamp := int32(i + 1)
			touched = touched[:0]
			for _, m := range moves {
				at := where[m.next] - 1
				if at < 0 {
					at = int32(len(next))
					where[m.next] = at + 1
					next = append(next, reached{index: int(m.next)})
					reach = append(reach, struct{ stamp, lo, hi int32 }{})
				}
				r := &reach[at]
				if r.stamp != stamp {
					r.stamp, r.lo, r.hi = stamp, m.dst, m.dst+m.n
					touched = append(touched, at)
				}
				r.lo, r.hi = min(r.lo, m.dst), max(r.hi, m.dst+m.n)
			}
			for _, at := range touched {
				next[at].widen(int(reach[at].lo), int(reach[at].hi))
			}
			for _, m := range moves {
				n := &next[where[m.next]-1]
				to := n.p[int(m.dst)-n.lo:][:m.n]
				for y, q := range src[m.src:][:m.n] {
					to[y] += float64(m.p * q) // rounded: never fused
				}
			}
		}
		// Each goroutine plans its state, then waits for the states
		// before it to be added before adding its own.
		var mu sync.Mutex
		added := sync.NewCond(&mu)
		done, counted := 0, 0
		moves := make([][]move, threads)
		workers.Each(len(layer), threads, func(w, i int) {
			c := 0
			moves[w] = moves[w][:0] // a stopped pass moves nothing of this state
			if !stopped() {
				moves[w], c = pl.moves(&layer[i], moves[w], &outs[w])
			}
			mu.Lock()
			for done != i {
				added.Wait()
			}
			mu.Unlock()
			apply(i, moves[w])
			layer[i].p = nil // carried: let go
			counted += c
			if o.TurnProgress != nil && (i+1)%1024 == 0 {
				o.TurnProgress(turn+1, turns, i+1, len(layer))
			}
			mu.Lock()
			done++
			added.Broadcast()
			mu.Unlock()
		})
		states += counted
		if stopped() {
			return scores.Histogram{}, states
		}
		for _, n := range next {
			where[n.index] = 0
		}
		slices.SortFunc(next, func(a, b reached) int { return a.index - b.index })
		layer = next
		if o.Progress != nil {
			o.Progress(turn+1, turns)
		}
	}
	states += len(layer)
	return sum(layer), states
}

// widen makes r's totals cover lo..hi-1 too.
func (r *reached) widen(lo, hi int) {
	if r.p != nil {
		lo, hi = min(lo, r.lo), max(hi, r.lo+len(r.p))
		if lo == r.lo && hi == r.lo+len(r.p) {
			return
		}
	}
	p := make([]float64, hi-lo)
	if r.p != nil {
		copy(p[r.lo-lo:], r.p)
	}
	r.lo, r.p = lo, p
}

// moves appends to ms the ways the turn of r's totals ends, and counts
// the states the player tells apart in r: each need in reach with some
// probability, and the needs met or out of reach, together, once. outs
// is scratch for the turns' ways of ending.
func (pl *Player) moves(r *reached, ms []move, outs *[]policy.Outcome) ([]move, int) {
	s := pl.layout.State(r.index)
	_, hi := pl.next.span(s)
	// Totals from reach on have their need met, totals up to reach-hi
	// theirs out of reach; those between are in reach.
	reach := pl.target
	var needs []int
	ev := false
	for i, q := range r.p {
		if q == 0 {
			continue
		}
		if n := reach - (r.lo + i); inReach(n, hi) {
			needs = append(needs, n)
		} else {
			ev = true
		}
	}
	if ev {
		*outs = pl.ev.AppendOutcomes((*outs)[:0], pl.ev.Turn(s))
		// The runs of totals out of reach and met, each shifted whole.
		for _, run := range [2][2]int{{r.lo, min(reach-hi+1, reach)}, {reach, r.lo + len(r.p)}} {
			lo, hi := max(run[0], r.lo), min(run[1], r.lo+len(r.p))
			if lo >= hi {
				continue
			}
			for _, out := range *outs {
				ms = append(ms, move{next: int32(pl.layout.Index(out.Next)), dst: int32(lo + out.Points), src: int32(lo - r.lo), n: int32(hi - lo), p: out.P})
			}
		}
	}
	count := len(needs)
	if ev {
		count++
	}
	slices.Reverse(needs) // in increasing order
	for len(needs) > 0 {
		k := min(len(needs), lane.Lanes)
		ts := pl.turn.plans(pl.next, s, needs[:k])
		for j, n := range needs[:k] {
			t := reach - n
			*outs = pl.ev.AppendOutcomes((*outs)[:0], ts[j])
			for _, out := range *outs {
				ms = append(ms, move{next: int32(pl.layout.Index(out.Next)), dst: int32(t + out.Points), src: int32(t - r.lo), n: 1, p: out.P})
			}
		}
		needs = needs[k:]
	}
	return ms, count
}

// sum returns the distribution of the totals of the layer's states.
func sum(layer []reached) scores.Histogram {
	lo, hi := math.MaxInt, math.MinInt
	for _, r := range layer {
		lo, hi = min(lo, r.lo), max(hi, r.lo+len(r.p))
	}
	if lo >= hi {
		return scores.Histogram{}
	}
	h := scores.Histogram{Lo: lo, W: make([]float64, hi-lo)}
	for _, r := range layer {
		w := h.W[r.lo-lo:]
		for i, q := range r.p {
			w[i] += q
		}
	}
	return h
}
