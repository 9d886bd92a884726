package school

import (
	"slices"
	"sort"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/workers"
	"dicepoker/scores"
)

// Distribution computes the exact distribution of the final score of
// one-column school game g (the full sheet or a subset of its rows) when
// every turn is played as Turn plays it with the values next, which must
// value alike the states that the layout does not tell apart: with an
// exact table's values, the optimal player's. It carries the probability
// of every total so far forward through the states between turns that
// the player reaches (scores.Carry), each turn's outcomes worked out
// exactly, the turns of lanes.Lanes states searched side by side. The
// result does not depend on o.Threads; o.Progress counts turns.
func Distribution(g *engine.Game, next Values, o scores.Options) (*scores.Distribution, error) {
	l, err := NewLayout(g)
	if err != nil {
		return nil, err
	}
	k := NewKernel(g)
	values := l.values(g, next)
	works := make([]*turnWork, workers.Threads(o.Threads))
	start := g.NewSchoolState()
	d := &scores.Distribution{Game: g}
	d.Scores, d.States = scores.Carry(l.Index(&start), l.Size(), g.Turns(), func(w int, is []int, arcs [][]scores.Arc, store []scores.Arc) []scores.Arc {
		if works[w] == nil {
			works[w] = k.newTurnWork()
		}
		return k.outcomes(l, is, values, works[w], arcs, store)
	}, o)
	return d, nil
}

// values returns the value next gives each index of l.
func (l *Layout) values(g *engine.Game, next Values) []float64 {
	values := make([]float64, l.size)
	for m := range l.offset {
		for r := range l.cap[m] + 1 {
			for slot := range l.slots(m) {
				values[l.at(m, r, slot)] = next(l.State(g, m, r, slot))
			}
		}
	}
	return values
}

// turnWork is the work space of outcomes.
type turnWork struct {
	search *scratch
	// firsts[left] holds, after a search, each roll's best proper keep
	// with left rerolls to go (left >= 1) in every lane: the first of the
	// best in engine.SubKeeps order, as Turn takes it (lane.bestKeep).
	firsts []lanes.LaneKeeps
	// cache holds the writes of the filled sets of recent states, one
	// of them for each lane at most; nil for one not made yet.
	cache [lanes.Lanes]*moves
	// writes are a state's legal writes, row by row: for a School row by
	// the count of its face, for a combination row the cross, then each
	// level's stale score, then each level's fresh one; mass[i] is the
	// probability that the turn ends with writes[i].
	writes []write
	mass   []float64
	// written[f][c*lanes.Levels+l] is the position in writes of the
	// write Turn makes of a roll, fresh (f = 1) or not, at level l of
	// open row c (chosen's codes), as Kernel.write picks it: in a
	// combination row the score, or the cross where it is worth more.
	written [2][engine.MaxSchoolRows * lanes.Levels]int32
	out     []scores.Arc // the arcs before they are merged
	// chosen[f][r] holds, after a search, the row and level (row c's
	// level l as c*lanes.Levels + l, codes[c][l]) of the write that roll
	// r takes in every lane, fresh (f = 1) or not: the first row in
	// sheet order that the search values most (rows, the boxes of the
	// rows open in some lane, and best, their maxima, chooseWrites's
	// scratch).
	chosen [2]lanes.LaneRolls
	codes  [engine.MaxSchoolRows][lanes.Levels]float64
	rows   []int
	boxes  []lanes.LevelBox
	best   lanes.LaneRolls
	// flow holds followDice's rows: first the stale dice as Spread takes
	// them (stale: each keep's mass, then the rolls'), then where the
	// turn ends, ends[f][r] for roll r written fresh (f = 1) or not, in
	// every lane (endRow). fresh holds the fresh dice's rolls, and to,
	// for each roll, the row of flow its mass goes to: its keep's or its
	// end's.
	flow  [][lanes.Lanes]float64
	stale *lanes.LaneKeeps
	ends  [2]*lanes.LaneRolls
	fresh lanes.LaneRolls
	to    lanes.LaneRolls
}

// write is one of a state's writes: the next state's index, the points
// and its value to the turn.
type write struct {
	next, points int
	value        float64
}

// newTurnWork returns the work space of outcomes for k's game.
func (k *Kernel) newTurnWork() *turnWork {
	w := &turnWork{search: k.newScratch(), firsts: make([]lanes.LaneKeeps, k.g.Rolls),
		flow: make([][lanes.Lanes]float64, endRow(2, 0))}
	w.stale = (*lanes.LaneKeeps)(w.flow)
	for f := range w.ends {
		w.ends[f] = (*lanes.LaneRolls)(w.flow[endRow(f, 0):])
	}
	for c := range w.codes {
		for l := range w.codes[c] {
			w.codes[c][l] = float64(c*lanes.Levels + l)
		}
	}
	return w
}

