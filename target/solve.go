package target

import (
	"fmt"
	"math"
	"math/bits"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Solution holds, for the states reachable from a starting state, the
// value of every need from 1 to Need: the best chance of scoring at least
// that many more points, with the expected points to come. Beat's
// solution holds fewer: only the needs a game started at its need can
// have (see Value).
type Solution struct {
	Game   *engine.Game
	Layout statespace.Layout
	From   engine.State // the states solved are those whose filled boxes include From's
	Need   int          // the largest need solved
	// EV is the expected-value solution, the value of needs met (0 or
	// less) and of needs out of reach.
	EV *solver.Solution
	// rows[Layout.Index(s)] holds the values of state s for the needs of
	// its window; needs beyond them are out of reach.
	rows []needs
	// least is the least need of From that the solution serves; a state
	// holds the needs a game started there can have (window).
	least   int
	boxMax  []int // the most points a box scores, by box
	States  int   // states solved, those that share another's values included
	Entries int   // values stored: needs in reach, over the states whose turns were played
	turn    *turn[float64]
}

// Solve computes the value of every need 1..need in every state reachable
// from state from of single-sheet game g. School is refused with
// solver.ErrNotSingleSheet. Once o.Context is done the solve stops
// between layers and returns its error.
func Solve(g *engine.Game, from engine.State, need int, o solver.Options) (*Solution, error) {
	if need < 0 {
		return nil, fmt.Errorf("a need of %d points: want 0 or more", need)
	}
	if err := g.FiveDice("playing for a target"); err != nil {
		return nil, err
	}
	if g.Rolls > policy.MaxRolls {
		return nil, fmt.Errorf("%s has %d rolls a turn, a target is played with at most %d", g.Name, g.Rolls, policy.MaxRolls)
	}
	ev, err := solver.Solve(g, solver.Options{Threads: o.Threads, Context: o.Context})
	if err != nil {
		return nil, err
	}
	return solveWith(ev, from, 1, need, nil, false, o)
}

// needs is a state's values: c[k] is that of need skip+1+k, the needs
// 1..skip not held (none in the zero needs, that of states not solved).
type needs struct {
	skip int
	c    []Chance
}

// released is the row of a state whose values a lean solve let go: no
// need held.
var released = needs{skip: math.MaxInt32}

// solveWith is Solve with the expected-value solution at hand, for the
// needs least..need of state from, and with worth the value of the end of
// the game: worth[n-1] when n points were still needed, for n =
// 1..len(worth); 1 for needs met, 0 for larger needs. A target's end is
// worth nothing short of it (worth is empty); another objective's worth
// falls from 1 to 0 as its need grows. With lean, the rows of a layer of
// states are let go once the layer before it is solved, but for From's
// and the states one turn after it, which Actions reads: the solve then
// holds two layers' rows at a time, not all of them. Once o.Context is
// done it stops between layers and returns its error.
func solveWith(ev *solver.Solution, from engine.State, least, need int, worth []float64, lean bool, o solver.Options) (*Solution, error) {
	g, l := ev.Game, ev.Layout
	sol := &Solution{Game: g, Layout: l, From: from, Need: need, EV: ev, rows: make([]needs, l.Size()),
		least: least, boxMax: boxMax(g), turn: newTurn[float64](g)}
	n := len(g.Categories)
	var layers [][]engine.State
	var shares [][][2]engine.State
	layers, shares, sol.States = layersFrom(g, from)
	end := needs{c: make([]Chance, len(worth))}
	for i, w := range worth {
		end.c[i].P = w
	}
	for _, s := range layers[n] {
		sol.rows[l.Index(s)] = end
	}
	for _, sh := range shares[n] {
		sol.rows[l.Index(sh[0])] = end
	}
	done := 0
	for k := n - 1; k >= 0; k-- {
		if err := o.Err(); err != nil {
			return nil, err
		}
		states := layers[k]
		// A state whose values others take holds their needs too: from
		// the least of their windows.
		shared := map[engine.State]int{}
		for _, sh := range shares[k] {
			if _, ok := shared[sh[1]]; !ok {
				shared[sh[1]] = sol.window(sh[1])
			}
			shared[sh[1]] = min(shared[sh[1]], sol.window(sh[0]))
		}
		workers.Each(len(states), o.Threads, func(_, i int) {
			w := sol.turn.get()
			lo, ok := shared[states[i]]
			if !ok {
				lo = sol.window(states[i])
			}
			sol.rows[l.Index(states[i])] = sol.solveState(states[i], lo, w)
			sol.turn.pool.Put(w)
		})
		for _, s := range states {
			sol.Entries += len(sol.rows[l.Index(s)].c)
		}
		for _, sh := range shares[k] {
			sol.rows[l.Index(sh[0])] = sol.rows[l.Index(sh[1])]
		}
		if lean && k > bits.OnesCount32(from.Filled) {
			for _, s := range layers[k+1] {
				sol.rows[l.Index(s)] = released
			}
			for _, sh := range shares[k+1] {
				sol.rows[l.Index(sh[0])] = released
			}
		}
		done += len(states) + len(shares[k])
		if o.Progress != nil {
			o.Progress(done+len(layers[n])+len(shares[n]), sol.States)
		}
	}
	return sol, nil
}

// layersFrom returns the states of g reachable from state from, by the
// number of boxes filled: layers[k] holds those with k boxes filled whose
// turns are played, shares[k] the (state, state of the same future)
// pairs that take the values of another (statespace.UpperClasses); states
// counts them all. A state is reachable where its filled boxes include
// from's, its upper total is from's and what the upper boxes filled since
// can add to it, and its five-alike box, if from's is filled, is as
// from's.
func layersFrom(g *engine.Game, from engine.State) (layers [][]engine.State, shares [][][2]engine.State, states int) {
	n := len(g.Categories)
	layers, shares = make([][]engine.State, n+1), make([][][2]engine.State, n+1)
	totals := map[uint32][]int{}
	classes := statespace.NewUpperClasses(g)
	for m := range uint32(1 << n) {
		if m&from.Filled != from.Filled {
			continue
		}
		k := bits.OnesCount32(m)
		since := (m &^ from.Filled) & g.UpperMask()
		if _, ok := totals[since]; !ok {
			totals[since] = upperFrom(g, from.Upper, since)
		}
		full := []bool{false, true}[:flags(g, m)]
		if g.Extra != nil && !from.Open(g.Extra.Box) {
			full = []bool{from.FullBox}
		}
		for _, f := range full {
			first := map[int]engine.State{}
			for _, u := range totals[since] {
				s := engine.State{Filled: m, Upper: u, FullBox: f}
				if rep, ok := first[classes.Class(m, u)]; ok {
					shares[k] = append(shares[k], [2]engine.State{s, rep})
					continue
				}
				first[classes.Class(m, u)] = s
				layers[k] = append(layers[k], s)
			}
		}
		states += len(totals[since]) * len(full)
	}
	return layers, shares, states
}

// upperFrom returns the upper totals that upper total u comes to when
// the upper boxes of set since are filled, capped as the states hold
// them, in order.
func upperFrom(g *engine.Game, u int, since uint32) []int {
	var to []int
	for _, t := range g.UpperTotals(since) {
		if v := min(u+t, g.UpperCap()); len(to) == 0 || to[len(to)-1] != v {
			to = append(to, v)
		}
	}
	return to
}

// solveState returns the row of state s: its values for needs lo, lo+1,
// ... up to Need or to the last need in reach. A need is out of reach
// only when no way of playing scores that much, and then so are all
// larger ones: the row ends at the last need with a chance above 0.
func (sol *Solution) solveState(s engine.State, lo int, w *lanes[float64]) needs {
	r := needs{skip: lo - 1}
	_, end := sol.turn.collect(s, sol, w)
	last := min(sol.Need, end-1)
	if last < lo {
		return r
	}
	to := lo + (last-lo+lane.Lanes)/lane.Lanes*lane.Lanes
	sol.turn.prepare(sol, lo, to, w)
	for from := lo; from < to; from += lane.Lanes {
		out := sol.turn.batch(from, w)
		r.c = append(r.c, out[:min(lane.Lanes, last-from+1)]...)
	}
	for len(r.c) > 0 && r.c[len(r.c)-1].P == 0 {
		r.c = r.c[:len(r.c)-1]
	}
	return r
}

// window returns the least need that state s must hold (a row that other
// states share starts at the least of their windows: solveWith). A game
// started at From with a need of least or more comes to s needing at
// least least less the points s's boxes filled since From and their
// bonuses can score (most); Lanes-1 fewer still are held, since a Player
// plans a need with the needs of its block of Lanes, the first up to
// Lanes-1 below it. A turn of a reachable state s leading to s' scores at
// most most(s') - most(s) points, so that the needs s's window reads of
// s' are in the window of s'.
func (sol *Solution) window(s engine.State) int {
	return max(1, sol.least-sol.most(s)-(lane.Lanes-1))
}

// most returns the most points the boxes filled from From to state s can
// have scored, bonuses included: each box's most, the upper bonus where
// s has it and From has not, and the five-alike bonus on each of them
// where s's five-alike box holds its full points. The upper boxes scored
// what the upper total has gained, while it is short of the threshold.
func (sol *Solution) most(s engine.State) int {
	g, since := sol.Game, s.Filled&^sol.From.Filled
	u := g.Upper
	exact := u.Points != 0 && s.Upper < u.Threshold
	m := 0
	for c, most := range sol.boxMax {
		if since&(1<<c) != 0 && !(exact && g.Categories[c].Upper()) {
			m += most
		}
	}
	switch {
	case exact:
		m += s.Upper - sol.From.Upper
	case u.Points != 0 && sol.From.Upper < u.Threshold:
		m += u.Points
	}
	if g.Extra != nil && s.FullBox {
		m += g.Extra.Bonus * bits.OnesCount32(since)
	}
	return m
}

// boxMax returns the most points each box of g can score: of every roll,
// and as a joker.
func boxMax(g *engine.Game) []int {
	m := make([]int, len(g.Categories))
	for c, cat := range g.Categories {
		m[c] = cat.Joker
		for r := range engine.NumRolls {
			m[c] = max(m[c], g.Score(c, r))
		}
	}
	return m
}

// flags returns how many five-alike box states filled set m has: two when
// the box is filled (it holds its full points or not), else one.
func flags(g *engine.Game, m uint32) int {
	if g.Extra != nil && m&(1<<g.Extra.Box) != 0 {
		return 2
	}
	return 1
}

func (sol *Solution) span(s engine.State) (lo, hi int) {
	r := sol.rows[sol.Layout.Index(s)]
	return 1, r.skip + 1 + len(r.c)
}

func (sol *Solution) decode(s engine.State, lo int, p, e []float64) {
	r, ev := sol.rows[sol.Layout.Index(s)], sol.EV.Value(s)
	for k := range p {
		switch n := lo + k; {
		case n <= 0:
			p[k], e[k] = 1, ev
		case n <= r.skip:
			panic(fmt.Sprintf("target: need %d of state %+v is not held (the least held is %d): no game started at a need the solution serves comes there, or a lean solve let it go", n, s, r.skip+1))
		case n-r.skip > len(r.c):
			p[k], e[k] = 0, ev
		default:
			p[k], e[k] = r.c[n-r.skip-1].P, r.c[n-r.skip-1].E
		}
	}
}

// Value returns the value of state s when need more points are needed:
// the best chance of scoring them and the expected points to come under
// that play. s must be reachable from From, need at most Need. Solve's
// solution holds every need from 1; Beat's only those that a game
// started at its need can have in s (and a few below them): at least
// that need less the most that the boxes filled since From can score.
func (sol *Solution) Value(s engine.State, need int) Chance {
	return value(sol, s, need)
}
