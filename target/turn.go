package target

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/policy"
)

// Chance is the value of a state for one need: the best probability of
// scoring at least that many more points, and the expected points to come
// under the play that achieves it.
type Chance struct {
	P float64 // probability of reaching the need
	E float64 // expected points to come
}

// Near reports whether probability p is as good as best, the largest of
// a choice: at most Tolerance times best below it.
func Near(p, best float64) bool { return near(p, best) }

// Near32 is Near as the every-target table's float32 turns and its
// Actions tell chances apart: in float32, within Tolerance32.
func Near32(p, best float64) bool { return near(float32(p), float32(best)) }

// near is Near in precision T, with T's tolerance: within Tolerance32 in
// float32.
func near[T lane.Real](p, best T) bool { return p >= best-T(tolerance[T]()*best) }

// Tolerance32 is Tolerance for the every-target table's float32 turns,
// 2^-22: float32 rounds a chance by up to 2^-24 of it at each step, so
// that chances equal but for the order of their sums differ by a few
// such steps, which Tolerance would not tell from real differences.
const Tolerance32 = 1.0 / (1 << 22)

// tolerance returns the tolerance of the turns of precision T.
func tolerance[T lane.Real]() T {
	if lane.Is64[T]() {
		return T(Tolerance)
	}
	return T(Tolerance32)
}

// Tolerance is the relative difference below which two probabilities
// count as the same (Near) in the float64 turns of the exact solve: far
// above the rounding of a solve (about 1e-15), far below any difference
// a player could see. A choice
// takes, of the options whose probability is near the largest, the one
// with the most points expected, the first on a tie; the largest
// probability stays the value of the choice.
const Tolerance = 1e-12

// turn plays the turns of one game for eight needs of a state at a time,
// in the solver's lanes of precision T: the final rolls written by
// NearFinals.Final, the keeps chosen by BestKeepsNear (the choice of Near,
// made keep by keep: see solver's notes on near choices). The exact
// per-call solve plays them in float64, the every-target table in float32
// with near within Tolerance32. It is safe for concurrent use.
type turn[T lane.Real] struct {
	g *engine.Game
	// levels[c] lists the points box c can score with some roll (plain
	// rules), level[c][r] which of them roll r scores, zero[c] the level
	// of 0 points (-1 where it has none).
	levels [][]int
	level  [][engine.NumRolls]uint8
	zero   []int
	// sub[r][k] is the place of keep k among roll r's proper
	// sub-multisets (keeping none included), the largest keep first:
	// policy.Decided's keep of r; notSub where k is none of them.
	sub  *[engine.NumRolls][engine.FirstRollKeep]uint8
	pool sync.Pool // of *lanes[T]
	// points is the most points one turn may score: the most a box
	// scores, with a roll or as a joker, and every bonus (EBound).
	points int
}

// maxLevels is the most distinct points a box may score.
const maxLevels = lane.Levels

// notSub marks a keep that is no proper sub-multiset of a roll (turn.sub).
const notSub = math.MaxUint8

func newTurn[T lane.Real](g *engine.Game) *turn[T] {
	n := len(g.Categories)
	t := &turn[T]{g: g, levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n), zero: make([]int, n)}
	t.pool.New = func() any {
		w := &lanes[T]{at: map[int]int{}}
		if !lane.Is64[T]() {
			w.stage = new(lane.NearStage[T])
			if wideTurns {
				w.wp, w.we, w.wide = new(lane.WideTurn), new(lane.WideTurn), new(lane.WideStage)
			}
		}
		return w
	}
	box := 0
	for c := range n {
		at := map[int]uint8{}
		box = max(box, g.Categories[c].Joker)
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			box = max(box, p)
			if p < 0 {
				// The choices count an option not near as 0 points
				// (lane.BestKeepsNear): no single sheet pays less.
				panic("target: " + g.Categories[c].Name + " scores less than 0")
			}
			l, ok := at[p]
			if !ok {
				if len(t.levels[c]) == maxLevels {
					panic("target: " + g.Categories[c].Name + " scores too many distinct points")
				}
				l = uint8(len(t.levels[c]))
				at[p] = l
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = l
		}
		t.zero[c] = -1
		if z, ok := at[0]; ok {
			t.zero[c] = int(z)
		}
	}
	t.sub = new([engine.NumRolls][engine.FirstRollKeep]uint8)
	for r := range engine.NumRolls {
		for k := range t.sub[r] {
			t.sub[r][k] = notSub
		}
		subs := engine.SubKeeps(r)
		for i, k := range subs {
			t.sub[r][k] = uint8(len(subs) - 1 - i)
		}
	}
	t.points = box + g.Upper.Points
	if g.Extra != nil {
		t.points += g.Extra.Bonus
	}
	return t
}

