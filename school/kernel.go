package school

import (
	"math"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Values gives the value of a sheet between turns: the expected sum of
// what is still to come, cells, bonuses and changes of the reserve.
type Values func(s engine.SchoolState) float64

// Kernel evaluates turns of one school game. It holds the game's scoring
// tables and is safe for concurrent use.
type Kernel struct {
	g *engine.Game
	// count[c][r] is the number of dice of row c's face in roll r, for
	// School rows.
	count [][engine.NumRolls]uint8
	// levels[c] lists, for combination row c, the points > 0 it can score
	// (not doubled); level[c][r] is the position of roll r's points in
	// levels[c] plus one, 0 when the condition fails.
	levels [][]int
	level  [][engine.NumRolls]uint8
	// scoring[c] lists the rolls whose level is not 0 in combination row
	// c, when there are at most sparseRolls of them; nil otherwise.
	scoring [][]int
}

// engine.New refuses a combination row with more point values than the
// lanes' levels tell apart after the cross (level 0); this fails to
// compile should the two limits part.
const _ = uint(lanes.Levels - 1 - engine.MaxSchoolLevels)

// NewKernel prepares the tables of school game g.
func NewKernel(g *engine.Game) *Kernel {
	n := len(g.Categories)
	k := &Kernel{g: g, count: make([][engine.NumRolls]uint8, n), levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n)}
	for c, cat := range g.Categories {
		pos := map[int]uint8{}
		for r := range engine.NumRolls {
			if cat.School {
				k.count[c][r] = uint8(engine.Roll(r).Count(cat.Face))
				continue
			}
			p := g.Score(c, r)
			if p == 0 {
				continue
			}
			if _, ok := pos[p]; !ok {
				k.levels[c] = append(k.levels[c], p)
				pos[p] = uint8(len(k.levels[c]))
			}
			k.level[c][r] = pos[p]
		}
	}
	k.scoring = make([][]int, n)
	for c, cat := range g.Categories {
		var rolls []int
		for r, l := range &k.level[c] {
			if l != 0 {
				rolls = append(rolls, r)
			}
		}
		if !cat.School && len(rolls) <= sparseRolls {
			k.scoring[c] = append([]int{}, rolls...)
		}
	}
	return k
}

// empty is a lane row of -Inf: nothing to be had.
var empty = func() (row [lanes.Lanes]float64) {
	for j := range row {
		row[j] = math.Inf(-1)
	}
	return row
}()

// laneValues holds, for each lane, the values of the sheets after its
// state's turn.
type laneValues [lanes.Lanes]Values

// finals fills w.finals: lane j gets the value of writing each final roll
// in states[j] (at most lanes.Lanes of them), fresh or not: the best legal
// write's cell, reserve change and bonuses plus the value next[j] gives the
// sheet after it. The lanes past the states are left holding values that
// mean nothing, but no NaN.
func (k *Kernel) finals(states []engine.SchoolState, next *laneValues, w *scratch) {
	k.addRows(w, func(c int) ([2]rowValues, bool) {
		// What writing in row c is worth in each lane, by the roll's
		// level there: for a School row the dice of its face (the same
		// fresh or not), for a combination row its points' level.
		cat := &k.g.Categories[c]
		open := false
		fresh, stale := &w.rows[c].fresh, &w.rows[c].stale
		for j := range states {
			if !k.g.RowOpen(&states[j], c) {
				for i := range max(engine.Dice, len(k.levels[c])) + 1 {
					fresh[i][j], stale[i][j] = empty[j], empty[j]
				}
				continue
			}
			open = true
			s, after := &states[j], next[j]
			value := func(m engine.SchoolWrite) float64 { return float64(m.Total()) + after(m.Next) }
			if cat.School {
				// Too few dice for the reserve to cover take the same
				// zero as none: valued once.
				zero := value(k.g.SchoolClose(*s, c, 0))
				for n := range engine.Dice + 1 {
					v := zero
					if engine.SchoolCloses(cat.Face, n, s.Reserve) {
						v = value(k.g.SchoolClose(*s, c, n))
					}
					fresh[n][j], stale[n][j] = v, v
				}
				continue
			}
			cross := value(k.g.SchoolScore(*s, c, 0))
			fresh[0][j], stale[0][j] = cross, cross
			// A fresh roll's doubled points are often another roll's
			// plain ones: each score is valued once. And a score no
			// higher than the row's and the column's best cells leaves
			// the same sheet whatever it is: that sheet is valued once,
			// and the scores differ only by their points.
			w.stamp++
			low := int(min(s.RowBest[c], s.ColBest[s.Fill[c]]))
			lowSheet, lowBonus := math.NaN(), 0
			score := func(points int) float64 {
				if w.scored[points] == w.stamp {
					return w.score[points]
				}
				var v float64
				switch {
				case points > low:
					v = value(k.g.SchoolScore(*s, c, points))
				case math.IsNaN(lowSheet):
					m := k.g.SchoolScore(*s, c, points)
					lowSheet, lowBonus = after(m.Next), m.Total()-points
					fallthrough
				default:
					v = float64(points+lowBonus) + lowSheet
				}
				w.scored[points], w.score[points] = w.stamp, max(cross, v)
				return w.score[points]
			}
			for i, p := range k.levels[c] {
				stale[i+1][j] = score(p)
				fresh[i+1][j] = score(k.g.School.Fresh * p)
			}
		}
		return k.byLevel(w, c), open
	})
}

