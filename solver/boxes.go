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

// MaxByBoxesChoosing does MaxByLevelChoosing for each of boxes in turn,
// to the same bits and choices: each roll's row of r becomes the largest
// of it and its levels' totals, and its row of choice the first box, in
// the order of boxes, whose totals beat the roll's value so far. It goes
// roll by roll, each roll's row and choice held while every box is
// compared with them, where MaxByLevelChoosing reads and writes all the
// rolls once for each box.
func (r *LaneRolls) MaxByBoxesChoosing(boxes []LevelBox, choice *LaneRolls) {
	if len(boxes) > 0 {
		activeBoxesChoosing(r, boxes, choice)
	}
}

// boxesChoosingGo is MaxByBoxesChoosing in plain Go: the boxes one after
// another, as MaxByLevelChoosing takes them.
func boxesChoosingGo(r *LaneRolls, boxes []LevelBox, choice *LaneRolls) {
	for i := range boxes {
		b := &boxes[i]
		levelChoicesGo(r, b.Level, b.Totals, choice, b.Box)
	}
}
