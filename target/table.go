package target

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/solver"
	"dicepoker/tables"
)

// Table is the every-target table of a single-sheet game: for every state
// between turns and every need n, the best chance of scoring at least n
// more points, and the expected points to come under the play that gets
// it. It answers any target from any state without solving again.
//
// A state's chances fall as the need grows. The table keeps a state's
// row of needs from lo to the last whose chance is above 0 once rounded:
// below lo every need is met for certain and the play is worth the
// expected-value optimum (to within half a Step), from the row's end on
// every need is out of reach, the play is the expected-value optimum's.
// Each entry holds, in 44 bits, the chance in multiples of Quantum and
// the deficit of the points to come below the expected-value optimum in
// multiples of the table's Step.
//
// The play the table stands for is the one that plays by it: each turn
// for need n the choice of Near between the ways of ending the turn,
// valued by the table's entries of the states they lead to, the turn
// played in float32 lanes as the table was solved (near within
// Tolerance32).
// A turn's value moves no more than the values it is made of, and each
// stored value is within what one turn in float32 and the rounding of
// its entry add (see Bound and EBound) of the value the turn computes
// from the stored entries of the next states, so every chance is within
// Bound(g) of the exact one, and every expected score within EBound of
// the expected points to come under the table's play.
type Table struct {
	Game   *engine.Game
	Layout statespace.Layout
	// words holds k, the Step being 2^-k; then the index, two words a
	// layout index i: words[1+2i] is the offset in words of i's row,
	// words[2+2i] its lo<<16 | length; then the rows, each its entries'
	// words (the chance in the low 27 bits, the deficit's high 5 bits
	// above) and then its deficits' low 12 bits, one after another from
	// the low bits of each word up.
	words []uint32
	lazy  *tables.Words // the file's words, checked as they are read; nil when all are in words
	Path  string        // the file it was read from or saved to
	// States counts the states solved, Entries the needs stored; Batches
	// the turns played, Lanes needs at a time.
	States, Entries, Batches int
	turn                     *turn[float32]
}

// Quantum is the step of the stored chances: 2^-26. A stored chance is
// the computed one rounded to a multiple of it.
const Quantum = 1.0 / (1 << 26)

// one is a chance of 1 in multiples of Quantum.
const one = 1 << 26

// The bits of an entry: the chance takes chanceBits of its word, the
// deficit's high bits the rest; the deficit's lowBits follow the row's
// words; the deficit has deficitBits in all.
const (
	chanceBits  = 27
	lowBits     = 12
	deficitBits = 32 - chanceBits + lowBits
	maxDeficit  = 1<<deficitBits - 1
)

// lowWords returns the words that the deficits' low bits of n entries
// take.
func lowWords(n int) int { return (n*lowBits + 31) / 32 }

// stepFor returns the exponent k of the least step 2^-k at which deficits
// up to most fit in deficitBits.
func stepFor(most float64) int {
	k := maxStep
	for k > 0 && most*float64(int(1)<<k) >= maxDeficit {
		k--
	}
	return k
}

// Bound returns the largest difference between a chance in g's table and
// the exact chance, and between it and the chance of the table's play,
// to first order (products of errors, below 2^-40, left out): for each
// turn of the game, 3 Quanta of rounding (half of one for the stored
// chance, 2 for the next states' chances rounded to float32, whose step
// below 1 is 2^-24, and the rest for the float64 sum over the first
// roll), the float32 means of the keep passes (passBound), and the
// choices: each takes an option whose chance is at least the bar
// fl(best - 2^-22·best), which float32 rounds by up to 2^-25 for a best
// below 1, so it takes an option within Tolerance32 + 2^-25 of the
// largest chance, which stays the value of the choice, and the play's
// chance may fall short by that at each of the turn's choices in a row,
// the final roll's and five a pass, from the roll down to the keep of
// one die. That is 6.6e-6 a turn in a game of three rolls, 9.9e-5 for
// yatzy, 8.5e-5 for yahtzee.
func Bound(g *engine.Game) float64 {
	choices := float64(1 + 5*(g.Rolls-1))
	return float64(len(g.Categories)) * (3*Quantum + passBound(g, 1) + choices*(Tolerance32+1.0/(1<<25)))
}

// u is float32's relative rounding: a value x rounded to float32 moves
// at most u·|x|.
const u = 1.0 / (1 << 24)