// finalsAt fills w.finals as finals does for the states at positions pos
// in the filled sets whose writes are ts, lane by lane, from the values of
// the sheets after them by index.
func (k *Kernel) finalsAt(ts *[lanes.Lanes]*moves, pos *[lanes.Lanes]int, values []float64, w *scratch) {
	k.addRows(w, func(c int) ([2]rowValues, bool) {
		// A row filled in every lane is left as it is: addRows reads
		// none of it.
		open := false
		for _, t := range ts {
			open = open || t.row[c] >= 0
		}
		if !open {
			return [2]rowValues{}, false
		}
		fresh, stale := &w.rows[c].fresh, &w.rows[c].stale
		var v [2*lanes.Levels + 1]float64
		for j, p := range pos {
			t := ts[j]
			if t.row[c] < 0 {
				for i := range max(engine.Dice, len(k.levels[c])) + 1 {
					fresh[i][j], stale[i][j] = empty[j], empty[j]
				}
				continue
			}
			r := &t.rows[t.row[c]]
			r.values(p/t.slots, p%t.slots, values, v[:])
			if r.school {
				for n := range engine.Dice + 1 {
					fresh[n][j], stale[n][j] = v[n], v[n]
				}
				continue
			}
			cross := v[0]
			fresh[0][j], stale[0][j] = cross, cross
			for l := range r.stale {
				stale[l+1][j] = max(cross, v[r.stale[l]])
				fresh[l+1][j] = max(cross, v[r.fresh[l]])
			}
		}
		return k.byLevel(w, c), true
	})
}

// writes calls add with every write a turn from s may end in, as the
// turn's search values them: every School row's close with 0 to 5 dice of
// its face, every combination row's cross and its points plain and
// doubled.
func (k *Kernel) writes(s *engine.SchoolState, add func(m engine.SchoolWrite)) {
	g := k.g
	for c := range g.Categories {
		if !g.RowOpen(s, c) {
			continue
		}
		if g.Categories[c].School {
			for n := range engine.Dice + 1 {
				add(g.SchoolClose(*s, c, n))
			}
			continue
		}
		add(g.SchoolScore(*s, c, 0))
		for _, p := range k.levels[c] {
			add(g.SchoolScore(*s, c, p))
			add(g.SchoolScore(*s, c, g.School.Fresh*p))
		}
	}
}

// rowValues is where addRows finds the value of writing each roll in a
// row, fresh or stale: values[level[roll]].
type rowValues struct {
	level  *[engine.NumRolls]uint8
	values *lanes.LaneLevels
}

// byLevel returns where w.rows[c] holds the value of writing in row c by
// the roll's level there, stale and fresh: for a School row the dice of
// its face, for a combination row its points' level.
func (k *Kernel) byLevel(w *scratch, c int) [2]rowValues {
	level := &k.level[c]
	if k.g.Categories[c].School {
		level = &k.count[c]
	}
	return [2]rowValues{{level, &w.rows[c].stale}, {level, &w.rows[c].fresh}}
}

