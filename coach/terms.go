package coach

import (
	"fmt"

	"dicepoker/engine"
)

// Terms are the words play uses for a game's sheet: what it calls the
// places the dice are written, what the sheet's marks mean, and the help
// of the commands that write the dice. Like ParseSheet, this is where
// each kind of sheet says its own.
type Terms struct {
	Box, Boxes string // "box" and "boxes"; school's "row" and "rows"
	// Legend explains the marks of the sheet Show draws; "" where its
	// numbers say all.
	Legend string
	// Write is the help of the commands that write the dice, a line a
	// command, each ending in a newline.
	Write string
}

// TermsOf returns the terms of g's sheet.
func TermsOf(g *engine.Game) Terms {
	if g.Columns == 0 {
		return Terms{Box: "box", Boxes: "boxes",
			Write: "  score BOX      write the dice in a box; a unique start of its name will do\n"}
	}
	return Terms{Box: "row", Boxes: "rows",
		Legend: fmt.Sprintf("marks: x closed, r closed with help from the reserve, 0 a zero (%d), - crossed out, . open; numbers are points", g.School.Zero),
		Write: `  score ROW      write the dice in the row's next column: close or zero a School row,
                 score a combination row; a unique start of its name will do
  cross ROW      cross out the row's next cell (combination rows only), scoring or not
`}
}