// chances gives the value of the states between turns for each need: a
// solution's or a table's.
type chances interface {
	// span returns the needs lo..hi-1 whose values s holds: below lo the
	// need is met for certain, from hi on out of reach, and either way
	// the points to come are the expected-value optimum's.
	span(s engine.State) (lo, hi int)
	// decode sets p[k] and e[k] to the value of need lo+k in state s,
	// for every k of p (and e, as long).
	decode(s engine.State, lo int, p, e []float64)
}

// value returns the value of need n in state s.
func value(next chances, s engine.State, n int) Chance {
	var p, e [1]float64
	next.decode(s, n, p[:], e[:])
	return Chance{p[0], e[0]}
}

// inReach reports whether need n of a state whose values span lo..hi is
// neither met (0 or less) nor out of reach: where the play differs from
// the expected-value optimum's. The needs below lo are in reach: certain
// under the play for them, not under every play.
func inReach(n, hi int) bool { return n > 0 && n < hi }

// window holds a state's values for a run of needs, from need lo.
type window[T lane.Real] struct {
	lo   int
	p, e []T
}

// rows returns where the values of needs n..n+7 lie, which must be
// followed by those of width-8 more needs (the kernels read width
// values: the index panics where the window lacks them).
func (w *window[T]) rows(n, width int) (p, e *[lane.Lanes]T) {
	i := n - w.lo
	return (*[lane.Lanes]T)(w.p[i : i+width]), (*[lane.Lanes]T)(w.e[i : i+width])
}

// option is a way of writing a final roll: the window of the state it
// leads to (an index into lanes.wins), the points it scores, bonuses
// included, and its box.
type option struct {
	win, points, box int
}

