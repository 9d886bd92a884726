package target

import (
	"fmt"
	"math"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
	"dicepoker/tables"
)

// Table is the every-target table of a single-sheet game: for every state
// between turns and every need n, the best chance of scoring at least n
// more points. It answers any target from any state without solving
// again.
//
// A state's chances fall as the need grows. The table keeps them only
// where they are neither 1 nor 0 once rounded: from the first need lo
// whose chance is below 1 to the last above 0, each as a fixed-point
// fraction of 2^32 (Quantum). Needs below lo are certain, needs past the
// row out of reach. Each stored chance is within Quantum of the value its
// turn computes from the stored chances of the next states, and a turn's
// value moves no more than the values it is made of, so every chance is
// within Bound(g) of the exact one: Quantum for each turn still to play.
type Table struct {
	Game   *engine.Game
	Layout solver.Layout
	// words holds the index, two words a layout index i: words[2i] is
	// the offset in words of i's row, words[2i+1] its lo<<16 | length;
	// then the rows.
	words []uint32
	lazy  *tables.Words // the file's words, checked as they are read; nil when all are in words
	Path  string        // the file it was read from or saved to
	// States counts the states solved, Entries the chances stored; Batches
	// the turns played, Lanes needs at a time.
	States, Entries, Batches int
	turn                     *turn
}

// Quantum is the step of the stored chances: 2^-32. A stored chance is
// the computed one rounded to a multiple of it, a chance that rounds to 1
// or 0 is not stored at all.
const Quantum = 1.0 / (1 << 32)

// Cut is the least chance the table tells from 0, and from 1 less: a
// chance below it is stored as 0, one above 1-Cut as 1.
const Cut = 1.0 / (1 << 26)

// Bound returns the largest difference between a chance in g's table and
// the exact chance: Cut for each turn of the game.
func Bound(g *engine.Game) float64 { return float64(len(g.Categories)) * Cut }

// maxRow is the most needs a state's row and the largest need its lo may
// be: the index keeps each in 16 bits.
const maxRow = 1<<16 - 1

// Chance returns the chance of scoring at least need more points from
// state s under the play that aims at it. After a read error of a table
// loaded lazily (Err), it returns 0.
func (t *Table) Chance(s engine.State, need int) float64 {
	return t.curve(t.Layout.Index(s)).p(need)
}

// pcurve is a state's chances by need, as the table stores them.
type pcurve struct {
	lo int      // needs below lo are certain
	q  []uint32 // the chances of needs lo.., in multiples of Quantum
}

// p returns the chance of need n.
func (c pcurve) p(n int) float64 {
	switch i := n - c.lo; {
	case i < 0:
		return 1
	case i >= len(c.q):
		return 0
	default:
		return float64(c.q[i]) * Quantum
	}
}

// curve returns the chances of the state at layout index i.
func (t *Table) curve(i int) pcurve {
	if t.lazy != nil && !t.lazy.Load(2*i, 2*i+2) {
		return pcurve{lo: 1}
	}
	off, span := int(t.words[2*i]), t.words[2*i+1]
	lo, n := int(span>>16), int(span&maxRow)
	if t.lazy != nil {
		if off+n > len(t.words) || off < 2*t.Layout.Size() && n > 0 {
			t.lazy.Fail(fmt.Sprintf("the row of state %d lies outside the table", i))
			return pcurve{lo: 1}
		}
		if !t.lazy.Load(off, off+n) {
			return pcurve{lo: 1}
		}
	}
	return pcurve{lo: max(lo, 1), q: t.words[off : off+n]}
}

// played is a table with the expected-value optimum, ready for play.
type played struct {
	*Table
	ev solver.Values
}

// with returns the table played with ev, the expected-value optimum.
func (t *Table) with(ev solver.Values) played { return played{t, ev} }

// values returns the values of s: the table's chances, with the
// expected-value optimum's points to come.
func (p played) values(s engine.State) needs {
	return needs{pcurve: p.curve(p.Layout.Index(s)), ev: p.ev(s)}
}

