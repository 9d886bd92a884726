package target

import (
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

// planner plans the turns of a state for up to eight needs together: a
// turn in one precision or the other.
type planner interface {
	plans(next chances, s engine.State, needs []int) *[lane.Lanes]*policy.Turn
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
	var needs [lane.Lanes]int
	for j := range needs {
		needs[j] = k.from + j
	}
	ts, _ := pl.turns.LoadOrStore(k, pl.turn.plans(pl.next, s, needs[:]))
	return ts.(*[lane.Lanes]*policy.Turn)[n-k.from]
}

// plans returns the turns of state s for needs (1 to lane.Lanes of them,
// in increasing order; those past them nil), played by the values next:
// one batch, a need a lane (packed), however far apart the needs lie.
func (t *turn[T]) plans(next chances, s engine.State, needs []int) *[lane.Lanes]*policy.Turn {
	w := t.get()
	defer t.pool.Put(w)
	w.decide, w.packed, w.noted = true, true, len(needs)
	defer func() { w.decide, w.packed = false, false }()
	if w.gathered == nil {
		w.gathered = make([][lane.Lanes]T, gatheredRows)
	}
	for j := range w.needs {
		// the lanes past the needs repeat the last
		w.needs[j] = needs[min(j, len(needs)-1)]
	}
	t.collect(s, next, w)
	t.prepare(next, needs[0], needs[len(needs)-1]+1, w)
	t.batch(needs[0], w)
	var ts [lane.Lanes]*policy.Turn
	for l := range needs {
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
