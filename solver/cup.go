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
	moves
	// nonNegative says that no box or bonus pays less than 0 (see Turn).
	nonNegative bool
	kernel      *lanes.Kernels
}

// cupScratch is one goroutine's work arrays for a batch of a cupTurn.
type cupScratch struct {
	keeps  lanes.CupKeeps
	totals [engine.MaxPointLevels][lanes.Lanes]float64
}

// newCupTurn prepares the tables of game g, which has no five-alike
// rules (engine.Define allows them on five dice alone; Turn plays them).
func newCupTurn(g *engine.Game, kernel *lanes.Kernels) *cupTurn {
	n := len(g.Categories)
	t := &cupTurn{g: g, passes: lanes.NewCupPasses(g.Cup()), points: make([][]float64, n),
		levels: make([][]int, n), level: make([][]uint8, n), moves: newMoves(g), kernel: kernel}
	t.nonNegative = t.bonus >= 0
	for c := range n {
		t.points[c] = make([]float64, t.passes.Rolls())
		matters := g.PointsMatter(c)
		if matters {
			t.level[c] = make([]uint8, t.passes.Rolls())
		}
		for r := range t.points[c] {
			p := g.Score(c, r)
			t.points[c][r] = float64(p)
			t.nonNegative = t.nonNegative && p >= 0
			if !matters {
				continue
			}
			l := slices.Index(t.levels[c], p)
			if l < 0 {
				l = len(t.levels[c])
				t.levels[c] = append(t.levels[c], p)
			}
			t.level[c][r] = uint8(l)
		}
	}
	return t
}

// values sets out[j] to the value of states[j] (at most lanes.Lanes of
// them) before the first roll, as Turn.values does.
func (t *cupTurn) values(states []engine.State, next Values, w *cupScratch, out []float64) {
	var lane [lanes.Lanes]engine.State
	for j := range lane {
		// Lanes past the states play the first again: values that mean
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
func (t *cupTurn) final(states *[lanes.Lanes]engine.State, next Values, w *cupScratch) (ordered bool) {
	var open uint32 // boxes open in some lane
	for _, s := range states {
		open |= ^s.Filled
	}
	open &= 1<<len(t.g.Categories) - 1
	for r := range t.passes.Rolls() {
		row := t.passes.Roll(&w.keeps, r)
		for j := range row {
			row[j] = math.Inf(-1)
		}
	}
	var sign uint64 // the next states' values ORed
	for ; open != 0; open &= open - 1 {
		c := bits.TrailingZeros32(open)
		if t.levels[c] == nil {
			var add [lanes.Lanes]float64
			for j, s := range states {
				add[j] = math.Inf(-1)
				if s.Open(c) {
					bonus, after := t.move(s, c, 0)
					n := next(after)
					sign |= math.Float64bits(n)
					add[j] = float64(bonus) + n
				}
			}
			for r, p := range t.points[c] {
				row := t.passes.Roll(&w.keeps, r)
				for j := range row {
					row[j] = max(row[j], p+add[j])
				}
			}
			continue
		}
		totals := &w.totals
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
		for r, l := range t.level[c] {
			row, total := t.passes.Roll(&w.keeps, r), &totals[l&(engine.MaxPointLevels-1)]
			for j := range row {
				row[j] = max(row[j], total[j])
			}
		}
	}
	return t.nonNegative && sign>>63 == 0
}
