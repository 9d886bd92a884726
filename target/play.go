package target

import (
	"math/bits"
	"sync"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
)

// Player plays to reach a target score T from a starting state: each
// turn, with n = T less the points scored so far, it plays the turn
// Actions would advise for need n. Where n is met or out of reach every
// play is as likely, and it plays for the expected score (the EV
// policy). It is safe for concurrent use.
type Player struct {
	g      *engine.Game
	layout statespace.Layout
	turn   planner
	next   chances        // the values it plays by: a solution's or a table's
	from   engine.State   // where its games start
	target int            // the need at the start
	ev     *policy.Policy // plays the needs met and out of reach
	turns  sync.Map       // block key -> *[lane.Lanes]*policy.Turn
}

// NewPlayer returns the player that aims at target points in all, with
// score points already on the sheet of the solution's starting state.
// The solution must reach the need, target less score.
func (sol *Solution) NewPlayer(target, score int) (*Player, error) {
	return newPlayer(sol.Game, sol.turn, sol, sol.From, target-score, sol.EV.Value)
}

// NewPlayer returns the player that aims at target points in all from
// state from, with score points already on its sheet, playing by the
// table's values with ev, the expected-value optimum the table was
// solved with (the strategy table's), which plays the needs met and out
// of reach.
func (t *Table) NewPlayer(from engine.State, target, score int, ev solver.Values) (*Player, error) {
	return newPlayer(t.Game, t.turn, t.with(ev), from, target-score, ev)
}

// planner plans the turns of a state for eight needs together: a turn in
// one precision or the other.
type planner interface {
	plans(next chances, s engine.State, from int) *[lane.Lanes]*policy.Turn
}

func newPlayer(g *engine.Game, tr planner, next chances, from engine.State, need int, ev solver.Values) (*Player, error) {
	p, err := policy.New(g, ev)
	if err != nil {
		return nil, err
	}
	return &Player{g: g, layout: statespace.NewLayout(g), turn: tr, next: next, from: from, target: need, ev: p}, nil
}

// Turn returns the decisions of state s with score points scored since
// the starting state.
func (pl *Player) Turn(s engine.State, score int) *policy.Turn {
	n := pl.target - score
	if _, hi := pl.next.span(s); !inReach(n, hi) {
		return pl.ev.Turn(s)
	}
	return pl.plan(s, n)
}

// block is the key of eight needs of a state, planned together.
type block struct {
	index int // layout index of the state
	from  int // the first need, 1 + a multiple of lane.Lanes
}

// plan returns the turn of state s for need n, planning the needs of its
// block together on first use.
func (pl *Player) plan(s engine.State, n int) *policy.Turn {
	k := block{pl.layout.Index(s), n - (n-1)%lane.Lanes}
	if ts, ok := pl.turns.Load(k); ok {
		return ts.(*[lane.Lanes]*policy.Turn)[n-k.from]
	}
	ts, _ := pl.turns.LoadOrStore(k, pl.turn.plans(pl.next, s, k.from))
	return ts.(*[lane.Lanes]*policy.Turn)[n-k.from]
}

// plans returns the turns of state s for needs from..from+7, played by
// the values next.
func (t *turn[T]) plans(next chances, s engine.State, from int) *[lane.Lanes]*policy.Turn {
	w := t.get()
	defer t.pool.Put(w)
	w.decide = true
	t.collect(s, next, w)
	t.prepare(next, from, from+lane.Lanes, w)
	t.batch(from, w)
	var ts [lane.Lanes]*policy.Turn
	for l := range ts {
		ts[l] = w.decided(t.g, s, l)
	}
	return &ts
}

// decided returns the turn of state s that w's last batch planned in
// lane l.
func (w *lanes[T]) decided(g *engine.Game, s engine.State, l int) *policy.Turn {
	var boxes [engine.NumRolls]uint8
	keeps := make([][engine.NumRolls]uint8, g.Rolls-1)
	for r := range boxes {
		boxes[r] = w.box[r][l]
		for j := range keeps {
			keeps[j][r] = w.keep[j][r][l]
		}
	}
	return policy.Decided(g, s, &boxes, keeps)
}

// Simulate plays games games from a new game (the player must start
// there) aiming at target, as scores.Simulate plays a policy.
func (pl *Player) Simulate(games int, seed uint64, o scores.Options) (*scores.Sample, error) {
	return scores.SimulateBy(pl.g, pl.Turn, games, seed, o)
}

// Distribution returns the exact distribution of the points the player
// scores from the solution's starting state to the end of the game
// (scores.Carry). A state is followed with its need while the need is in
// reach, and once it is met or out of reach as the EV policy's state,
// whatever the need.
func (pl *Player) Distribution(o scores.Options) (scores.Histogram, int) {
	l := pl.layout
	size := l.Size()
	// Nodes below size are the EV policy's states by layout index; node
	// offset[i]+n-1 is state i with need n in reach.
	offset := make([]int, size)
	for i := range offset {
		offset[i] = size
		_, hi := pl.next.span(l.State(i))
		size += hi - 1
	}
	node := func(s engine.State, n int) int32 {
		i := l.Index(s)
		if _, hi := pl.next.span(s); inReach(n, hi) {
			return int32(offset[i] + n - 1)
		}
		return int32(i)
	}
	// Planned blocks are kept a while, for the states of the block
	// still to come: a turn's states come in order of node, so that a
	// block's needs come together, in one group of lane.Lanes or two,
	// and a block is at worst planned twice. Kept for the whole turn
	// instead, they grow with its states (the heap's peak of an 8-box
	// yatzy for 110: 75 MB, against 53 MB kept for planCache blocks).
	var mu sync.Mutex
	plans := map[block]*[lane.Lanes]*policy.Turn{}
	turnOf := func(s engine.State, n int) *policy.Turn {
		k := block{l.Index(s), n - (n-1)%lane.Lanes}
		mu.Lock()
		if len(plans) >= planCache {
			plans = map[block]*[lane.Lanes]*policy.Turn{}
		}
		ts, ok := plans[k]
		mu.Unlock()
		if !ok {
			ts = pl.turn.plans(pl.next, s, k.from)
			mu.Lock()
			plans[k] = ts
			mu.Unlock()
		}
		return ts[n-k.from]
	}
	turns := len(pl.g.Categories) - bits.OnesCount32(pl.from.Filled)
	return scores.Carry(int(node(pl.from, pl.target)), size, turns, func(_ int, is []int, arcs [][]scores.Arc, store []scores.Arc) []scores.Arc {
		for j, i := range is {
			var s engine.State
			var outs []policy.Outcome
			n := 0
			if i < l.Size() {
				s = l.State(i)
				outs = pl.ev.Outcomes(s)
			} else {
				k := searchOffset(offset, i)
				s, n = l.State(k), i-offset[k]+1
				outs = pl.ev.TurnOutcomes(turnOf(s, n))
			}
			at := len(store)
			for _, o := range outs {
				store = append(store, scores.Arc{Next: node(o.Next, n-o.Points), Points: int32(o.Points), P: o.P})
			}
			arcs[j] = store[at:len(store):len(store)]
		}
		return store
	}, o)
}

// planCache is the most blocks of planned turns Player.Distribution
// keeps: some 25 MB.
const planCache = 1 << 12

// searchOffset returns the layout index whose row holds node i: the last
// index with a row whose offset is at most i.
func searchOffset(offset []int, i int) int {
	lo, hi := 0, len(offset) // offset[lo] <= i < offset[hi]
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if offset[m] <= i {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}
