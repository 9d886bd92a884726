package scores

import (
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
	"dicepoker/policy"
)

// Distribution is the exact distribution of a game's final score under a
// policy.
type Distribution struct {
	Game   *engine.Game
	Scores Histogram // the probability of each final score
	// States counts the states between turns that the policy reaches;
	// Exact counts those that share their futures as one
	// (policy.Policy.Standins).
	States int
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
// lanes.Lanes at a time (policy.Batch). States that share their futures
// under p are carried as one, their stand-in (policy.Policy.Standins):
// for yahtzee a third fewer states to plan and carry. Once o.Context is
// done it stops early, its distribution empty (Carry).
func ExactFrom(p *policy.Policy, start engine.State, o Options) *Distribution {
	g := p.Game()
	l := statespace.NewLayout(g)
	standins := p.Standins()
	d := &Distribution{Game: g}
	turns := len(g.Categories) - bits.OnesCount32(start.Filled)
	batches := make([]*policy.Batch, o.threads())
	d.Scores, d.States = Carry(int(standins[l.Index(start)]), l.Size(), turns, func(w int, is []int, arcs [][]Arc, store []Arc) []Arc {
		if batches[w] == nil {
			batches[w] = p.NewBatch()
		}
		var states [lanes.Lanes]engine.State
		for j, i := range is {
			states[j] = l.State(i)
		}
		batches[w].Plan(states[:len(is)])
		at := len(store)
		store = batches[w].AppendArcs(store, arcs)
		for k := range store[at:] {
			a := &store[at+k]
			a.Next = standins[a.Next]
		}
		return store
	}, o)
	return d
}

// Carry computes the distribution of the total of the points of turns
// turns exactly, from the state with index start among states 0..size-1,
// and counts the states between turns it reaches. arcs(w, is, out,
// store) sets out[j] to the ways the turn of state is[j] ends, for up to
// lanes.Lanes states of one turn at a time, in order of index; it is
// called once for each state reached, from goroutine w (0..threads-1),
// which it may keep scratch space for. It appends the arcs to store,
// goroutine w's, and returns it, out's slices lying in it (valid until
// Carry is done with them, even where store grows to a new array): each
// goroutine has two stores, for a chunk's arcs and the next chunk's,
// each taken up again from its start once its chunk is carried, so that
// the chunks' arcs reuse two buffers rather than each state's taking its
// own. Carry carries probability forward from the start,
// one turn at a time: each state reached after n turns holds the
// probability of every total of the points scored so far, and each arc
// adds that, shifted by the arc's points and scaled by its probability,
// to the next state's.
//
// A turn's states go a chunk at a time: their arcs, then what the arcs
// carry, after which both the arcs and the chunk's totals are let go
// (the totals' buffers back to the pool they came from, for the next
// states to take again), so that a turn never holds all its arcs, nor
// both whole layers of totals at once. The next chunk's arcs are listed
// while a chunk is carried, so arcs may be called while the goroutines
// carry, and each goroutine goes on to the next chunk without waiting
// for the others to end theirs. The next states are shared among
// goroutines by index, and each adds what reaches it in the order of the
// source states, whatever the number of threads: the result is the same
// to the bit. o.Progress counts turns, o.TurnProgress the states of each
// turn. Once o.Context is done Carry stops between chunks and returns an
// empty histogram: the caller tells it from a distribution by
// o.Context.Err().
func Carry(start, size, turns int, arcs func(w int, is []int, out [][]Arc, store []Arc) []Arc, o Options) (Histogram, int) {
	threads := o.threads()
	// Two chunks' arcs, the one being carried and the next: each
	// goroutine's arcs of a chunk in room of its own (storeRoom) as large
	// as the most a chunk took so far, and out, the chunk's arcs by state.
	var sets [2]struct {
		stores    [][]Arc
		storeRoom []scratch[Arc]
		out       [][]Arc
	}
	for i := range sets {
		sets[i].stores, sets[i].storeRoom = make([][]Arc, threads), make([]scratch[Arc], threads)
	}
	most := 0
	// where[i]-1 is the position of the state with index i among its
	// goroutine's next states (owner); 0 when they do not hold it.
	where, freeWhere := newHuge[int32](size)
	// Each goroutine's next states and their buffers; the start's buffer
	// comes from its owner's pool, as a carried state's goes back there.
	carriers := make([]carrier, threads)
	// The layer's nodes, in room of their own as the next states' are.
	var layerRoom scratch[node]
	var layer []node
	defer func() {
		layer = nil
		layerRoom.release()
		freeWhere()
		for w := range carriers {
			carriers[w].release()
			for i := range sets {
				sets[i].stores[w] = nil
				sets[i].storeRoom[w].release()
			}
		}
	}()
	// plan lists the arcs of the states of the layer's chunk from on in
	// set i, on every goroutine.
	plan := func(i, from int) {
		set, chunk := &sets[i], layer[from:min(from+carryChunk, len(layer))]
		set.out = slices.Grow(set.out[:0], len(chunk))[:len(chunk)]
		for w := range set.stores {
			set.stores[w] = set.storeRoom[w].reset(most)
		}
		workers.Each((len(chunk)+lanes.Lanes-1)/lanes.Lanes, threads, func(w, b int) {
			lo, hi := b*lanes.Lanes, min((b+1)*lanes.Lanes, len(chunk))
			var is [lanes.Lanes]int
			for j := range hi - lo {
				is[j] = chunk[lo+j].index
			}
			set.stores[w] = arcs(w, is[:hi-lo], set.out[lo:hi], set.stores[w])
		})
		for _, st := range set.stores {
			most = max(most, len(st))
		}
	}
	layer = append(layerRoom.reset(1), node{index: start, hi: 1, p: carriers[owner(int32(start), threads)].pool.get(1)})
	layer[0].p[0] = 1
	states := 1
	for turn := range turns {
		for w := range carriers {
			// Room for four times this turn's states among the
			// goroutines, and many more in the first turns, whose
			// layers grow fastest: more than the next turn's. Only
			// what the states take is ever touched.
			room := 4*len(layer)/threads + 1<<16
			carriers[w].ns = carriers[w].nsRoom.reset(room)
			carriers[w].reach = carriers[w].reachRoom.reset(room)
		}
		// Each goroutine carries the chunks in order as soon as their arcs
		// are listed, without waiting for the others to end a chunk, and
		// the next chunk's arcs are listed meanwhile, so that no core
		// idles while another ends its part of a chunk (waiting for all
		// at each chunk made school's distribution 1.07 times as long).
		// What reaches a next state, and in what order, is the same. A
		// chunk's arcs and totals are let go once every goroutine has
		// carried it (settled): each goroutine hands the buffers of the
		// states it owns back to its own pool.
		chunks := (len(layer) + carryChunk - 1) / carryChunk
		var settled atomic.Int64
		ready := make([]chan int, threads)
		finished := make(chan int, threads*len(sets))
		var wg sync.WaitGroup
		for w := range threads {
			ready[w] = make(chan int, len(sets))
			wg.Go(func() {
				freed := 0
				for k := range ready[w] {
					freed = free(layer, freed, int(settled.Load()), w, threads, &carriers[w].pool)
					from := k * carryChunk
					carriers[w].carry(where, from, layer[from:min(from+carryChunk, len(layer))], sets[k%len(sets)].out, w, threads)
					finished <- w
				}
			})
		}
		// carried[w] counts the chunks goroutine w has carried; settle
		// waits until every goroutine has carried the first n, and lets go
		// of their arcs.
		carried, s := make([]int, threads), 0
		settle := func(n int) {
			for s < n {
				carried[<-finished]++
				for ; s < slices.Min(carried); s++ {
					clear(sets[s%len(sets)].out)
					settled.Store(int64(s + 1))
					if o.TurnProgress != nil {
						o.TurnProgress(turn+1, turns, min((s+1)*carryChunk, len(layer)), len(layer))
					}
				}
			}
		}
		plan(0, 0)
		sent := 0 // the chunks handed to the goroutines
		for k := range chunks {
			if o.err() != nil {
				break // the goroutines end the chunks sent, and the turn stops
			}
			for w := range ready {
				ready[w] <- k
			}
			sent++
			if next := k + 1; next < chunks {
				// In the set of chunk next-len(sets), once it is settled.
				settle(next - len(sets) + 1)
				plan(next%len(sets), next*carryChunk)
			}
		}
		settle(sent)
		for w := range ready {
			close(ready[w])
		}
		wg.Wait()
		for w := range carriers {
			free(layer, 0, chunks, w, threads, &carriers[w].pool)
		}
		layer = nextLayer(&layerRoom, carriers, where)
		// The turn carried gave back all its buffers: merge them.
		for w := range carriers {
			wg.Go(carriers[w].pool.coalesce)
		}
		wg.Wait()
		states += len(layer)
		if o.err() != nil {
			return Histogram{}, states
		}
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

// free hands back to pool the totals that the states goroutine w of
// threads owns in the layer's chunks from..to-1 still hold, every
// goroutine done with them, and returns to.
func free(layer []node, from, to, w, threads int, pool *pool) int {
	for i := from * carryChunk; i < min(to*carryChunk, len(layer)); i++ {
		if n := &layer[i]; n.p != nil && owner(int32(n.index), threads) == w {
			pool.put(n.p)
			n.p = nil
		}
	}
	return to
}

// nextLayer returns the next states, cs's by goroutine, in order of
// index, in room (the layer before lost), clearing where for the next
// turn. Where the states are many among all the indices, it reads where
// in index order, with no sort.
func nextLayer(room *scratch[node], cs []carrier, where []int32) []node {
	count := 0
	for _, c := range cs {
		count += len(c.ns)
	}
	// Room for them all at once: grown by append, the layer took two or
	// three new arrays in a turn, each of fresh pages.
	layer := room.reset(count)
	if len(where) <= 64*count {
		for i, at := range where {
			if at != 0 {
				layer = append(layer, cs[owner(int32(i), len(cs))].ns[at-1])
				where[i] = 0
			}
		}
		return layer
	}
	for _, c := range cs {
		for _, n := range c.ns {
			where[n.index] = 0
			layer = append(layer, n)
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

// carryChunk is how many states of a turn Carry takes at a time: few
// enough that their totals stay in the last level of cache while each
// next state takes its arcs' shares of them (8.6 MiB at school's busiest
// turn), many enough that a next state takes several at once (2.7 at
// that turn). Half as many made school's distribution 1.1 times slower,
// twice as many yahtzee's 1.04 times. A variable, so that tests can
// carry small sheets in many chunks.
var carryChunk = 1 << 12

// reach is what a chunk being carried brings to a next state: the range
// of totals (lo..hi-1) and how many arcs, once seen in it (chunk, the
// chunk's first state in the layer). Apart from the next states' nodes,
// in a quarter of their room, so that the arcs' random visits miss the
// cache less.
type reach struct {
	chunk, lo, hi, arcs int32
}

// carrier is goroutine mine's part of Carry: the next states it owns
// (those whose index owner gives it) and what the chunk brings each, its
// pool of buffers and its scratch.
type carrier struct {
	ns    []node
	reach []reach
	// Their room, outside the heap: a turn's arrays on the heap were
	// fresh pages, all touched (zeroed) when made, and the collector
	// scanned them. Should a turn's next states outgrow it, append
	// moves them to the heap.
	nsRoom    scratch[node]
	reachRoom scratch[reach]
	pool      pool
	// touched lists the next states that the chunk reaches, in the order
	// first reached; arrived holds the chunk's arcs to them in the order
	// of the source states, and to the next state of each; adds holds
	// them again, next state by next state.
	touched, to   []int32
	arrived, adds []shift
	// Their room, for as many arcs as a chunk has (carry).
	touchedRoom, toRoom   scratch[int32]
	arrivedRoom, addsRoom scratch[shift]
}

// release gives back c's buffers and scratch, dropping what points there
// (the collector must not meet pointers into memory the heap may map).
func (c *carrier) release() {
	c.ns, c.reach, c.touched, c.to, c.arrived, c.adds = nil, nil, nil, nil, nil, nil
	c.pool.release()
	c.nsRoom.release()
	c.reachRoom.release()
	c.touchedRoom.release()
	c.toRoom.release()
	c.arrivedRoom.release()
	c.addsRoom.release()
}

// shift is an arc's share of a next state's totals: the source's
// position in the chunk, the total its first lands on, and the arc's
// probability.
type shift struct {
	src, lo int32
	p       float64
}

// carry adds what the arcs out of the chunk's states (from the layer's
// from-th on) carry to the next states that goroutine mine of threads
// owns, adding those new to c.ns (where). It first finds the totals
// that reach each, and lists its arcs, then takes the next states one
// at a time: it widens the buffer to just those totals (from c.pool)
// and adds each arc's share, so that no buffer holds more than its
// totals, and each is read and written once a chunk while it is in
// cache, whatever the arcs to it from the chunk's states (2.7 on
// average at school's busiest turn).
func (c *carrier) carry(where []int32, from int, chunk []node, out [][]Arc, mine, threads int) {
	// Room for every arc of the chunk, so that the lists never grow.
	arcs := 0
	for _, as := range out {
		arcs += len(as)
	}
	c.touched, c.to, c.arrived = c.touchedRoom.reset(arcs), c.toRoom.reset(arcs), c.arrivedRoom.reset(arcs)
	stamp := int32(from)
	for i, as := range out {
		src := &chunk[i]
		for _, a := range as {
			if owner(a.Next, threads) != mine {
				continue
			}
			if where[a.Next] == 0 {
				c.ns = append(c.ns, node{index: int(a.Next), lo: math.MaxInt, hi: math.MinInt})
				c.reach = append(c.reach, reach{chunk: -1})
				where[a.Next] = int32(len(c.ns))
			}
			at := where[a.Next] - 1
			r := &c.reach[at]
			lo := int32(src.lo) + a.Points
			hi := lo + int32(src.hi-src.lo)
			if r.chunk != stamp {
				*r = reach{chunk: stamp, lo: lo, hi: hi}
				c.touched = append(c.touched, at)
			}
			r.lo, r.hi = min(r.lo, lo), max(r.hi, hi)
			r.arcs++
			c.to = append(c.to, at)
			c.arrived = append(c.arrived, shift{src: int32(i), lo: lo, p: a.P})
		}
	}
	// Each next state's arcs from where the ones before end (r.arcs
	// then counts up to the end of its own).
	end := int32(0)
	for _, at := range c.touched {
		r := &c.reach[at]
		end, r.arcs = end+r.arcs, end
	}
	c.adds = c.addsRoom.reset(len(c.arrived))[:len(c.arrived)]
	for k, at := range c.to {
		r := &c.reach[at]
		c.adds[r.arcs] = c.arrived[k]
		r.arcs++
	}
	begin := int32(0)
	for _, at := range c.touched {
		n, r := &c.ns[at], &c.reach[at]
		n.widen(int(r.lo), int(r.hi), &c.pool)
		for _, a := range c.adds[begin:r.arcs] {
			p := chunk[a.src].p
			addScaled(n.p[int(a.lo)-n.lo:][:upTo4(len(p))], p, a.p)
		}
		begin = r.arcs
	}
}

// widen makes n's totals cover lo..hi-1 too, in a buffer of just their
// size from pool, which takes back the one before.
func (n *node) widen(lo, hi int, pool *pool) {
	lo, hi = min(n.lo, lo), max(n.hi, hi)
	if n.p != nil && lo == n.lo && hi == n.hi {
		return
	}
	p := pool.get(hi - lo)
	// Written before anything reads it: the kernel leaves memory fresh
	// from it unmapped, a read maps it to the shared page of zeros, and
	// the first add then faults again and flushes every core's TLB, an
	// interrupt to each, where a write at once takes a page of its own.
	// The old totals are copied in, and only the rest cleared.
	at := n.lo - lo
	if n.p == nil {
		at = 0
	}
	clear(p[:at])
	copy(p[at:], n.p)
	clear(p[at+len(n.p) : cap(p)])
	if n.p != nil {
		pool.put(n.p)
	}
	n.lo, n.hi, n.p = lo, hi, p
}