// Err returns the first error met reading a lazily loaded table: a
// damaged part of its file. Chances read after it are not to be trusted.
func (t *Table) Err() error {
	if t.lazy == nil {
		return nil
	}
	return t.lazy.Err()
}

// plane is one goroutine's work arrays for the batches of a state.
type plane struct {
	keeps  solver.LaneKeeps
	totals solver.LaneLevels
	// next[i][l] is the next state's chances and the points of writing
	// level l in the i-th open box, box[i]; alike[r] the placements that
	// the bonus and joker rules allow for five alike roll r, where they
	// decide.
	next  [32][maxLevels]successor
	box   []int
	alike map[int][]successor
}

// successor is a way of ending a turn: the chances of the state it leads
// to and the points it scores.
type successor struct {
	pcurve
	points int
}

var planePool = sync.Pool{New: func() any { return new(plane) }}

// SolveTable computes g's every-target table. School is refused with
// solver.ErrNotSingleSheet.
func SolveTable(g *engine.Game, o solver.Options) (*Table, error) {
	if g.Columns != 0 {
		return nil, fmt.Errorf("%s has no every-target table: %w", g.Name, solver.ErrNotSingleSheet)
	}
	if g.Rolls > policy.MaxRolls {
		return nil, fmt.Errorf("%s has %d rolls a turn, a target is played with at most %d", g.Name, g.Rolls, policy.MaxRolls)
	}
	l := solver.NewLayout(g)
	t := &Table{Game: g, Layout: l, turn: newTurn(g)}
	layers, shares, states := layersFrom(g, engine.State{})
	t.States = states
	t.words = make([]uint32, 2*l.Size(), 2*l.Size()+l.Size()*8)
	n := len(g.Categories)
	for i := range l.Size() {
		t.words[2*i+1] = 1 << 16 // lo 1, no row: every need out of reach
	}
	done := len(layers[n]) + len(shares[n])
	for k := n - 1; k >= 0; k-- {
		states := layers[k]
		rows := make([][]uint32, len(states))
		los := make([]int, len(states))
		batches := make([]int, workers.Threads(o.Threads))
		var failed error
		var mu sync.Mutex
		workers.Each(len(states), o.Threads, func(w, i int) {
			var err error
			los[i], rows[i], err = t.solveRow(states[i], &batches[w])
			if err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
			}
		})
		if failed != nil {
			return nil, failed
		}
		for i, s := range states {
			at := l.Index(s)
			t.words[2*at] = uint32(len(t.words))
			t.words[2*at+1] = uint32(los[i])<<16 | uint32(len(rows[i]))
			t.words = append(t.words, rows[i]...)
			t.Entries += len(rows[i])
		}
		for _, sh := range shares[k] {
			at, rep := l.Index(sh[0]), l.Index(sh[1])
			t.words[2*at], t.words[2*at+1] = t.words[2*rep], t.words[2*rep+1]
		}
		for _, b := range batches {
			t.Batches += b
		}
		done += len(states) + len(shares[k])
		if o.Progress != nil {
			o.Progress(done, t.States)
		}
	}
	t.words = t.words[:len(t.words):len(t.words)]
	return t, nil
}

// solveRow returns the row of state s: its lo and the chances of needs
// lo.. that round to neither 1 nor 0, counting the batches it plays in
// *batches.
func (t *Table) solveRow(s engine.State, batches *int) (int, []uint32, error) {
	w := planePool.Get().(*plane)
	defer planePool.Put(w)
	t.prepare(s, w)
	// No need below leastLo can fail: start there.
	from := t.leastLo(w)
	out := t.batch(from, w)
	*batches++
	vals := out[:]
	for quantize(vals[len(vals)-1]) > 0 {
		out := t.batch(from+len(vals), w)
		*batches++
		vals = append(vals, out[:]...)
	}
	lo := 0
	for lo < len(vals) && quantize(vals[lo]) == one {
		lo++
	}
	hi := len(vals)
	for hi > lo && quantize(vals[hi-1]) == 0 {
		hi--
	}
	if from+lo > maxRow || hi-lo > maxRow {
		return 0, nil, fmt.Errorf("%s scores too many points for an every-target table", t.Game.Name)
	}
	row := make([]uint32, hi-lo)
	for i, p := range vals[lo:hi] {
		row[i] = uint32(min(quantize(p), one-1))
	}
	return from + lo, row, nil
}

