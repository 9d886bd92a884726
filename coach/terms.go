package coach

// Terms are the words play uses for a game's sheet: what it calls the
// places the dice are written, what the sheet's marks mean, and the help
// of the commands that write the dice. Each kind of sheet says its own
// (Sheet.Terms).
type Terms struct {
	Box, Boxes string // "box" and "boxes"; school's "row" and "rows"
	// Legend explains the marks of the sheet Show draws; "" where its
	// numbers say all.
	Legend string
	// Write is the help of the commands that write the dice, a line a
	// command, each ending in a newline.
	Write string
	// Fresh says what a roll of all five does where it scores otherwise
	// than other dice ("combinations doubled"), for a position to say
	// whether its dice are fresh; "" where it scores the same.
	Fresh string
	// Reserve names the dice a sheet keeps beside its cells ("reserve"),
	// whose count a write reads; "" for none.
	Reserve string
	// Detailed reports that a write says where and how it writes
	// (Move.Detail, Option.Detail) beyond its box and points.
	Detailed bool
}