// movesFor returns the writes of filled set m, made in w's cache unless
// they are there, where the ones in use are kept.
func (w *turnWork) movesFor(l *Layout, k *Kernel, m int, inUse *[lanes.Lanes]*moves) *moves {
	free := -1
	for i, t := range w.cache {
		switch {
		case t != nil && t.m == m:
			return t
		case free < 0 && (t == nil || !slices.Contains(inUse[:], t)):
			free = i
		}
	}
	if w.cache[free] == nil {
		w.cache[free] = &moves{}
	}
	l.movesOf(k.g, k, m, w.cache[free])
	return w.cache[free]
}

// outcomes sets arcs[j] to the ways the turn of the state with index
// is[j] ends when Turn plays it with the values of the sheets after it
// (by index in values), with their exact probabilities, which sum to 1:
// one arc for each distinct next state and points, ordered by the next
// state's index, then by points. The arcs are appended to store, which
// it returns. It follows the dice through the turn's rolls as Turn
// decides them, ties broken as Turn breaks them, keeping apart the dice
// of a fresh roll of all five. The states, at most lanes.Lanes of them,
// are searched side by side.
func (k *Kernel) outcomes(l *Layout, is []int, values []float64, w *turnWork, arcs [][]scores.Arc, store []scores.Arc) []scores.Arc {
	var ts [lanes.Lanes]*moves
	var pos [lanes.Lanes]int
	for j := range ts {
		i := is[min(j, len(is)-1)]
		m := sort.Search(len(l.offset), func(m int) bool { return l.offset[m] > i }) - 1
		ts[j], pos[j] = w.movesFor(l, k, m, &ts), i-l.offset[m]
	}
	k.searchAt(&ts, &pos, values, w.search)
	for left := 1; left < k.g.Rolls; left++ {
		w.search.best[left].FirstBest(&w.firsts[left])
	}
	k.chooseWrites(&ts, w)
	k.followDice(w)
	for j := range is {
		at := len(store)
		store = k.laneOutcomes(ts[j], pos[j], values, j, w, store)
		arcs[j] = store[at:len(store):len(store)]
	}
	return store
}

// laneOutcomes appends to store the outcomes of the turn of the state at
// position p of the filled set whose writes are t, searched in lane j
// (its dice followed by followDice), and returns it.
func (k *Kernel) laneOutcomes(t *moves, p int, values []float64, j int, w *turnWork, store []scores.Arc) []scores.Arc {
	k.listWrites(t, p, values, w)
	for f := range w.ends {
		ends, chosen, written := w.ends[f], &w.chosen[f], &w.written[f]
		for r := range ends {
			if q := ends[r][j]; q != 0 {
				w.mass[written[int(chosen[r][j])]] += q
			}
		}
	}
	return w.appendArcs(store)
}

// followDice follows the dice of every lane's turn through its rolls as
// Turn decides them, from the search in w.search, and sets w.ends to the
// probability that the turn ends writing each roll, fresh or not. The
// dice from a roll of all five (the first roll, or a reroll of keep 0)
// are kept apart from those that kept some: each roll held is worth the
// best of writing it and of its best proper keep, fresh or not, and
// rerolls only when the keep is worth more (w.firsts, the first of the
// best). The mass of each roll goes to its keep or, written, to its end
// (AddToRows into w.flow), the kept dice are rolled (Spread), and those
// of keep 0 afresh.
func (k *Kernel) followDice(w *turnWork) {
	search, stale, fresh := w.search, w.stale, &w.fresh
	clear(w.flow)
	*fresh = lanes.LaneRollProbs
	for left := k.g.Rolls - 1; left > 0; left-- {
		firsts := w.firsts[left].Rolls()
		// The first roll is fresh: nothing is stale before it.
		dice := [2]*lanes.LaneRolls{nil, fresh}
		holds := [2]*lanes.LaneRolls{nil, search.best[left].Rolls()}
		if left < k.g.Rolls-1 {
			dice[0], holds[0] = stale.Rolls(), search.keeps[left+1].Rolls()
		}
		writes := [2]*lanes.LaneRolls{search.finals.Stale, search.finals.Fresh}
		for f := range dice {
			if dice[f] == nil {
				continue
			}
			w.to.Choose(holds[f], writes[f], firsts, &endRows()[f])
			dice[f].AddToRows(w.flow, &w.to)
		}
		// Every keep rolls its dice, stale but keep 0's, which rolls all
		// five afresh.
		all := stale[0]
		for r := range fresh {
			// The lanes spelled out, each row's address taken once.
			f, p := &fresh[r], &lanes.LaneRollProbs[r]
			f[0], f[1], f[2], f[3] = all[0]*p[0], all[1]*p[1], all[2]*p[2], all[3]*p[3]
			f[4], f[5], f[6], f[7] = all[4]*p[4], all[5]*p[5], all[6]*p[6], all[7]*p[7]
		}
		stale[0] = [lanes.Lanes]float64{}
		*stale.Rolls() = lanes.LaneRolls{}
		stale.Spread()
		clear(stale[:engine.FirstRollKeep])
	}
	for f, dice := range [2]*lanes.LaneRolls{stale.Rolls(), fresh} {
		ends := w.ends[f]
		for r := range dice {
			e, d := &ends[r], &dice[r]
			e[0], e[1], e[2], e[3] = e[0]+d[0], e[1]+d[1], e[2]+d[2], e[3]+d[3]
			e[4], e[5], e[6], e[7] = e[4]+d[4], e[5]+d[5], e[6]+d[6], e[7]+d[7]
		}
	}
}