// passBound returns the most that one turn's keep passes in float32 add
// to the errors of values of at most most: a mean of six values adds at
// most 6u·most (its five sums, the product by a sixth and the sixth's
// own rounding; maxima and choices add none), and a pass takes five
// means from the rolls to the empty keep, so 30u·most a pass.
func passBound(g *engine.Game, most float64) float64 {
	return float64(30*(g.Rolls-1)) * u * most
}

// Step returns the step of the stored expected points: the least power
// of 2 for which every deficit, at most the expected-value optimum of its
// state, fits in 17 bits (2^-9 points for yatzy, 2^-8 for yahtzee and
// swedish, whose optima exceed 256). After a read error of a table
// loaded lazily (Err), it returns 0.
func (t *Table) Step() float64 {
	if t.lazy != nil && !t.lazy.Load(0, 1) || t.words[0] > maxStep {
		return 0
	}
	return 1 / float64(int(1)<<t.words[0])
}

// maxStep is the largest exponent of a Step.
const maxStep = 24

// EBound returns the largest difference between an expected score in the
// table and the expected points to come under the table's play, to first
// order: for each turn of the game, half a Step for the rounding of the
// stored deficit, and what a turn in float32 adds to values of at most
// the most a turn meets: its keep passes (passBound), the next states'
// expected points rounded to float32 and the final rolls' sums (u·most
// each), most being the points of one turn (the most a box scores, with
// a roll or as a joker, and every bonus) and the next state's expected
// points, at most its optimum, below 2^17 Steps. The choices add
// nothing: the value of a choice is the points of the option it takes.
// That is 0.034 points for yatzy, 0.059 for yahtzee.
func (t *Table) EBound() float64 {
	g, step := t.Game, t.Step()
	most := float64(1<<17)*step + float64(t.turn.points)
	return float64(len(g.Categories)) * (step/2 + passBound(g, most) + 2*u*most)
}

// maxRow is the most needs a state's row and the largest need its lo may
// be: the index keeps each in 16 bits.
const maxRow = 1<<16 - 1

// Chance returns the chance of scoring at least need more points from
// state s under the play that aims at it. After a read error of a table
// loaded lazily (Err), it returns 0.
func (t *Table) Chance(s engine.State, need int) float64 {
	var p, e [1]float64
	t.decode(s, need, p[:], e[:], nil)
	return p[0]
}

// Value returns the value of state s when need more points are needed:
// the chance of scoring them and the expected points to come under the
// table's play, with ev the expected-value optimum the table was solved
// with (the strategy table's).
func (t *Table) Value(s engine.State, need int, ev solver.Values) Chance {
	return value(t.with(ev), s, need)
}

// row returns the row of the state at layout index i: its first need,
// its entries' words and its deficits' low bits (ok false after a read
// error of a table loaded lazily).
func (t *Table) row(i int) (lo int, ws, lows []uint32, ok bool) {
	if t.lazy != nil && !t.lazy.Load(1+2*i, 3+2*i) {
		return 1, nil, nil, false
	}
	off, span := int(t.words[1+2*i]), t.words[2+2*i]
	lo, n := int(span>>16), int(span&maxRow)
	end := off + n + lowWords(n)
	if t.lazy != nil {
		if end > len(t.words) || off < 1+2*t.Layout.Size() && n > 0 {
			t.lazy.Fail(fmt.Sprintf("the row of state %d lies outside the table", i))
			return 1, nil, nil, false
		}
		if !t.lazy.Load(off, end) {
			return 1, nil, nil, false
		}
	}
	return max(lo, 1), t.words[off : off+n], t.words[off+n : end], true
}

// decode sets p[k] and e[k] to the value of need lo+k in state s, e from
// ev's value of s (e is left alone when ev is nil).
func (t *Table) decode(s engine.State, lo int, p, e []float64, ev solver.Values) {
	first, ws, lows, ok := t.row(t.Layout.Index(s))
	if !ok {
		clear(p)
		clear(e)
		return
	}
	v, step := 0.0, 0.0
	if ev != nil {
		v, step = ev(s), t.Step()
	}
	for k := range p {
		switch i := lo + k - first; {
		case i < 0:
			p[k] = 1
			if ev != nil {
				e[k] = v
			}
		case i >= len(ws):
			p[k] = 0
			if ev != nil {
				e[k] = v
			}
		default:
			w := ws[i]
			p[k] = float64(w&(1<<chanceBits-1)) * Quantum
			if ev != nil {
				e[k] = v - float64(w>>chanceBits<<lowBits|low(lows, i))*step
			}
		}
	}
}