// addRows sets w.finals to the best of writing each roll in the rows
// that fill says are open in some lane, fill having put the value of
// writing in row c where the rowValues it returns say, stale then fresh.
// The School rows, the same fresh or not, go into both at once, from
// their stale values.
func (k *Kernel) addRows(w *scratch, fill func(c int) (rows [2]rowValues, open bool)) {
	// Every roll can cross out an open combination row: the best cross
	// (level 0) is every roll's start, and each row's scores go only
	// where its condition holds, the rows that hold for few rolls roll by
	// roll.
	base := empty
	var rows [engine.MaxSchoolRows][2]rowValues
	var open [engine.MaxSchoolRows]bool
	for c, cat := range k.g.Categories {
		if cat.School {
			continue
		}
		if rows[c], open[c] = fill(c); open[c] {
			cross := &rows[c][0].values[0]
			for j := range base {
				if cross[j] > base[j] {
					base[j] = cross[j]
				}
			}
		}
	}
	// Filled as copies of ever more rows, memmove's speed, not a row at
	// a time.
	w.finals.Stale[0] = base
	for n := 1; n < engine.NumRolls; n *= 2 {
		copy(w.finals.Stale[n:], w.finals.Stale[:n])
	}
	for c, cat := range k.g.Categories {
		if !cat.School {
			continue
		}
		if v, ok := fill(c); ok {
			w.finals.Stale.MaxByLevel(v[0].level, v[0].values)
		}
	}
	*w.finals.Fresh = *w.finals.Stale
	for c, scoring := range k.scoring {
		stale, fresh := &rows[c][0], &rows[c][1]
		switch {
		case !open[c]:
		case scoring == nil:
			w.finals.Fresh.MaxByLevel(fresh.level, fresh.values)
			w.finals.Stale.MaxByLevel(stale.level, stale.values)
		default:
			for _, r := range scoring {
				raise(&w.finals.Fresh[r], &fresh.values[fresh.level[r]])
				raise(&w.finals.Stale[r], &stale.values[stale.level[r]])
			}
		}
	}
}

// raise sets each lane of v to the larger of it and by's.
func raise(v, by *[lanes.Lanes]float64) {
	for j, b := range by {
		if b > v[j] {
			v[j] = b
		}
	}
}

// sparseRolls is the most rolls a combination row's condition may hold
// for and its scores still go roll by roll into the finals, rather than
// through all the rolls at once (lanes.LaneRolls.MaxByLevel).
const sparseRolls = 40

// laneRolls holds a value for each roll of five dice in lanes.Lanes states
// side by side, by freshness: Fresh when the dice came from a roll of all
// five, Stale when some were kept.
type laneRolls struct {
	Fresh, Stale *lanes.LaneRolls
}

// scratch is the work space of a turn's search, for up to lanes.Lanes
// states side by side; lane 0 is the state of a one-state search.
type scratch struct {
	finals laneRolls // Stale is keeps[1]'s rolls
	// rows[c] is the value of writing in row c, by the roll's level
	// there, fresh or not, in each lane where the row is open: a
	// combination row's score or its cross, whichever is worth more.
	rows [engine.MaxSchoolRows]struct{ fresh, stale lanes.LaneLevels }
	// points[c] is the value of writing in combination row c by its
	// points' position in Layout.points[c], in the solve (finalsIn).
	points [engine.MaxSchoolRows][2 * lanes.Levels][lanes.Lanes]float64
	// keeps[j] is the value of each proper keep with j rolls to go, the
	// one after the keep included (j >= 1). Its rolls' rows hold the
	// value of holding each roll not fresh with j-1 rerolls to go, the
	// best of writing it and of its proper keeps (j >= 2; with none to
	// go, j = 1, writing it: finals.Stale).
	keeps []lanes.LaneKeeps
	// best[j]'s rolls' rows hold the value of holding each fresh roll
	// with j rerolls to go (j >= 1), as keeps[j+1] the stale ones; its
	// other rows the best of each proper keep's sub-keeps then.
	best  []lanes.LaneKeeps
	value [lanes.Lanes]float64 // each lane's state's value before its first roll
	// score[p] is the value of scoring p points in the row and lane that
	// finals is at, where scored[p] is stamp.
	score  [engine.MaxCellPoints + 1]float64
	scored [engine.MaxCellPoints + 1]uint32
	stamp  uint32
	moves  moves // the writes of the filled set being solved
}

// scratches keeps the work spaces that borrowScratch lends: one is over
// 200 KB, and the advisor needs one for every ranking, which on a
// phone's browser spent a tenth of its time allocating and sweeping
// them.
var scratches sync.Pool // *scratch