// quantize returns chance p in multiples of Quantum: 0 below Cut, one
// above 1-Cut.
func quantize(p float64) uint64 {
	switch {
	case p < Cut:
		return 0
	case p > 1-Cut:
		return one
	}
	return uint64(math.Round(p * one))
}

// one is a chance of 1 in multiples of Quantum.
const one = 1 << 32

// prepare sets w's successors to those of state s.
func (t *Table) prepare(s engine.State, w *plane) {
	g := t.Game
	w.box = w.box[:0]
	for c := range g.Categories {
		if !s.Open(c) {
			continue
		}
		next := &w.next[len(w.box)]
		w.box = append(w.box, c)
		for l, pts := range t.turn.levels[c] {
			bonus, after := g.Move(s, c, pts)
			next[l] = successor{t.curve(t.Layout.Index(after)), pts + bonus}
		}
	}
	clear(w.alike)
	if x := g.Extra; x == nil || s.Open(x.Box) {
		return
	}
	if w.alike == nil {
		w.alike = map[int][]successor{}
	}
	var buf [32]engine.Placement
	for r := range engine.NumRolls {
		if g.Special(s, r) {
			for _, pl := range g.Placements(s, r, buf[:0]) {
				w.alike[r] = append(w.alike[r], successor{t.curve(t.Layout.Index(pl.Next)), pl.Total()})
			}
		}
	}
}

// leastLo returns the least need that the state of w's successors may
// fail to reach: the least, over the final rolls, of the most over the
// ways of writing it of the next state's lo plus the points written.
// Below it every roll, however the dice fall, is written where the rest
// is certain: a chance of 1 exactly, as the next states' chances below
// their lo are, and a turn's means of them are.
func (t *Table) leastLo(w *plane) int {
	least := math.MaxInt
	for r := range engine.NumRolls {
		most := 0
		if pls, ok := w.alike[r]; ok {
			for _, n := range pls {
				most = max(most, n.lo+n.points)
			}
		} else {
			for i, c := range w.box {
				n := &w.next[i][t.turn.level[c][r]]
				most = max(most, n.lo+n.points)
			}
		}
		least = min(least, most)
	}
	return max(1, least)
}

// lanes sets out[j] to the chance of need from+j-points of n.
func (n *successor) lanes(from int, out *[solver.Lanes]float64) {
	at := from - n.points - n.lo // the index of lane 0's need in n.q
	if at >= 0 && at+solver.Lanes <= len(n.q) {
		q := n.q[at : at+solver.Lanes]
		for j := range solver.Lanes {
			out[j] = float64(q[j]) * Quantum
		}
		return
	}
	for j := range solver.Lanes {
		out[j] = n.p(from + j - n.points)
	}
}

// batch returns the chances of a state for needs from..from+7, from its
// successors in w (prepare): the final rolls written where the chance is
// largest, then a keep pass for each reroll, then the mean over the
// first roll.
func (t *Table) batch(from int, w *plane) [solver.Lanes]float64 {
	v := &w.keeps
	rolls := v.Rolls()
	*rolls = solver.LaneRolls{}
	for i, c := range w.box {
		for l := range t.turn.levels[c] {
			w.next[i][l].lanes(from, &w.totals[l])
		}
		rolls.MaxByLevel(&t.turn.level[c], &w.totals)
	}
	for r, pls := range w.alike {
		// Five alike with the five-alike box filled: the placements the
		// bonus and joker rules allow.
		rolls[r] = [solver.Lanes]float64{}
		var p [solver.Lanes]float64
		for i := range pls {
			pls[i].lanes(from, &p)
			for j := range p {
				rolls[r][j] = max(rolls[r][j], p[j])
			}
		}
	}
	for range t.Game.Rolls - 1 {
		v.KeepValues()
		v.BestKeeps()
	}
	var out [solver.Lanes]float64
	rolls.Expect(&out)
	return out
}