// lanes is one goroutine's work arrays for the batches of a state: what
// prepare sets up once, then each batch's values.
type lanes[T lane.Real] struct {
	p, e lane.NearTurn[T] // probabilities and expected points: keeps, and the final rolls
	bar  lane.NearRolls[T]
	// open lists the state's open boxes; next[i][l] is writing open[i]'s
	// l-th level. alike[r] lists the ways the bonus and joker rules allow
	// of writing five alike roll r (special lists those rolls), where
	// they decide.
	open    []int
	next    [32][maxLevels]option
	alike   [engine.NumRolls][]option
	special []int
	// ways are the levels, past the open boxes', where finalWide puts
	// the special rolls' ways of being written (alike[r] for each r of
	// special, in turn), to lay out and choose between in sixteen lanes;
	// none where they do not fit or the turn has no sixteen lanes.
	ways []uint16
	// wins holds the windows of the states the turn can lead to, states,
	// decoded by prepare; at maps a layout index to its window, tots the
	// least and most points that lead to each.
	wins   []window[T]
	states []engine.State
	at     map[int]int
	tots   [][2]int
	buf    []T
	dec    []float64 // a window's values as the states give them, for float32 turns
	qs, ds []uint32  // a table's row's chances and deficits, as solveRow rounds them
	// sumP and sumE are a batch's sums over the first roll (the first
	// eight lanes of a batch's, all sixteen of batchWide's): here, in the
	// goroutine's work arrays, made once, where on a batch's stack the
	// kernels' function values moved them to a new heap object a batch.
	sumP, sumE [lane.WideLanes]float64
	// fin holds a batch's levels (level l of the i-th open box at
	// i*maxLevels+l), where their values lie for the batch's needs, and
	// the levels each roll takes: every level of a box done densely,
	// those above 0 of the others, whose 0s make the base. rolls is the
	// set of boxes done densely (a bit a box) that fin.Rolls was built
	// for, when it is current. built[:nbuilt] are the lists made so far
	// for the open boxes of states whose filled boxes are filled, one for
	// each set of dense boxes their batches met: the states of one set of
	// open boxes, solved one after another, mostly share a few.
	fin     lane.NearFinals[T]
	stage   *lane.NearStage[T] // where the float32 turns lay out fin's levels
	used    []uint16           // the levels of the open boxes
	zeros   []uint16           // the level of each open box's 0 (of one without, its first)
	rolls   uint32
	current bool
	built   []rollLists
	nbuilt  int
	filled  uint32
	// scoring[r] is the set of open boxes (a bit each) where roll r
	// scores another level than the box's 0, levels[r][i] the level roll
	// r takes in open box i (at i*maxLevels+l); opened says that open,
	// zeros, used, scoring and levels are those of filled's open boxes.
	scoring [engine.NumRolls]uint32
	levels  [engine.NumRolls][32]uint16
	opened  bool
	// baseP and baseE are the near choice between the boxes' 0s that the
	// other levels outdo, which every roll may count.
	baseP, baseE [lane.Lanes]T
	// With decide, a batch also notes its choices: box[r][j], the box
	// final roll r is written in for the j-th need, and keep[j-1][r][l],
	// with j rerolls left, the keep of roll r for the l-th need
	// (policy.WriteNow, or its place among the roll's sub-keeps); own
	// holds the keeps' values before BestKeepsNear.
	decide bool
	// wp and we are the float32 turns' two batches at once (batchWide),
	// where the CPU has the WideTurn kernels and wideTurns is set; wide
	// is where their levels are laid out, wideP and wideE their bases.
	wp, we       *lane.WideTurn
	wide         *lane.WideStage
	wideP, wideE [lane.WideLanes]float32
	box          [engine.NumRolls][lane.Lanes]uint8
	keep         [policy.MaxRolls - 1][engine.NumRolls][lane.Lanes]uint8
	ownP, ownE   lane.NearKeeps[T]
	// alikeE lists a lane's keeps by their own points expected (ownE),
	// where keeps finds those of a roll's choice.
	alikeE keepsByValue
	// With packed, a batch plays needs, one a lane, rather than eight
	// needs in a row: each option's values are gathered from its window
	// into gathered (level k's at 2k and 2k+1, a five-alike roll's i-th
	// way's past the levels), so that a state's needs that are reached,
	// however far apart, fill the lanes.
	packed bool
	needs  [lane.Lanes]int
	// noted is how many lanes, from the first, a batch with decide
	// notes the choices of: those of needs, the rest repeating the last.
	noted    int
	gathered [][lane.Lanes]T
}

// gatheredRows is how many rows a packed batch gathers into at most: two
// for each level of the open boxes and for each way of writing a
// five-alike roll.
const gatheredRows = 2 * (32*maxLevels + 32)

// rows returns where option o's values lie for the batch's needs, o the
// k-th of the batch's rows: from..from+7, followed by width-8 more
// (window.rows), or, packed, w.needs, gathered.
func (w *lanes[T]) rows(o *option, from, width, k int) (p, e *[lane.Lanes]T) {
	win := &w.wins[o.win]
	if !w.packed {
		return win.rows(from-o.points, width)
	}
	p, e = &w.gathered[2*k], &w.gathered[2*k+1]
	for j, n := range w.needs {
		i := n - o.points - win.lo
		p[j], e[j] = win.p[i], win.e[i]
	}
	return p, e
}

// get returns a goroutine's work arrays, to be put back.
func (t *turn[T]) get() *lanes[T] { return t.pool.Get().(*lanes[T]) }

