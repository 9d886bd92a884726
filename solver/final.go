package solver

import (
	"math"
	"math/bits"
	"unsafe"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Final fills f with the value of each final roll in state s: the best legal
// placement's points and bonuses plus the value of the state it leads to.
func (t *Turn) Final(s engine.State, next Values, f *[engine.NumRolls]float64) {
	w := t.scratch.Get().(*laneScratch)
	defer t.scratch.Put(w)
	t.finalOne(s, next, w, f)
}

// finalOne is finalLanes for one state, with one value a roll in f rather
// than a row of lanes: the same steps, to the same bits, on an eighth of
// the memory. It keeps its lookups in lane 0 of w, and reports whether
// the values have their sign bit clear, as lanes.BestKeeps would find.
func (t *Turn) finalOne(s engine.State, next Values, w *laneScratch, f *[engine.NumRolls]float64) (ordered bool) {
	states := []engine.State{s}
	w.written[0].slots = 0
	w.written[0].slot = [32]uint8{}
	open := ^s.Filled & (1<<len(t.g.Categories) - 1)
	var sign uint64
	for o := open; o != 0; o &= o - 1 {
		if c := bits.TrailingZeros32(o); t.levels[c] == nil {
			sign |= t.adds(states, c, next, w)
		} else {
			sign |= t.levelTotals(states, c, next, w)
		}
	}
	// With no negative points or next values, every roll's value is one
	// of them, with its points and bonuses: +0 or more (or a NaN with its
	// sign clear, from a damaged table, whose advice is refused).
	ordered = t.nonNegative && sign>>63 == 0
	base := math.Inf(-1)
	var raised uint32
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		switch {
		case t.scoring[c] != nil:
			zero := 0.0
			base = max(base, zero+w.adds[c&31][0])
		case t.zeroLevel[c] >= 0 && t.zeroLeast(states, c, w):
			raised |= 1 << c
			base = max(base, w.boxLevels[c&31][t.zeroLevel[c]&(lanes.PointLevels-1)][0])
		}
	}
	t.kernel.Fill(f, base)
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		add, totals := w.adds[c&31][0], &w.boxLevels[c&31]
		switch {
		case t.scoring[c] != nil && len(t.scoring[c]) >= t.kernel.DenseFrom():
			// Every roll: those that score 0 here are worth add, no more
			// than base, which holds it.
			t.kernel.MaxPointsOne(f, &t.points[c], add)
		case t.scoring[c] != nil && ordered:
			scoredOne(f, t.scoring[c], add)
		case raised&(1<<c) != 0 && ordered:
			t.kernel.MaxRaisedOne(f, t.raisedRuns[c], totals)
		case t.scoring[c] != nil:
			for _, e := range t.scoring[c] {
				f[e.Roll] = max(f[e.Roll], e.Points+add)
			}
		case t.levels[c] == nil:
			t.kernel.MaxPointsOne(f, &t.points[c], add)
		case raised&(1<<c) != 0:
			for _, e := range t.raised[c] {
				f[e.Roll] = max(f[e.Roll], totals[e.Level&(lanes.PointLevels-1)][0])
			}
		default:
			for r, l := range &t.level[c] {
				f[r] = max(f[r], totals[l&(lanes.PointLevels-1)][0])
			}
		}
	}
	if e := t.g.Extra; e != nil && !s.Open(e.Box) {
		for face, r := range fiveAlike {
			f[r] = t.fiveAlike(s, face+1, r, next, &w.written[0])
			ordered = ordered && !math.Signbit(f[r])
		}
	}
	return ordered
}

// scoredOne is lanes.Kernels.MaxScored for one state's ordered roll values f,
// compared as integers: each listed roll's value becomes the larger of it
// and its points plus add. A loop of its own, so that it stays in
// registers.
func scoredOne(f *[engine.NumRolls]float64, list []lanes.ScoredRoll, add float64) {
	v := (*[engine.NumRolls]int64)(unsafe.Pointer(f))
	for _, e := range list {
		v[e.Roll] = max(v[e.Roll], int64(math.Float64bits(e.Points+add)))
	}
}

