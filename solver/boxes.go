package solver

import "dicepoker/engine"

// LevelBox is one box for LaneRolls.MaxByBoxesChoosing: the level of
// each roll's points in it, the totals of its levels (as MaxByLevel
// takes them) and its number, which a roll it gives its value chooses.
type LevelBox struct {
	Level  *[engine.NumRolls]uint8
	Totals *LaneLevels
	Box    float64
}

// MaxByBoxesChoosing does MaxByLevel for each of boxes in turn and sets
// each roll's row of choice to the box in the lanes where the box's
// totals beat the roll's value so far: across a turn's boxes in sheet
// order, each roll's row of choice ends at the first box that gives it
// its value. It goes roll by roll, each roll's row and choice held while
// every box is compared with them, rather than reading and writing all
// the rolls once a box.
func (r *LaneRolls) MaxByBoxesChoosing(boxes []LevelBox, choice *LaneRolls) {
	if len(boxes) > 0 {
		activeBoxesChoosing(r, boxes, choice)
	}
}

// boxesChoosingGo is MaxByBoxesChoosing in plain Go: the boxes one after
// another.
func boxesChoosingGo(r *LaneRolls, boxes []LevelBox, choice *LaneRolls) {
	for i := range boxes {
		b := &boxes[i]
		levelChoicesGo(r, b.Level, b.Totals, choice, b.Box)
	}
}