// borrowScratch returns a work space for turns of k's game, to hand
// back with giveScratch when done. What it holds from before is never
// read: a search writes all that it reads, in the lanes it searches.
func (k *Kernel) borrowScratch() *scratch {
	if w, ok := scratches.Get().(*scratch); ok && len(w.keeps) == k.g.Rolls {
		return w
	}
	return k.newScratch()
}

// giveScratch hands back a work space that borrowScratch lent.
func giveScratch(w *scratch) { scratches.Put(w) }

// newScratch returns the work space for turns of k's game.
func (k *Kernel) newScratch() *scratch {
	w := &scratch{keeps: make([]lanes.LaneKeeps, k.g.Rolls), best: make([]lanes.LaneKeeps, k.g.Rolls)}
	// With no reroll to go, holding a roll is writing it: the stale
	// finals are the rolls of the keeps with one roll to go.
	w.finals = laneRolls{Fresh: new(lanes.LaneRolls), Stale: w.keeps[1].Rolls()}
	return w
}

// Value returns the value of state s before its first roll, given the
// values of the sheets after it.
func (k *Kernel) Value(s *engine.SchoolState, next Values, w *scratch) float64 {
	var e [lanes.Lanes]float64
	k.values([]engine.SchoolState{*s}, next, w, e[:1])
	return e[0]
}

// values sets out[j] to the value of states[j] (at most lanes.Lanes of
// them) before its first roll, as Value gives it.
func (k *Kernel) values(states []engine.SchoolState, next Values, w *scratch, out []float64) {
	var each laneValues
	for j := range states {
		each[j] = next
	}
	k.searchLanes(states, &each, w)
	copy(out, w.value[:len(states)])
}

// search fills lane 0 of w with the turn's search in state s (see
// searchLanes) and returns that lane.
func (k *Kernel) search(s *engine.SchoolState, next Values, w *scratch) lane {
	k.searchLanes([]engine.SchoolState{*s}, &laneValues{next}, w)
	return lane{w, 0}
}

// searchLanes fills w with the turn's search in each of states, one lane
// each: the finals, the keep values with each number of rolls to go, and
// the value of holding each roll of the turn's first roll, and the value
// of each state before its first roll. A keep's value
// is the mean over the rolls it can become of holding them (stale), but
// the empty keep rolls all five afresh; holding a roll is worth the best
// of writing it now and of its best proper keep.
func (k *Kernel) searchLanes(states []engine.SchoolState, next *laneValues, w *scratch) {
	k.finals(states, next, w)
	k.passes(w)
}

// searchAt fills w, as searchLanes does, with the turn's search in the
// states at positions pos in the filled sets whose writes are ts, from
// the values of the sheets after them by index (finalsAt).
func (k *Kernel) searchAt(ts *[lanes.Lanes]*moves, pos *[lanes.Lanes]int, values []float64, w *scratch) {
	k.finalsAt(ts, pos, values, w)
	k.passes(w)
}

// passes runs the keep passes of a turn's search over w.finals, in every
// lane: the lanes do not mix, so those that hold no state change nothing.
func (k *Kernel) passes(w *scratch) {
	fresh := w.finals.Fresh
	for j := 1; j < k.g.Rolls; j++ {
		v := &w.keeps[j]
		v.KeepValues()
		fresh.Expect(&v[0])
		// Holding a roll is worth the best of writing it and of its
		// proper keeps: the best keeps give that with the writes in the
		// rolls' rows, the stale ones into the next keeps' rolls, then
		// the fresh ones, from the keeps' best that the stale pass
		// left. The first roll is fresh: its stale holds are not needed.
		b := &w.best[j]
		if j < k.g.Rolls-1 {
			n := &w.keeps[j+1]
			copy(n[:engine.FirstRollKeep], v[:engine.FirstRollKeep])
			*n.Rolls() = *w.finals.Stale
			n.BestKeeps()
			copy(b[:engine.FirstRollKeep], n[:engine.FirstRollKeep])
			*b.Rolls() = *w.finals.Fresh
			b.BestRolls()
		} else {
			copy(b[:engine.FirstRollKeep], v[:engine.FirstRollKeep])
			*b.Rolls() = *w.finals.Fresh
			b.BestKeeps()
		}
		fresh = b.Rolls()
	}
	fresh.Expect(&w.value)
}