// finalLanes sets the roll rows of w.keeps: lane j gets the value of each
// final roll in states[j] (at most Lanes of them), as Final gives it; the
// lanes past them are left holding values that mean nothing, but no NaN.
// The lanes' states need not share their open boxes: a box closed in a
// lane is worth -Inf there.
//
// Boxes whose points matter only for the score (not PointsMatter) and
// never score below zero are done sparsely. Writing roll r in such a box c
// is worth points[c][r] + add[c], where add[c] is the box's bonus and the
// value of the state after it, the same for every roll. The rolls that
// score 0 there are all worth add[c], so every roll starts from base, the
// largest add[c] over those boxes, and only the rolls scoring more than 0
// in c are compared with points + add[c]. This is exact: for a roll that
// scores p > 0 in c, base also holds the (illegal) option of writing 0 in
// c, but that option is add[c] <= p + add[c] (rounding is monotonic), which
// the roll's entry compares anyway, so it never changes the maximum. For
// a roll scoring 0 in c, p + add[c] is add[c] itself (0 + add rounds to
// add, the addition done below too). Boxes with PointsMatter are done
// densely, since writing less in them may be worth more.
//
// It reports whether the roll values are ordered (see lanes.Kernels): when
// no points are negative and no next state's value is.
func (t *Turn) finalLanes(states []engine.State, next Values, w *laneScratch) (ordered bool) {
	g, k, v := t.g, t.kernel, &w.keeps
	var open uint32 // boxes open in some lane
	for j, s := range states {
		open |= ^s.Filled
		w.written[j].slots = 0
		w.written[j].slot = [32]uint8{}
	}
	open &= 1<<len(g.Categories) - 1
	// Every next state's value first, before any pass over the rolls: on a
	// fresh table they miss the cache, and looked up back to back their
	// misses overlap, where a pass between two would wait for each.
	var sign uint64 // the next states' values ORed
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		if t.levels[c] == nil {
			sign |= t.adds(states, c, next, w)
		} else {
			sign |= t.levelTotals(states, c, next, w)
		}
	}
	ordered = t.nonNegative && sign>>63 == 0
	var base [lanes.Lanes]float64
	for j := range base {
		base[j] = math.Inf(-1)
	}
	for c, list := range t.scoring {
		if open&(1<<c) == 0 || list == nil {
			continue
		}
		for j, s := range states {
			if s.Open(c) {
				zero := 0.0
				base[j] = max(base[j], zero+w.adds[c&31][j])
			}
		}
	}
	var raised uint32 // boxes whose 0 is in base
	for o := open; o != 0; o &= o - 1 {
		if c := bits.TrailingZeros32(o); t.zeroLevel[c] >= 0 && t.zeroLeast(states, c, w) {
			raised |= 1 << c
			zero := &w.boxLevels[c&31][t.zeroLevel[c]&(lanes.PointLevels-1)]
			for j := range states {
				base[j] = max(base[j], zero[j])
			}
		}
	}
	for r := range engine.NumRolls {
		v[engine.FirstRollKeep+r] = base
	}
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		switch {
		case t.scoring[c] != nil:
			list := t.scoring[c]
			if ordered {
				list = list[sparseFrom(list, &w.adds[c&31], &base, len(states)):]
			}
			k.MaxScored(v, list, &w.adds[c&31], ordered)
		case t.levels[c] == nil:
			// A box whose points may be negative: every roll's own points.
			k.MaxPoints(v, &t.points[c], &w.adds[c&31])
		case raised&(1<<c) != 0:
			list := t.raised[c]
			if ordered {
				list = list[raisedFrom(t.raisedRuns[c], &w.boxLevels[c&31], &base, len(states)):]
			}
			k.MaxRaised(v, list, &w.boxLevels[c&31], ordered)
		default:
			copy(w.totals[:], w.boxLevels[c&31][:])
			k.MaxByLevel(v.Rolls(), &t.level[c], &w.totals, ordered)
		}
	}
	if e := g.Extra; e != nil {
		for j, s := range states {
			if s.Open(e.Box) {
				continue
			}
			for face, r := range fiveAlike {
				x := t.fiveAlike(s, face+1, r, next, &w.written[j])
				v[engine.FirstRollKeep+r][j] = x
				ordered = ordered && !math.Signbit(x)
			}
		}
	}
	return ordered
}