// collect sets w's options to the ways of ending the turn of state s,
// valued by next (their windows still empty), and returns the needs
// start..end that may differ from both a certainty worth the
// expected-value optimum and an impossibility: below start every way of
// writing every roll leads to a need met for certain, from end on to a
// need out of reach.
func (t *turn[T]) collect(s engine.State, next chances, w *lanes[T]) (start, end int) {
	g := t.g
	w.special, w.states, w.tots = w.special[:0], w.states[:0], w.tots[:0]
	w.current = false
	if !w.opened || w.filled != s.Filled {
		// the lists kept are of other open boxes
		w.filled, w.nbuilt, w.opened = s.Filled, 0, true
		t.opens(s, w)
	}
	clear(w.at)
	layout := statespace.NewLayout(g)
	start, end = math.MaxInt, math.MinInt
	add := func(after engine.State, points, box int) option {
		i := layout.Index(after)
		k, ok := w.at[i]
		lo, hi := next.span(after)
		if !ok {
			k = len(w.states)
			w.at[i] = k
			w.states = append(w.states, after)
			w.tots = append(w.tots, [2]int{points, points})
		}
		w.tots[k] = [2]int{min(w.tots[k][0], points), max(w.tots[k][1], points)}
		start, end = min(start, lo+points), max(end, hi+points)
		return option{win: k, points: points, box: box}
	}
	for i, c := range w.open {
		for l, pts := range t.levels[c] {
			bonus, after := g.Move(s, c, pts)
			w.next[i][l] = add(after, pts+bonus, c)
		}
	}
	for r := range w.alike {
		w.alike[r] = w.alike[r][:0]
	}
	if x := g.Extra; x != nil && !s.Open(x.Box) {
		var buf [32]engine.Placement
		for r := range engine.NumRolls {
			if g.Special(s, r) {
				w.special = append(w.special, r)
				for _, pl := range g.Placements(s, r, buf[:0]) {
					w.alike[r] = append(w.alike[r], add(pl.Next, pl.Total(), pl.Category))
				}
			}
		}
	}
	// The ways of writing the five-alike rolls take the levels past the
	// open boxes', one after another, where they fit.
	w.ways = w.ways[:0]
	if len(w.special) > 0 && w.wide != nil {
		k := len(w.open) * maxLevels
		for _, r := range w.special {
			for range w.alike[r] {
				w.ways = append(w.ways, uint16(k))
				k++
			}
		}
		if k > len(w.fin.First) {
			w.ways = w.ways[:0]
		}
	}
	return max(start, 1), max(end, 1)
}

// opens sets what w holds of the open boxes of s, the same for every
// state whose filled boxes are s's: open, zeros, used, scoring and
// levels.
func (t *turn[T]) opens(s engine.State, w *lanes[T]) {
	w.open, w.used, w.zeros = w.open[:0], w.used[:0], w.zeros[:0]
	w.scoring = [engine.NumRolls]uint32{}
	for c := range t.g.Categories {
		if !s.Open(c) {
			continue
		}
		i := len(w.open)
		w.open = append(w.open, c)
		w.zeros = append(w.zeros, uint16(i*maxLevels+max(t.zero[c], 0)))
		for r := range engine.NumRolls {
			w.levels[r][i] = uint16(i*maxLevels + int(t.level[c][r]))
			if int(t.level[c][r]) != t.zero[c] {
				w.scoring[r] |= 1 << i
			}
		}
		for l := range t.levels[c] {
			w.used = append(w.used, uint16(i*maxLevels+l))
		}
	}
}

// prepare decodes the windows of the options collect set, for batches of
// needs from..to-1.
func (t *turn[T]) prepare(next chances, from, to int, w *lanes[T]) {
	size := 0
	for _, tot := range w.tots {
		size += to - tot[0] - (from - tot[1])
	}
	if cap(w.buf) < 2*size {
		w.buf = make([]T, 2*size)
	}
	buf := w.buf[:2*size]
	w.wins = w.wins[:0]
	for k, s := range w.states {
		// Batch b reads needs b-points..b-points+7 of the state: the
		// first batch with the most points, the last with the least.
		lo := from - w.tots[k][1]
		n := to - w.tots[k][0] - lo
		win := window[T]{lo: lo, p: buf[:n:n], e: buf[n : 2*n : 2*n]}
		buf = buf[2*n:]
		w.wins = append(w.wins, win)
		// The every-target table's float32 turns take the rows of the
		// layer they lead to as it holds them.
		if l, ok := next.(*layer); ok {
			if r := l.values(s); r != nil {
				if p, ok := any(win.p).([]float32); ok {
					r.window(lo, p, any(win.e).([]float32))
					continue
				}
			}
		}
		// float64 turns (the exact solve) take the values as they are,
		// float32 ones through w.dec, rounded.
		if p, ok := any(win.p).([]float64); ok {
			next.decode(s, lo, p, any(win.e).([]float64))
			continue
		}
		if cap(w.dec) < 2*n {
			w.dec = make([]float64, 2*n)
		}
		p, e := w.dec[:n], w.dec[n:2*n]
		next.decode(s, lo, p, e)
		for i := range n {
			win.p[i], win.e[i] = T(p[i]), T(e[i])
		}
	}
}

