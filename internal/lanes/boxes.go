package lanes

import (
	"math"

	"dicepoker/engine"
)

// LevelBox is one box for LaneRolls.MaxByBoxesChoosing: the level of
// each roll's points in it, the totals of its levels (as MaxByLevel
// takes them) and what a roll it gives its value chooses, by the roll's
// level: the box's number, or the level's place among all boxes' levels.
type LevelBox struct {
	Level   *[engine.NumRolls]uint8
	Totals  *LaneLevels
	Choices *[Levels]float64
}

// MaxByBoxesChoosing sets each roll's row of r to the largest of its
// levels' totals in boxes (not empty), to the bits of MaxByLevel on
// rows of -Inf for each box in turn, and its row of choice to the
// choice, for the roll's level, of the first box, in the order of
// boxes, that gives it that value: boxes[0]'s where every box's totals
// are -Inf. It goes roll by roll, each roll's row and
// choice held in registers while every box is compared with them,
// rather than reading and writing all the rolls once a box.
func (r *LaneRolls) MaxByBoxesChoosing(boxes []LevelBox, choice *LaneRolls) {
	if len(boxes) == 0 { // the kernels start from the first box
		panic("lanes: MaxByBoxesChoosing of no boxes")
	}
	activeBoxesChoosing(r, boxes, choice)
}

// boxesChoosingGo is MaxByBoxesChoosing in plain Go: the boxes one after
// another, from rows of -Inf.
func boxesChoosingGo(r *LaneRolls, boxes []LevelBox, choice *LaneRolls) {
	first := &boxes[0]
	for i := range r {
		c := first.Choices[first.Level[i]&(Levels-1)]
		for j := range Lanes {
			r[i][j], choice[i][j] = math.Inf(-1), c
		}
	}
	for i := range boxes {
		b := &boxes[i]
		levelChoicesGo(r, b.Level, b.Totals, choice, b.Choices)
	}
}