// sparseFrom returns how many of a sparse box's list (by increasing
// points) lead it with points that raise no roll in the first n lanes:
// points plus add[j] no more than base[j], the least that every roll is
// worth there. Rounding is monotonic, so the rolls after the first that
// may raise one may too. For ordered values alone: with -0 about, a
// maximum of values that compare equal could still change a bit.
func sparseFrom(list []lanes.ScoredRoll, add, base *[lanes.Lanes]float64, n int) int {
	for i := 0; i < len(list); {
		p := list[i].Points
		for j := range n {
			if p+add[j] > base[j] {
				return i
			}
		}
		i += int(list[i].Left)
	}
	return len(list)
}

// raisedFrom is sparseFrom for a box's raised rolls, Turn.raised[c], whose
// runs are runs: how many of its rolls lie in leading runs whose totals
// are no more than base in the first n lanes.
func raisedFrom(runs []lanes.LevelRun, totals *lanes.BoxLevels, base *[lanes.Lanes]float64, n int) int {
	i := 0
	for _, run := range runs {
		total := &totals[run.Level&(lanes.PointLevels-1)]
		for j := range n {
			if total[j] > base[j] {
				return i
			}
		}
		i += len(run.Rolls)
	}
	return i
}

// zeroLeast reports whether, in every lane, writing 0 in box c (whose
// points matter) is worth no more than writing any other level: as in a
// solve, where more points in an upper box never leave less to come.
// Then every roll may count writing 0 there among its choices, in base,
// without changing its maximum: only the rolls that write another level
// need a pass (Turn.raised), half the rolls for an upper box, six for
// Yahtzee's.
func (t *Turn) zeroLeast(states []engine.State, c int, w *laneScratch) bool {
	totals := &w.boxLevels[c&31]
	zero := &totals[t.zeroLevel[c]&(lanes.PointLevels-1)]
	for i := range t.levels[c] {
		level := &totals[i&(lanes.PointLevels-1)]
		for j := range states {
			if level[j] < zero[j] {
				return false
			}
		}
	}
	return true
}

// levelTotals sets w.boxLevels[c][i][j], for box c whose points matter, to
// what writing its i-th level is worth in lane j: the points and bonus
// plus the value of the state after; -Inf where c is not open. It notes
// them for the five-alike rolls too, and returns the next states' values
// ORed as bits.
func (t *Turn) levelTotals(states []engine.State, c int, next Values, w *laneScratch) (sign uint64) {
	levels, totals := t.levels[c], &w.boxLevels[c&31]
	for j, s := range states {
		if !s.Open(c) {
			for i := range levels {
				totals[i&(lanes.PointLevels-1)][j] = math.Inf(-1)
			}
			continue
		}
		o := &w.written[j]
		slot := -1
		if o.slots < len(o.levelTotal) {
			slot = o.slots
			o.slot[c&31] = uint8(slot + 1)
			o.slots++
		}
		for i, p := range levels {
			bonus, after := t.move(s, c, p)
			n := next(after)
			sign |= math.Float64bits(n)
			if slot >= 0 {
				o.levelTotal[slot&7][i&7] = p + bonus
				o.levelNext[slot&7][i&7] = n
			}
			totals[i&(lanes.PointLevels-1)][j] = float64(p+bonus) + n
		}
	}
	return sign
}

// adds sets w.adds[c][j] to what writing 0 in box c is worth in lane j,
// for each of states: its bonus plus the value of the state after it;
// -Inf where c is not open. It notes the next state's value for the
// five-alike rolls, and returns the next states' values ORed as bits.
func (t *Turn) adds(states []engine.State, c int, next Values, w *laneScratch) (sign uint64) {
	add := &w.adds[c&31]
	for j := range states {
		if !states[j].Open(c) {
			add[j] = math.Inf(-1)
			continue
		}
		o := &w.written[j]
		bonus, after := t.move(states[j], c, 0)
		o.next[c&31] = next(after)
		sign |= math.Float64bits(o.next[c&31])
		add[j] = float64(bonus) + o.next[c&31]
	}
	return sign
}

// written records, for one state, what writing in its open boxes is worth,
// so that the five-alike rolls need not write them again.
type written struct {
	// next[c], for a box whose points matter only for the score, is the
	// value of the state after writing there (whatever the points).
	next [32]float64
	// For a box whose points matter, slot[c]-1 (when slot[c] > 0) is
	// where levelTotal and levelNext hold, for each of its levels, the
	// points and bonus that writing them earns and the next state's value.
	slot       [32]uint8
	slots      int
	levelTotal [8][8]int
	levelNext  [8][8]float64
}