// final sets the final rolls' values (w.p.Now, w.e.Now) for needs
// from..from+7: each roll written where the chance is largest, and of
// the boxes near it, where the most points are expected, all at once.
// Boxes are tried in sheet order, as Placements lists them.
func (t *turn[T]) final(from int, w *lanes[T]) {
	f := &w.fin
	t.point(from, lane.Lanes, w)
	at := inFinals
	if w.stage != nil && f.Stage(w.stage, w.used) {
		at = inStage
	}
	dense := t.dense(w, at)
	f.BaseFirst, f.BaseSecond = &w.baseP, &w.baseE
	if !w.current || w.rolls != dense {
		t.lists(w, dense)
	}
	if at == inStage {
		f.FinalStaged(w.stage, &w.p.Now, &w.e.Now, &w.bar, tolerance[T]())
	} else {
		f.Final(&w.p.Now, &w.e.Now, &w.bar, tolerance[T]())
	}
	for _, r := range w.special {
		w.alikes(w.alike[r], from, &w.p.Now[r], &w.e.Now[r], &w.box[r])
	}
	if w.decide {
		t.boxes(w)
	}
}

// finalWide is final for two batches at once, needs from..from+15, in
// the sixteen lanes of w.wp.Now and w.we.Now (a float32 turn's, where
// wideTurns is set): the levels laid out in w.wide, each from the row
// of its first batch's needs on, which the second batch's follow, and
// the boxes done densely those of both, so that every lane chooses as
// final does.
func (t *turn[T]) finalWide(from int, w *lanes[T]) {
	f := &w.fin
	t.point(from, lane.WideLanes, w)
	if len(w.ways) > 0 {
		// the five-alike rolls' ways at their levels, as point points the
		// boxes' (only here: final weighs them in alikes)
		i := 0
		for _, r := range w.special {
			for _, o := range w.alike[r] {
				k := w.ways[i]
				f.First[k], f.Second[k] = w.wins[o.win].rows(from-o.points, lane.WideLanes)
				f.Add[k] = T(o.points)
				i++
			}
		}
	}
	f.StageWide(w.wide, w.used)
	f.StageWide(w.wide, w.ways)
	dense := t.dense(w, inWide)
	if !w.current || w.rolls != dense {
		t.lists(w, dense)
	}
	f.FinalWide(w.wide, &w.wp.Now, &w.we.Now, &w.wideP, &w.wideE, Tolerance32)
	if len(w.ways) > 0 {
		// laid out with the boxes' levels: chosen between in sixteen
		// lanes, as alikes chooses in eight
		ways := w.ways
		for _, r := range w.special {
			n := len(w.alike[r])
			w.wide.Choose(ways[:n], &w.wp.Now[r], &w.we.Now[r], Tolerance32)
			ways = ways[n:]
		}
		return
	}
	for h := range 2 {
		for _, r := range w.special {
			p, e := any(w.wp.Now.Half(r, h)).(*[lane.Lanes]T), any(w.we.Now.Half(r, h)).(*[lane.Lanes]T)
			w.alikes(w.alike[r], from+h*lane.Lanes, p, e, &w.box[r])
		}
	}
}

// point points w.fin's levels at their values for needs from..from+7,
// followed by width-8 more (see window.rows).
func (t *turn[T]) point(from, width int, w *lanes[T]) {
	f := &w.fin
	for i, c := range w.open {
		for l := range t.levels[c] {
			o, k := &w.next[i][l], i*maxLevels+l
			f.First[k], f.Second[k] = w.rows(o, from, width, k)
			f.Add[k] = T(o.points)
		}
	}
}

// laidOut says where a batch's levels are read from: w.fin's pointers,
// the rows Stage laid them out in (w.stage), or StageWide's (w.wide).
type laidOut int

const (
	inFinals laidOut = iota
	inStage
	inWide
)

