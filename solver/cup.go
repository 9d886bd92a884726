package solver

import (
	"math"
	"math/bits"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// cupTurn plays the turns of a game on any cup of dice (engine.Cup),
// lanes.Lanes states side by side: the final rolls in plain Go, the keep
// passes in the lane kernels (lanes.CupPasses). Solve plays the games
// of six dice with it, whose rolls the tables of Turn, sized for five
// dice, do not hold; of five dice it gives Turn's values to the bit.
type cupTurn struct {
	g      *engine.Game
	passes *lanes.CupPasses
	points [][]float64 // points[c][r] as float64
	// For boxes whose points matter beyond the score (engine.PointsMatter),
	// levels[c] lists the points the box can hold and level[c][r] says
	// which of them roll r writes; nil for the others.
	levels [][]int
	level  [][]uint8
	// scoring[c], for a box whose points do not matter and are never
	// negative, lists the rolls that score more than 0 there; nil for
	// the others, done densely. zeroLevel[c], for a box whose points
	// matter, is the level of 0 (-1: none), and raised[c] lists the
	// rolls that write another level.
	scoring   [][]lanes.ScoredRoll
	zeroLevel []int
	raised    [][]lanes.LevelRoll
	moves
	// nonNegative says that no box or bonus pays less than 0 (see Turn).
	nonNegative bool
	kernel      *lanes.Kernels
}

// cupScratch is one goroutine's work arrays for a batch of a cupTurn.
type cupScratch struct {
	keeps lanes.CupKeeps
	// adds[c] and totals[c] are what writing in box c is worth in each
	// lane: 0, for a box whose points do not matter; each of its levels,
	// for one whose points do.
	adds   [32][lanes.Lanes]float64
	totals [32]lanes.BoxLevels
}

// newCupTurn prepares the tables of game g, which has no five-alike
// rules (engine.Define allows them on five dice alone; Turn plays them).
func newCupTurn(g *engine.Game, kernel *lanes.Kernels) *cupTurn {
	n := len(g.Categories)
	t := &cupTurn{g: g, passes: lanes.NewCupPasses(g.Cup()), points: make([][]float64, n),
		levels: make([][]int, n), level: make([][]uint8, n), scoring: make([][]lanes.ScoredRoll, n),
		zeroLevel: make([]int, n), raised: make([][]lanes.LevelRoll, n), moves: newMoves(g), kernel: kernel}
	t.nonNegative = t.bonus >= 0
	for c := range n {
		t.points[c] = make([]float64, t.passes.Rolls())
		matters := g.PointsMatter(c)
		if matters {
			t.level[c] = make([]uint8, t.passes.Rolls())
		}
		t.levels[c] = scoreLevels(g, c, t.points[c], t.level[c])
		nonNegative := slices.Min(t.points[c]) >= 0
		t.nonNegative = t.nonNegative && nonNegative
		t.zeroLevel[c] = slices.Index(t.levels[c], 0)
		switch {
		case matters && t.zeroLevel[c] >= 0:
			t.raised[c] = t.passes.Raised(t.levels[c], t.level[c], t.zeroLevel[c])
		case !matters && nonNegative:
			t.scoring[c] = t.passes.Scored(t.points[c])
		}
	}
	return t
}

// values sets out[j] to the value of states[j] (at most lanes.Lanes of
// them) before the first roll, as Turn.values does.
func (t *cupTurn) values(states []engine.State, next Values, w *cupScratch, out []float64) {
	var lane [lanes.Lanes]engine.State
	for j := range lane {
		// Lanes past the states play the last again: values that mean
		// nothing, but no NaN and no -Inf.
		lane[j] = states[min(j, len(states)-1)]
	}
	ordered := t.final(&lane, next, w)
	for range t.g.Rolls - 1 {
		t.passes.KeepValues(t.kernel, &w.keeps)
		t.passes.BestKeeps(t.kernel, &w.keeps, ordered)
	}
	var e [lanes.Lanes]float64
	t.passes.Expect(&w.keeps, &e)
	copy(out, e[:len(states)])
}

// final sets the roll rows of w.keeps: lane j gets the value of each
// final roll in states[j], the best over its open boxes of the points,
// the bonus and the value of the state after. It reports whether the
// values are ordered (see lanes.Kernels).
//
// As Turn's final does, every roll starts from base, the best of writing
// 0 in the boxes where that is worth no more than writing what the roll
// scores there: the boxes whose points do not matter and are never
// negative (scoring), and the boxes whose points matter where writing 0
// is worth the least in every lane (raised). Only the rolls that score
// otherwise there are then compared with their points; the others score
// 0, which base holds. For a roll that scores more, base holds writing
// 0, no more than what the roll's own entry gives, so the maximum is
// the same.
func (t *cupTurn) final(states *[lanes.Lanes]engine.State, next Values, w *cupScratch) (ordered bool) {
	var open uint32 // boxes open in some lane
	for _, s := range states {
		open |= ^s.Filled
	}
	open &= 1<<len(t.g.Categories) - 1
	var base [lanes.Lanes]float64
	for j := range base {
		base[j] = math.Inf(-1)
	}
	var sign uint64   // the next states' values ORed
	var raised uint32 // boxes whose 0 is in base
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		if t.levels[c] == nil {
			sign |= t.adds(states, c, next, &w.adds[c&31])
			if t.scoring[c] != nil {
				for j := range base {
					base[j] = max(base[j], 0+w.adds[c&31][j])
				}
			}
			continue
		}
		totals := &w.totals[c&31]
		sign |= t.levelTotals(states, c, next, totals)
		if t.zeroLeast(c, totals) {
			raised |= 1 << c
			for j := range base {
				base[j] = max(base[j], totals[t.zeroLevel[c]&(engine.MaxPointLevels-1)][j])
			}
		}
	}
	for r := range t.passes.Rolls() {
		*t.passes.Roll(&w.keeps, r) = base
	}
	ordered = t.nonNegative && sign>>63 == 0
	for ; open != 0; open &= open - 1 {
		c := bits.TrailingZeros32(open)
		switch {
		case t.scoring[c] != nil:
			list := t.scoring[c]
			if ordered {
				list = list[sparseFrom(list, &w.adds[c&31], &base, lanes.Lanes):]
			}
			t.passes.MaxScored(t.kernel, &w.keeps, list, &w.adds[c&31], ordered)
		case t.levels[c] == nil:
			add := &w.adds[c&31]
			for r, p := range t.points[c] {
				row := t.passes.Roll(&w.keeps, r)
				for j := range row {
					row[j] = max(row[j], p+add[j])
				}
			}
		case raised&(1<<c) != 0:
			t.passes.MaxRaised(t.kernel, &w.keeps, t.raised[c], &w.totals[c&31], ordered)
		default:
			totals := &w.totals[c&31]
			for r, l := range t.level[c] {
				row, total := t.passes.Roll(&w.keeps, r), &totals[l&(engine.MaxPointLevels-1)]
				for j := range row {
					row[j] = max(row[j], total[j])
				}
			}
		}
	}
	return ordered
}

