package lanes

import (
	"cmp"
	"math"
	"slices"
	"unsafe"

	"dicepoker/engine"
)

// ScoredRoll is a roll that scores points > 0 in a box, with the byte
// offset of its row in a LaneKeeps and its index.
type ScoredRoll struct {
	Points float64
	Off    uint16
	Roll   uint8
	// Left counts the entries from this one to the end of its run of
	// equal points in the box's list (Scored), itself included.
	Left uint8
}

// LevelRoll is a roll that writes the level of points Level in a box, with
// the byte offset of its row in a LaneKeeps and its index.
type LevelRoll struct {
	Off   uint16
	Level uint8
	Roll  uint8
}

// LevelRun lists the rolls that write one level in a box.
type LevelRun struct {
	Level uint8
	Rolls []uint8
}

// PointLevels is how many levels a box whose points matter may hold: the
// rows of a BoxLevels.
const PointLevels = engine.MaxPointLevels

// BoxLevels holds a value for each level of a box whose points matter, in
// Lanes states.
type BoxLevels [PointLevels][Lanes]float64

// Scored lists the rolls that score more than 0 in a box whose points are
// never negative and matter only for the score, points[r] being roll r's:
// by points, rolls in order within them, each entry counting the rest of
// its run of equal points (Left). Each roll is in the list once, so its
// order changes no maximum; the plain Go kernel takes the rolls of equal
// points together, and a caller may drop the leading points that cannot
// raise a roll. The list is empty, not nil, when no roll scores.
func Scored(points *[engine.NumRolls]float64) []ScoredRoll {
	return scored(points[:], keepParents)
}

// scored is Scored for any rolls, roll r's row at keep index first+r; the
// entries' Roll is set for five dice's rolls alone.
func scored(points []float64, first int) []ScoredRoll {
	list := []ScoredRoll{}
	for r, p := range points {
		if p > 0 {
			e := ScoredRoll{Points: p, Off: rowOffset(first + r)}
			if len(points) == engine.NumRolls {
				e.Roll = uint8(r)
			}
			list = append(list, e)
		}
	}
	slices.SortStableFunc(list, func(a, b ScoredRoll) int { return cmp.Compare(a.Points, b.Points) })
	for i := len(list) - 1; i >= 0; i-- {
		list[i].Left = 1
		if i+1 < len(list) && list[i+1].Points == list[i].Points {
			list[i].Left += list[i+1].Left
		}
	}
	return list
}

// Raised lists the rolls that write a level other than zero in a box whose
// points matter, levels[l] being level l's points and level[r] roll r's
// level: the runs of each level's rolls by increasing points (levels that
// no roll writes left out), and the rolls of those runs in one list, run
// by run. Each roll is in the list once, so its order changes no maximum;
// the plain Go kernel takes a level's rolls together, and a caller may
// drop the leading runs that cannot raise a roll.
func Raised(levels []int, level *[engine.NumRolls]uint8, zero int) (list []LevelRoll, runs []LevelRun) {
	for _, rolls := range raisedRuns(levels, level[:], zero) {
		run := LevelRun{Level: level[rolls[0]]}
		for _, r := range rolls {
			run.Rolls = append(run.Rolls, uint8(r))
			list = append(list, LevelRoll{Off: rowOffset(keepParents + r), Level: run.Level, Roll: uint8(r)})
		}
		runs = append(runs, run)
	}
	return list, runs
}

// raisedRuns returns the rolls of each level other than zero, by
// increasing points, levels that no roll writes left out: Raised's runs
// for any rolls.
func raisedRuns(levels []int, level []uint8, zero int) [][]int {
	// Each raised level's rolls, in one pass over the rolls.
	byLevel := make([][]int, len(levels))
	for r, l := range level {
		if int(l) != zero {
			byLevel[l] = append(byLevel[l], r)
		}
	}
	order := make([]int, len(byLevel))
	for l := range order {
		order[l] = l
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(levels[a], levels[b]) })
	var runs [][]int
	for _, l := range order {
		if byLevel[l] != nil {
			runs = append(runs, byLevel[l])
		}
	}
	return runs
}

// fill is Kernels.Fill in plain Go: it doubles the filled part with
// copy, eight calls of memmove, which moves the values a vector at a
// time, where a loop stored them one at a time (252 stores).
func fill(f *[engine.NumRolls]float64, x float64) {
	f[0] = x
	for n := 1; n < len(f); n *= 2 {
		copy(f[n:], f[:n])
	}
}

// raisedOne is kernelGo's raisedOne for one state's ordered roll values f,
// from lane 0 of totals, compared as integers: level by level, each
// level's total loaded once for its rolls. A loop of its own, so that it
// stays in registers.
//
//go:noinline
func raisedOne(f *[engine.NumRolls]float64, runs []LevelRun, totals *BoxLevels) {
	v := (*[engine.NumRolls]int64)(unsafe.Pointer(f))
	for _, run := range runs {
		x := int64(math.Float64bits(totals[run.Level&(PointLevels-1)][0]))
		for _, r := range run.Rolls {
			v[r] = max(v[r], x)
		}
	}
}

// Rankable is how many values Kernels.Rank ranks at most: a box on
// each of 32 at most, and the 31 proper sub-keeps of five distinct
// dice.
const Rankable = 64

// rankGo is Kernels.Rank in plain Go: an insertion sort of the
// positions, which for the few dozen actions of a position costs a third
// of slices.SortFunc's calls of a comparison function. It is stable: the
// positions come in order, and one moves only past those of lower value.
// NaN values are ranked as they fall: each stays behind the values
// before it and ahead of those after it.
func rankGo(x *[Rankable]float64, n int, order *[Rankable]uint8) {
	for i := range n {
		v, j := x[i], i
		for ; j > 0 && v > x[order[j-1]&(Rankable-1)]; j-- {
			order[j] = order[j-1]
		}
		order[j] = uint8(i)
	}
}