// dense returns the open boxes done densely (a bit a box), and sets
// the base made of the others: w.baseP and w.baseE, or, of the levels
// laid out in w.wide, w.wideP and w.wideE (Base); at says where the
// levels are read from.
//
// A box whose other levels outdo its 0 in every lane, chance and points
// alike, counts its 0 for every roll (base), which changes no roll's
// choice, and takes only the rolls that score more, where the boxes' 0s
// near base's chance are all at it, so that for each roll either all are
// near its best or none: a box whose 0 is near base's but not at it takes
// every roll, as a box not outdone does, and base is made of the others.
// So every set of boxes done densely that holds those gives a roll the
// same values, and two batches may take the boxes that either does.
func (t *turn[T]) dense(w *lanes[T], at laidOut) (dense uint32) {
	for i, c := range w.open {
		if !t.outdone(i, c, w, at) {
			dense |= 1 << i
		}
	}
	// The boxes whose 0 is near base's chance but not at it are done
	// densely too, and base is made again of the others, until none is.
	for {
		var off uint32
		if at == inWide {
			off = w.wide.Base(w.zeros, dense, Tolerance32, &w.wideP, &w.wideE)
		} else {
			off = t.base(w, dense)
		}
		if off == 0 {
			return dense
		}
		dense |= off
	}
}

// rollLists are the levels that each roll takes (NearFinals' Rolls and
// Starts) for the set of open boxes done densely dense.
type rollLists struct {
	dense  uint32
	rolls  []uint16
	starts [engine.NumRolls + 1]uint16
}

// maxBuilt is the most lists kept for one set of open boxes.
const maxBuilt = 32

// lists sets w.fin's rolls' levels for the open boxes done densely in
// dense (a bit a box) and the others above their 0s, in sheet order:
// the lists kept for dense and these open boxes when a batch made them,
// else made now (and kept, for up to maxBuilt sets of boxes).
func (t *turn[T]) lists(w *lanes[T], dense uint32) {
	f := &w.fin
	w.rolls, w.current = dense, true
	for i := range w.nbuilt {
		if b := &w.built[i]; b.dense == dense {
			f.Rolls, f.Starts = b.rolls, b.starts
			return
		}
	}
	if w.nbuilt == len(w.built) {
		if w.nbuilt == maxBuilt {
			w.nbuilt = 0 // start again: the oldest make way
		} else {
			w.built = append(w.built, rollLists{})
		}
	}
	b := &w.built[w.nbuilt]
	w.nbuilt++
	// at most a level of each open box a roll, written in place
	b.dense, b.rolls = dense, slices.Grow(b.rolls[:0], engine.NumRolls*len(w.open))[:engine.NumRolls*len(w.open)]
	n := 0
	for r := range engine.NumRolls {
		b.starts[r] = uint16(n)
		levels := &w.levels[r]
		for m := w.scoring[r] | dense; m != 0; m &= m - 1 {
			b.rolls[n] = levels[bits.TrailingZeros32(m)]
			n++
		}
	}
	b.rolls = b.rolls[:n]
	b.starts[engine.NumRolls] = uint16(n)
	f.Rolls, f.Starts = b.rolls, b.starts
}

// base sets w.baseP to the largest chance of the 0s in base (the open
// boxes not in dense), lane by lane, and w.baseE to the most points
// expected of those whose chance is base's, and returns the boxes of
// base whose 0 is near base's chance but not at it.
func (t *turn[T]) base(w *lanes[T], dense uint32) (off uint32) {
	f := &w.fin
	w.baseP, w.baseE = [lane.Lanes]T{}, [lane.Lanes]T{}
	for i, k := range w.zeros {
		if dense&(1<<i) == 0 {
			z := f.First[k]
			for j := range lane.Lanes {
				w.baseP[j] = max(w.baseP[j], z[j])
			}
		}
	}
	for i, k := range w.zeros {
		if dense&(1<<i) != 0 {
			continue
		}
		p, e, a := f.First[k], f.Second[k], f.Add[k]
		for j := range lane.Lanes {
			switch {
			case p[j] == w.baseP[j]:
				w.baseE[j] = max(w.baseE[j], e[j]+a)
			case near(p[j], w.baseP[j]):
				off |= 1 << i
			}
		}
	}
	return off
}

// outdone reports whether every level of open box i, c, is in every lane
// at least as likely as its 0 and expects at least as many points: then
// writing 0 there may count for every roll, read where at says.
func (t *turn[T]) outdone(i, c int, w *lanes[T], at laidOut) bool {
	z := t.zero[c]
	if z < 0 {
		return false
	}
	f, base := &w.fin, i*maxLevels
	switch at {
	case inWide:
		return w.wide.Outdone(base+z, base, len(t.levels[c]))
	case inStage:
		return w.stage.Outdone(base+z, base, len(t.levels[c]))
	}
	zp, ze, za := f.First[base+z], f.Second[base+z], f.Add[base+z]
	for l := range t.levels[c] {
		p, e, a := f.First[base+l], f.Second[base+l], f.Add[base+l]
		for j := range lane.Lanes {
			if p[j] < zp[j] || e[j]+a < ze[j]+za {
				return false
			}
		}
	}
	return true
}