// low returns the low bits of entry i's deficit from a row's lows.
func low(lows []uint32, i int) uint32 {
	bit := i * lowBits
	x := uint64(lows[bit/32])
	if bit/32+1 < len(lows) {
		x |= uint64(lows[bit/32+1]) << 32
	}
	return uint32(x>>(bit%32)) & (1<<lowBits - 1)
}

// played is a table with the expected-value optimum, ready for play.
type played struct {
	*Table
	ev solver.Values
}

// with returns the table played with ev, the expected-value optimum.
func (t *Table) with(ev solver.Values) played { return played{t, ev} }

func (p played) span(s engine.State) (lo, hi int) {
	first, ws, _, ok := p.row(p.Layout.Index(s))
	if !ok {
		return 1, 1
	}
	return first, first + len(ws)
}

func (p played) decode(s engine.State, lo int, ps, es []float64) { p.Table.decode(s, lo, ps, es, p.ev) }

// Err returns the first error met reading a lazily loaded table: a
// damaged part of its file. Chances read after it are not to be trusted.
func (t *Table) Err() error {
	if t.lazy == nil {
		return nil
	}
	return t.lazy.Err()
}

// SolveTable computes g's every-target table, with the expected-value
// optimum that a solve of g gives (as its strategy table holds it, to
// float32). School is refused by solver.Solve, with
// solver.ErrNotSingleSheet. Once o.Context is done the solve stops
// between layers and returns its error.
func SolveTable(g *engine.Game, o solver.Options) (*Table, error) {
	if g.Rolls > policy.MaxRolls {
		return nil, fmt.Errorf("%s has %d rolls a turn, a target is played with at most %d", g.Name, g.Rolls, policy.MaxRolls)
	}
	if err := g.FiveDice("playing for a target"); err != nil {
		return nil, err
	}
	evs, err := solver.Solve(g, solver.Options{Threads: o.Threads, Context: o.Context})
	if err != nil {
		return nil, err
	}
	ev := func(s engine.State) float64 { return float64(float32(evs.Value(s))) }
	most := 0.0
	for _, v := range evs.Values {
		if !math.IsNaN(v) {
			most = max(most, float64(float32(v)))
		}
	}
	l := statespace.NewLayout(g)
	k := stepFor(most)
	t := &Table{Game: g, Layout: l, turn: newTurn[float32](g)}
	t.words = make([]uint32, 1+2*l.Size())
	t.words[0] = uint32(k)
	// kept holds the words in order, from t.words' own; size is where
	// the next row's go.
	kept := [][]uint32{t.words}
	size := len(t.words)
	src := &layer{played: t.with(ev), at: make([]int32, l.Size()), gen: make([]uint16, l.Size())}
	layers, shares, states := layersFrom(g, engine.State{})
	t.States = states
	n := len(g.Categories)
	for i := range l.Size() {
		t.words[2+2*i] = 1 << 16 // lo 1, no row: every need out of reach
	}
	done := len(layers[n]) + len(shares[n])
	spaces := make([]space, workers.Threads(o.Threads))
	for k := n - 1; k >= 0; k-- {
		if err := o.Err(); err != nil {
			return nil, err
		}
		states := layers[k]
		rows := make([]row, len(states))
		for i := range spaces {
			spaces[i].values[k%2].reset()
		}
		var failed error
		var mu sync.Mutex
		workers.Each(len(states), o.Threads, func(w, i int) {
			var err error
			rows[i], err = t.solveRow(states[i], src, &spaces[w], k%2)
			if err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
			}
		})
		if failed != nil {
			return nil, failed
		}
		src.next()
		for i, s := range states {
			at, r := l.Index(s), &rows[i]
			t.words[1+2*at] = uint32(size)
			t.words[2+2*at] = uint32(r.lo)<<16 | uint32(r.n)
			kept = append(kept, r.words)
			size += len(r.words)
			t.Entries += r.n
			src.add(at, at, r, float32(ev(s)))
		}
		for _, sh := range shares[k] {
			// A state of the same future takes its representative's row,
			// ev included: the expected-value solve gives the two the
			// same value to the bit (it copies a class's value,
			// statespace.UpperClasses), as decoding the row for each did.
			at, rep := l.Index(sh[0]), l.Index(sh[1])
			t.words[1+2*at], t.words[2+2*at] = t.words[1+2*rep], t.words[2+2*rep]
			src.add(at, rep, nil, 0)
		}
		done += len(states) + len(shares[k])
		if o.Progress != nil {
			o.Progress(done, t.States)
		}
	}
	t.words = join(kept, o.Threads)
	for _, sp := range spaces {
		t.Batches += sp.batches
	}
	return t, nil
}

