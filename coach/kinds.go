package coach

import "dicepoker/engine"

// Kinds is work that differs by the kind of sheet, one method for each:
// a sheet calls its own kind's with the sheet as its game keeps it
// (Sheet.Visit), so that a caller asks the sheet, never the game's
// columns, which kind it has. Of a new game's sheet (NewSheet) it asks
// the kind of a game's sheets before one is read.
type Kinds interface {
	// Single does the work for a sheet of a single-sheet game.
	Single(g *engine.Game, sh engine.Sheet)
	// School does the work for a school sheet.
	School(g *engine.Game, sh engine.SchoolSheet)
}

func (s single) Visit(k Kinds) { k.Single(s.g, s.sh) }

func (s schoolSheet) Visit(k Kinds) { k.School(s.g, s.sh) }