// alikes sets p, e and box to the choice between options os (a five
// alike roll's ways of being written) for needs from..from+7, lane by
// lane: of the options near the largest chance, the first with the most
// points expected, and the value of the choice: that largest chance, the
// option's points and box.
func (w *lanes[T]) alikes(os []option, from int, p, e *[lane.Lanes]T, box *[lane.Lanes]uint8) {
	var ps, es [32]*[lane.Lanes]T
	for i := range os {
		ps[i], es[i] = w.rows(&os[i], from, lane.Lanes, 32*maxLevels+i)
	}
	var best [lane.Lanes]T
	for i := range os {
		for j, x := range ps[i] {
			best[j] = max(best[j], x)
		}
	}
	var most [lane.Lanes]T
	var c [lane.Lanes]int
	for j := range c {
		c[j] = -1
	}
	for i, o := range os {
		for j, x := range ps[i] {
			if y := es[i][j] + T(o.points); near(x, best[j]) && (c[j] < 0 || y > most[j]) {
				c[j], most[j] = i, y
			}
		}
	}
	for j := range c {
		box[j] = uint8(os[c[j]].box)
	}
	*p, *e = best, most
}

// boxes notes in w.box the box each final roll that the plain rules
// place is written in, lane by lane: the first in sheet order near the
// largest chance with the most points expected.
func (t *turn[T]) boxes(w *lanes[T]) {
	special := [engine.NumRolls]bool{}
	for _, r := range w.special {
		special[r] = true
	}
	for r := range engine.NumRolls {
		if special[r] {
			continue
		}
		for j := range w.noted {
			for i, c := range w.open {
				k := i*maxLevels + int(t.level[c][r])
				if w.fin.First[k][j] >= w.bar[r][j] && w.fin.Second[k][j]+w.fin.Add[k] == w.e.Now[r][j] {
					w.box[r][j] = uint8(c)
					break
				}
			}
		}
	}
}

// keeps notes in w.keep[j-1], for j rerolls left, each roll's choice
// between writing it now and its proper sub-keeps, lane by lane, as
// BestKeepsNear made it (w.p.Keeps, w.e.Keeps): writing now first, then
// the largest keeps, the first whose points expected are the choice's
// and whose chance is near its chance; failing that (where chances
// within the turn's tolerance but unequal chain), of the options whose
// points are the choice's, the one with the largest chance, the first
// on a tie: the chain's own element is among them, and no unrelated
// option that happens to expect the same points with a far lower chance
// is taken.
//
// Only the keeps whose points are the choice's to the bit can be it: a
// lane's keeps are listed by their points (keepsByValue), and a roll
// looks at those with its choice's points alone, the largest first, as
// its sub-keeps come.
func (t *turn[T]) keeps(w *lanes[T], j int) {
	keep := &w.keep[j-1]
	rp, re := w.p.Keeps.Rolls(), w.e.Keeps.Rolls()
	by := &w.alikeE
	for l := range w.noted {
		by.reset()
		for k := range engine.FirstRollKeep {
			by.add(k, float64(w.ownE[k][l]))
		}
		for r := range engine.NumRolls {
			best, most := rp[r][l], re[r][l]
			k, chain := -1, -1
			var chainP T
			if w.e.Now[r][l] == most {
				chain, chainP = policy.WriteNow, w.p.Now[r][l]
				if near(chainP, best) {
					k = policy.WriteNow
				}
			}
			for sub := by.first(float64(most)); k < 0 && sub >= 0; sub = by.next(sub) {
				i := int(t.sub[r][sub])
				if i == notSub || w.ownE[sub][l] != most {
					continue
				}
				p := w.ownP[sub][l]
				if chain < 0 || p > chainP {
					chain, chainP = i, p
				}
				if near(p, best) {
					k = i
				}
			}
			if k < 0 {
				k = chain
			}
			keep[r][l] = uint8(k)
		}
	}
}

// keepsByValue lists keeps by a value of theirs, to find those of one
// value without looking at the others: a hash table of chains, each
// chain the largest keep first.
type keepsByValue struct {
	head [keepBuckets]int16          // 1 + a bucket's first keep, 0 for none
	link [engine.FirstRollKeep]int16 // 1 + the keep after, 0 for none
}