// join returns parts' words one after another, copied by
// threads goroutines at once: the rows go into one array at the end, of
// the size they add up to, copied once (where an array grown as the
// layers were solved copied them again at every growth), and the
// system's first touch of each page of it (a gigabyte for yatzy) is
// shared out too.
func join(parts [][]uint32, threads int) []uint32 {
	at := make([]int, len(parts)+1)
	for i, p := range parts {
		at[i+1] = at[i] + len(p)
	}
	words := make([]uint32, at[len(parts)]) // fresh pages are not cleared first, as slices.Concat's are
	const run = 1 << 12                     // parts a job
	workers.Each((len(parts)+run-1)/run, threads, func(_, j int) {
		for i := j * run; i < min(len(parts), (j+1)*run); i++ {
			copy(words[at[i]:at[i+1]], parts[i])
		}
	})
	return words
}

// space is where one goroutine of SolveTable puts the rows it solves,
// cut from arrays it makes a few at a time rather than one a row: their
// words, kept to the end, and their values in float32, in two sets that
// the layers take in turn, a layer's written while the last layer's are
// read and then reused by the next. (Yatzy has 1.4 million rows; made
// one by one, they kept the garbage collector busy a sixth of the
// solve.) batches counts the batches its turns played.
type space struct {
	words   chunks[uint32]
	values  [2]chunks[float32]
	batches int
}

// chunks hands out slices of a few large arrays, one after another.
type chunks[T uint32 | float32] struct {
	list [][]T
	at   int // the array being cut
}

// chunkSize is the least an array of chunks holds.
const chunkSize = 1 << 20

// cut returns the next n elements: zeros, the first time an array's are
// handed out.
func (c *chunks[T]) cut(n int) []T {
	for {
		if c.at == len(c.list) {
			c.list = append(c.list, make([]T, 0, max(n, chunkSize)))
		}
		a := &c.list[c.at]
		if i := len(*a); cap(*a)-i >= n {
			*a = (*a)[:i+n]
			return (*a)[i : i+n : i+n]
		}
		c.at++
	}
}

// reset hands the arrays' elements out again, from the first: the slices
// cut before are not to be used after.
func (c *chunks[T]) reset() {
	for i := range c.list {
		c.list[i] = c.list[i][:0]
	}
	c.at = 0
}

// row is a state's row as the table stores it: its first need, its
// entries and their words; and its values as the float32 turns take
// them (decoded from its words, rounded to float32).
type row struct {
	lo, n int
	words []uint32
	p, e  []float32
}

// layer is the table being solved as the turns of a layer read it: the
// rows of the layer solved last, the states the turns lead to, at hand
// in float32 as the float32 turns take them, the same values that
// decoding their words and rounding them gives, decoded once a state
// rather than once a turn that leads to it.
type layer struct {
	played
	// at[i] is the place in rows of the state of layout index i, where
	// gen[i] is the layer's, its number among the layers solved.
	at   []int32
	gen  []uint16
	n    uint16
	rows []values32
}

// values32 is a state's row in float32: its first need, the chances and
// points to come of its needs from there, and its expected-value optimum,
// the points to come of the needs around them.
type values32 struct {
	lo   int
	p, e []float32
	ev   float32
}

// next starts a layer: the rows added from now on replace the last
// layer's.
func (l *layer) next() {
	l.n++
	l.rows = l.rows[:0]
}

// add adds the row of the state at layout index at: r, of a state whose
// expected-value optimum is ev, or when r is nil the row of the state at
// rep, added before.
func (l *layer) add(at, rep int, r *row, ev float32) {
	if r != nil {
		l.at[at] = int32(len(l.rows))
		l.rows = append(l.rows, values32{lo: max(r.lo, 1), p: r.p, e: r.e, ev: ev})
	} else {
		l.at[at] = l.at[rep]
	}
	l.gen[at] = l.n
}

