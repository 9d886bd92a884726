package solver

import (
	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// laneScratch is one goroutine's work arrays for a batch of states.
type laneScratch struct {
	keeps   lanes.LaneKeeps
	written [lanes.Lanes]written
	adds    [32][lanes.Lanes]float64 // by box: see Turn.adds
	totals  lanes.LaneLevels         // by level, for one box at a time
	// boxLevels[c] holds box c's level totals (see Turn.levelTotals).
	boxLevels [32]lanes.BoxLevels
	one       lanes.Keeps // one state's keeps, for Turn.Actions
	// places, values and ranked are Turn.Actions' placements, its
	// actions' values and their ranking (lanes.Kernels.Rank).
	places [32]engine.Placement
	values [lanes.Rankable]float64
	ranked [lanes.Rankable]uint8
}

// Value returns the value of state s before its first roll: the optimal
// expected sum of future points, given the values of the next states.
func (t *Turn) Value(s engine.State, next Values) float64 {
	if t.cup != nil {
		var e [1]float64
		t.cup.values([]engine.State{s}, next, new(cupScratch), e[:])
		return e[0]
	}
	w := t.scratch.Get().(*laneScratch)
	defer t.scratch.Put(w)
	var e [1]float64
	t.values([]engine.State{s}, next, w, e[:])
	return e[0]
}

// values sets out[j] to the value of states[j] (at most lanes.Lanes of them), as
// Value gives it: their turns run side by side.
func (t *Turn) values(states []engine.State, next Values, w *laneScratch, out []float64) {
	v, k := &w.keeps, t.kernel
	ordered := t.finalLanes(states, next, w)
	for range t.g.Rolls - 1 {
		k.KeepValues(v)
		k.BestKeeps(v, ordered)
	}
	var e [lanes.Lanes]float64
	k.Expect(v.Rolls(), &e)
	copy(out, e[:len(states)])
}