// adds sets add[j] to what writing 0 in box c, whose points do not
// matter, is worth in lane j: its bonus plus the value of the state after;
// -Inf where c is not open. It returns the next states' values ORed.
func (t *cupTurn) adds(states *[lanes.Lanes]engine.State, c int, next Values, add *[lanes.Lanes]float64) (sign uint64) {
	for j, s := range states {
		add[j] = math.Inf(-1)
		if s.Open(c) {
			bonus, after := t.move(s, c, 0)
			n := next(after)
			sign |= math.Float64bits(n)
			add[j] = float64(bonus) + n
		}
	}
	return sign
}

// levelTotals sets totals[i][j], for box c whose points matter, to what
// writing its i-th level is worth in lane j; -Inf where c is not open. It
// returns the next states' values ORed.
func (t *cupTurn) levelTotals(states *[lanes.Lanes]engine.State, c int, next Values, totals *lanes.BoxLevels) (sign uint64) {
	for j, s := range states {
		for i, p := range t.levels[c] {
			totals[i&(engine.MaxPointLevels-1)][j] = math.Inf(-1)
			if s.Open(c) {
				bonus, after := t.move(s, c, p)
				n := next(after)
				sign |= math.Float64bits(n)
				totals[i&(engine.MaxPointLevels-1)][j] = float64(p+bonus) + n
			}
		}
	}
	return sign
}

// zeroLeast reports whether box c, whose points matter, can hold 0 and
// writing 0 there is worth no more than any other level in every lane.
func (t *cupTurn) zeroLeast(c int, totals *lanes.BoxLevels) bool {
	z := t.zeroLevel[c]
	if z < 0 {
		return false
	}
	zero := &totals[z&(engine.MaxPointLevels-1)]
	for i := range t.levels[c] {
		for j, x := range &totals[i&(engine.MaxPointLevels-1)] {
			if x < zero[j] {
				return false
			}
		}
	}
	return true
}