// values returns the row of state s in float32, or nil where s is not in
// the layer.
func (l *layer) values(s engine.State) *values32 {
	i := l.Layout.Index(s)
	if l.n == 0 || l.gen[i] != l.n {
		return nil
	}
	return &l.rows[l.at[i]]
}

func (l *layer) span(s engine.State) (lo, hi int) {
	if r := l.values(s); r != nil {
		return r.lo, r.lo + len(r.p)
	}
	return l.played.span(s)
}

// window sets p and e to the values of needs lo.. of the row: below its
// first need certain, past its end out of reach, the points to come the
// expected-value optimum's in both.
func (r *values32) window(lo int, p, e []float32) {
	n := len(p)
	a := min(max(r.lo-lo, 0), n)
	b := min(max(r.lo+len(r.p)-lo, a), n)
	for i := range a {
		p[i], e[i] = 1, r.ev
	}
	copy(p[a:b], r.p[lo+a-r.lo:])
	copy(e[a:b], r.e[lo+a-r.lo:])
	for i := b; i < n; i++ {
		p[i], e[i] = 0, r.ev
	}
}

// solveRow returns the row of state s, cut from sp (its values from
// sp.values[set]), counting the batches it plays in sp.batches: its needs from the least that may differ from a certainty
// worth the expected-value optimum (collect's start) to the least out of
// reach (end), played eight at a time (sixteen, two batches at once,
// where the CPU runs the WideTurn kernels) and rounded; then the row is what
// stays from the first need either less than certain or short of the
// optimum to the last likelier than 0.
func (t *Table) solveRow(s engine.State, src *layer, sp *space, set int) (row, error) {
	w := t.turn.get()
	defer t.turn.pool.Put(w)
	start, end := t.turn.collect(s, src, w)
	nb := max(0, (end-start+lane.Lanes-1)/lane.Lanes)
	t.turn.prepare(src, start, start+nb*lane.Lanes, w)
	w.qs, w.ds = slices.Grow(w.qs[:0], nb*lane.Lanes)[:nb*lane.Lanes], slices.Grow(w.ds[:0], nb*lane.Lanes)[:nb*lane.Lanes]
	qs, ds := w.qs, w.ds // chances, deficits
	ev, step := src.ev(s), t.Step()
	var buf [lane.WideLanes]Chance
	for b := 0; b < nb; {
		// two batches at once where the CPU can, to the same bits
		out := buf[:]
		if w.wp != nil && b+1 < nb {
			buf = t.turn.batchWide(start+b*lane.Lanes, w)
		} else {
			one := t.turn.batch(start+b*lane.Lanes, w)
			out = buf[:copy(buf[:], one[:])]
		}
		for j, v := range out {
			d := math.Round((ev - v.E) / step)
			if d > maxDeficit {
				return row{}, fmt.Errorf("%s plays a target for %.1f points less than the expected-value optimum, more than an every-target table holds", t.Game.Name, ev-v.E)
			}
			qs[b*lane.Lanes+j], ds[b*lane.Lanes+j] = uint32(math.Round(v.P*one)), uint32(max(d, 0))
		}
		b += len(out) / lane.Lanes
	}
	sp.batches += nb
	lo, hi := 0, len(qs)
	for lo < hi && qs[lo] == one && ds[lo] == 0 {
		lo++
	}
	for hi > lo && qs[hi-1] == 0 {
		hi--
	}
	n := hi - lo
	if start+lo > maxRow || n > maxRow {
		return row{}, fmt.Errorf("%s scores too many points for an every-target table", t.Game.Name)
	}
	values := sp.values[set].cut(2 * n)
	r := row{lo: start + lo, n: n, words: sp.words.cut(n + lowWords(n)), p: values[:n:n], e: values[n:]}
	lows := r.words[n:]
	for i := range n {
		q, d := qs[lo+i], ds[lo+i]
		r.p[i], r.e[i] = float32(float64(q)*Quantum), float32(ev-float64(d)*step)
		r.words[i] = q | d>>lowBits<<chanceBits
		bit, x := i*lowBits, uint64(d&(1<<lowBits-1))
		lows[bit/32] |= uint32(x << (bit % 32))
		if bit%32+lowBits > 32 {
			lows[bit/32+1] |= uint32(x >> (32 - bit%32))
		}
	}
	return r, nil
}