// keepRows is how many rows a lanes.LaneKeeps has, its keeps' and its
// rolls' and the padding after them.
const keepRows = len(lanes.LaneKeeps{})

// endRow is the row of turnWork.flow where roll r, fresh (f = 1) or not,
// written, ends the turn.
func endRow(f, r int) int { return keepRows + f*engine.NumRolls + r }

// endRows returns rows whose [f] holds endRow(f, r) in every lane of
// each roll r's row, for lanes.LaneRolls.Choose: made on first use, not
// at every start of the program (32 KiB, a quarter of a millisecond).
var endRows = sync.OnceValue(func() *[2]lanes.LaneRolls {
	rows := new([2]lanes.LaneRolls)
	for f := range rows {
		for r := range rows[f] {
			for j := range rows[f][r] {
				rows[f][r][j] = float64(endRow(f, r))
			}
		}
	}
	return rows
})

// chooseWrites sets w.chosen to the write that each roll takes, fresh or
// not, in every lane of the search in w.search of states whose writes
// are ts: the rows open in some lane in sheet order, each roll's value
// its largest (which are the search's finals), the first row that gives
// it kept (MaxByBoxesChoosing). A row closed in a lane is -Inf there.
func (k *Kernel) chooseWrites(ts *[lanes.Lanes]*moves, w *turnWork) {
	w.rows, w.boxes = w.rows[:0], w.boxes[:0]
	for c, cat := range k.g.Categories {
		open := false
		for _, t := range ts {
			open = open || t.row[c] >= 0
		}
		if !open {
			continue
		}
		level := &k.level[c]
		if cat.School {
			level = &k.count[c]
		}
		w.rows = append(w.rows, c)
		w.boxes = append(w.boxes, lanes.LevelBox{Level: level, Totals: &w.search.rows[c].stale, Choices: &w.codes[c]})
	}
	w.best.MaxByBoxesChoosing(w.boxes, &w.chosen[0])
	for i, c := range w.rows {
		w.boxes[i].Totals = &w.search.rows[c].fresh
	}
	w.best.MaxByBoxesChoosing(w.boxes, &w.chosen[1])
}

// listWrites lists in w every legal write of the state at position p of
// the filled set whose writes are t, whatever the dice, with its value to
// the turn.
func (k *Kernel) listWrites(t *moves, p int, values []float64, w *turnWork) {
	w.writes, w.mass = w.writes[:0], w.mass[:0]
	reserve, slot := p/t.slots, p%t.slots
	var v [2*lanes.Levels + 1]float64
	for c := range k.g.Categories {
		if t.row[c] < 0 {
			continue
		}
		r := &t.rows[t.row[c]]
		id, at := int32(len(w.writes)), c*lanes.Levels
		r.values(reserve, slot, values, v[:])
		e := r.at(reserve, slot)
		add := func(d int) {
			next, total := r.write(e+d, reserve, slot)
			w.writes = append(w.writes, write{next: next, points: total, value: v[d]})
			w.mass = append(w.mass, 0)
		}
		if r.school {
			for n := range engine.Dice + 1 {
				w.written[0][at+n], w.written[1][at+n] = id+int32(n), id+int32(n)
				add(n)
			}
			continue
		}
		add(0)
		for _, d := range r.stale {
			add(int(d))
		}
		for _, d := range r.fresh {
			add(int(d))
		}
		levels := int32(len(r.stale))
		w.written[0][at], w.written[1][at] = id, id
		for l := int32(1); l <= levels; l++ {
			for f, score := range [2]int32{id + l, id + l + levels} {
				w.written[f][at+int(l)] = score
				if w.writes[id].value > w.writes[score].value {
					w.written[f][at+int(l)] = id
				}
			}
		}
	}
}

// appendArcs appends to store the turn's outcomes from the mass of each
// write, merging those with the same next state and points, ordered by
// next state, then points, and returns it.
func (w *turnWork) appendArcs(store []scores.Arc) []scores.Arc {
	// A stable insertion sort of the few writes that the turn ends in,
	// by one integer key.
	key := func(a *scores.Arc) int64 { return int64(a.Next)<<32 + int64(a.Points) }
	arcs := w.out[:0]
	for i, m := range w.writes {
		if w.mass[i] == 0 {
			continue
		}
		arcs = append(arcs, scores.Arc{Next: int32(m.next), Points: int32(m.points), P: w.mass[i]})
		for a := len(arcs) - 1; a > 0 && key(&arcs[a]) < key(&arcs[a-1]); a-- {
			arcs[a], arcs[a-1] = arcs[a-1], arcs[a]
		}
	}
	w.out = arcs
	start := len(store)
	for _, a := range arcs {
		if n := len(store); n > start && a.Next == store[n-1].Next && a.Points == store[n-1].Points {
			store[n-1].P += a.P
			continue
		}
		store = append(store, a)
	}
	return store
}
