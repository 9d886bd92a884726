// Package coach is a game at the table, as play, record and review see
// it: the positions of a game (the sheet, the dice and the rerolls left),
// the actions a player may take in them, whether an action is legal, and
// an advisor that ranks every action of a position.
//
// Sheets and advisors are interfaces so that a game with another sheet
// plugs in beside the single-sheet games, as school does: ParseSheet
// returns its sheets and an Advisor ranks its positions (TableAdvisor,
// SchoolAdvisor); the rest (legality of keeps, records, reviews, the play
// loop) is shared.
package coach

import (
	"errors"
	"fmt"
	"strings"

	"dicepoker/engine"
)

// Sheet is a game's score sheet between turns. Sheets are values: Write
// returns a new sheet and leaves the old one as it was.
type Sheet interface {
	// String writes the sheet in the notation ParseSheet reads, which is
	// also what advise --sheet takes.
	String() string
	// Turn returns the number of the turn about to be played, from 1;
	// the game's Turns()+1 when the sheet is full.
	Turn() int
	// Score returns the points so far, bonuses included.
	Score() int
	// Over reports whether every box is filled.
	Over() bool
	// Write writes the final dice of a turn in box, or with cross crosses
	// the box out (school's combination rows), or says why the rules do
	// not allow it. fresh reports that the dice came from a roll of all
	// five (the first roll, or a reroll of every die).
	Write(dice engine.Multiset, fresh bool, box string, cross bool) (Move, error)
	// Show draws the sheet for people, a few lines that end in a newline.
	Show() string
	// Layout lays the sheet out box by box, for a page to draw.
	Layout() Layout
	// Terms returns the words play uses for the sheet.
	Terms() Terms
	// Take marks bonus, a row's name or column1..column5, taken by
	// another player, or gives it back when it was: an advisor then
	// counts it out of reach. A bonus the sheet has earned is no other
	// player's, and the single-sheet games have none that others take.
	Take(bonus string) (Sheet, error)
	// Visit does k's work of the sheet's own kind.
	Visit(k Kinds)
}

// Move is one legal way to write the final dice of a turn.
type Move struct {
	Box    string
	Points int // the points written in the box (school: what the cell counts)
	Bonus  int // the bonuses the move earns
	// Detail says how the box was written where the points do not say it
	// all: for school the column and the close, zero, score or cross,
	// "1: close, reserve +2" (see engine.SchoolWrite.Detail); "" for the
	// other games.
	Detail string
	// Zero reports that the box gets nothing: a 0 written, or school's
	// zero of a School row (-200); a School row's close and a cross-out
	// are not zeros.
	Zero bool
	Next Sheet // the sheet afterwards
}

// ParseSheet reads a sheet of g written in its notation; "" is a new
// game. A full sheet is returned with an error that wraps
// engine.ErrGameOver. This is where each kind of sheet plugs in: the
// single-sheet games (engine.ParseSheet) and school
// (engine.ParseSchoolSheet).
func ParseSheet(g *engine.Game, text string) (Sheet, error) {
	if g.Columns != 0 {
		sh, err := g.ParseSchoolSheet(text)
		return sheetOrNil(schoolSheet{g, sh}, err)
	}
	sh, err := engine.ParseSheet(g, text)
	return sheetOrNil(single{g, sh}, err)
}

// NewSheet returns the sheet of a new game of g.
func NewSheet(g *engine.Game) Sheet {
	sh, err := ParseSheet(g, "")
	if err != nil {
		panic(fmt.Sprintf("coach: a new sheet of %s: %v", g.Name, err)) // no entry to refuse
	}
	return sh
}

// sheetOrNil returns sh with err, or nil for a sheet that err says is
// not one; a full sheet (engine.ErrGameOver) is one.
func sheetOrNil(sh Sheet, err error) (Sheet, error) {
	if err != nil && !errors.Is(err, engine.ErrGameOver) {
		return nil, err
	}
	return sh, err
}

// Action is what a player does in a position: engine.Action, the one
// form advice, records and reviews share.
type Action = engine.Action

// Position is a decision point of a game: the sheet before the turn's
// move, the dice showing and the rerolls still allowed this turn.
type Position struct {
	Game      *engine.Game
	Sheet     Sheet
	Dice      engine.Multiset
	RollsLeft int
	// Fresh reports that the dice came from a roll of all five: the first
	// roll of the turn, or a reroll that kept nothing. Only school scores
	// it differently.
	Fresh bool
}

// Check says why action a is not allowed in p, or returns nil and, for a
// box, the move it makes. Keeping all the dice is not a reroll: with
// every die kept the dice do not change, so scoring now is the same move.
func Check(p Position, a Action) (Move, error) {
	if a.Box != "" {
		return p.Sheet.Write(p.Dice, p.Fresh, a.Box, a.Cross)
	}
	letters := p.Game.Letters
	switch {
	case a.Cross:
		return Move{}, fmt.Errorf("cross names no box to cross out")
	case p.RollsLeft <= 0:
		return Move{}, fmt.Errorf("no rerolls left: write the dice in a box")
	case !p.Dice.Contains(a.Keep):
		return Move{}, fmt.Errorf("cannot keep %s: the dice are %s", Spaced(a.Keep, letters), Spaced(p.Dice, letters))
	case a.Keep.Size() == p.Game.Dice:
		return Move{}, fmt.Errorf("keeping all %s dice is not a reroll: write them in a box now", p.Game.Cup().DiceWord())
	}
	return Move{}, nil
}

// Spaced writes dice in ascending order with spaces, "3 3 5", with
// letters standing for faces 1..6 (engine.DigitFaces or the game's own).
func Spaced(m engine.Multiset, letters string) string {
	return strings.Join(strings.Split(m.Format(letters), ""), " ")
}

// Option is one action of a position as an advisor ranks it:
// engine.Ranked, what solver's, school's and target's Actions return.
type Option = engine.Ranked

// Advisor ranks the actions of a game's positions.
type Advisor interface {
	// Actions returns every legal action of p, best first; of equal
	// values, the keep that rerolls fewer dice first.
	Actions(p Position) ([]Option, error)
	// Expected returns the expected final score of a new game under the
	// advisor's play.
	Expected() float64
	// Note says how the advisor values positions when that is not the
	// exact optimum ("" when it is), for the output to say so.
	Note() string
}

// Find returns the index of action a among ranked options, or -1.
func Find(options []Option, a Action) int {
	for i, o := range options {
		if o.Action == a {
			return i
		}
	}
	return -1
}