// keepBuckets is how many buckets keepsByValue hashes into, 1 <<
// keepBucketBits: twice the keeps and more, so that a chain holds about
// one keep.
const (
	keepBucketBits = 9
	keepBuckets    = 1 << keepBucketBits
)

// reset empties b.
func (b *keepsByValue) reset() { clear(b.head[:]) }

// add lists keep k, larger than those listed, with value v.
func (b *keepsByValue) add(k int, v float64) {
	h := bucket(v)
	b.link[k], b.head[h] = b.head[h], int16(k+1)
}

// first returns the largest keep listed whose value may be v (-1 for
// none), the others following by next: the keeps of v and some of other
// values, which the caller tells apart.
func (b *keepsByValue) first(v float64) int { return int(b.head[bucket(v)]) - 1 }

// next returns the keep listed after k in its chain, -1 past the last.
func (b *keepsByValue) next(k int) int { return int(b.link[k]) - 1 }

// bucket returns the bucket of value v: the same for values equal by ==
// (both zeros).
func bucket(v float64) int {
	if v == 0 {
		v = 0 // -0 and +0 alike
	}
	x := math.Float64bits(v)
	x ^= x >> 29
	return int((x * 0x9e3779b97f4a7c15) >> (64 - keepBucketBits))
}

// mean sets the keeps' rows of w.p and w.e to their means over the rolls,
// the rolls valued as written now (MeanNow) with first, else as the
// rolls' rows hold them.
func (w *lanes[T]) mean(first bool) {
	if first {
		w.p.MeanNow(&w.e)
		return
	}
	w.p.KeepValues(&w.e)
}

// best sets each roll's rows of w.p.Keeps and w.e.Keeps, whose keep rows
// hold the keeps' values with j rerolls left, to the roll's choice
// between writing it now and its proper sub-keeps, noting it with
// w.decide.
func (t *turn[T]) best(w *lanes[T], j int) {
	if w.decide {
		w.ownP, w.ownE = w.p.Keeps, w.e.Keeps
	}
	w.p.BestKeepsNear(&w.e, tolerance[T]())
	if w.decide {
		t.keeps(w, j)
	}
}

// batch returns the values of the prepared state for needs
// from..from+7: the final rolls, then a keep pass for each reroll, then
// the mean over the first roll.
func (t *turn[T]) batch(from int, w *lanes[T]) (out [lane.Lanes]Chance) {
	t.final(from, w)
	rp, re := &w.p.Now, &w.e.Now
	for j := 1; j < t.g.Rolls; j++ {
		w.mean(j == 1)
		t.best(w, j)
		rp, re = w.p.Keeps.Rolls(), w.e.Keeps.Rolls()
	}
	p, e := (*[lane.Lanes]float64)(w.sumP[:]), (*[lane.Lanes]float64)(w.sumE[:])
	rp.Expect(p)
	re.Expect(e)
	for j := range out {
		out[j] = Chance{p[j], e[j]}
	}
	return out
}

// wideTurns is whether the float32 turns play two batches at once
// (batchWide): where the CPU runs the WideTurn kernels. The tests clear
// it to compare the tables of both ways.
var wideTurns = lane.HasWide()

// batchWide returns the values of the prepared state for needs
// from..from+15, those of batch for from and from+8 to the same bits:
// each batch's final rolls, then both batches' keep passes and means
// over the first roll at once, in sixteen lanes (w.wp, w.we). Only for a
// float32 turn's lanes with a WideTurn, without decide.
func (t *turn[T]) batchWide(from int, w *lanes[T]) (out [lane.WideLanes]Chance) {
	t.finalWide(from, w)
	rp, re := &w.wp.Now, &w.we.Now
	for j := 1; j < t.g.Rolls; j++ {
		if j == 1 {
			w.wp.MeanNow(w.we)
		} else {
			w.wp.KeepValues(w.we)
		}
		w.wp.BestKeepsNear(w.we, Tolerance32)
		rp, re = w.wp.Keeps.Rolls(), w.we.Keeps.Rolls()
	}
	p, e := &w.sumP, &w.sumE
	rp.Expect(re, p, e)
	for j := range out {
		out[j] = Chance{p[j], e[j]}
	}
	return out
}
