package advice

import (
	"errors"
	"fmt"
	"math/bits"

	"dicepoker/engine"
	"dicepoker/school"
)

// Sheet is a sheet as a front end gives it: in the --sheet notation, or
// as the JSON object of --sheet-file.
type Sheet struct {
	Notation string // "": a new game
	JSON     []byte // the object, when given: Notation is then unused
	Name     string // names the object in messages: its file, "sheet", "opponents[1]"
}

// RolloutActions is how many of the best actions rollouts play on after.
const RolloutActions = 5

// MaxRollouts is the most games rollouts play after each action.
const MaxRollouts = 1_000_000

// Advice is advise's answer for one position.
type Advice struct {
	Ranking
	Strategy string               // school: the strategy that ranked it
	writes   []engine.SchoolWrite // school: each action's write (none for a keep), for its column and mark
	Rollouts []school.Rollout     // school: the games played on after the best actions
	// Drift is, for school's estimate, what every action's value adds to
	// the estimate's: its player's drift from the position (school.Drift).
	Drift *float64
}

// JSON returns the object advise --json prints, with the first top
// options (every one for 0).
func (a *Advice) JSON(top int) any {
	if a.writes != nil {
		return schoolJSON(&a.Ranking, a.Strategy, a.writes, a.Rollouts, a.Drift, top)
	}
	return a.Ranking.JSON(top)
}

// adviseExpected ranks every action of r's single-sheet position by the
// expected final score, with the strategy table of src.
func adviseExpected(src Source, r Request) (*Advice, error) {
	g := r.Game
	rollsLeft, err := r.rollsLeft()
	if err != nil {
		return nil, err
	}
	sheet, err := r.Sheet.Single(g)
	if err != nil {
		return nil, err
	}
	t, err := src.Table(g)
	if err != nil {
		return nil, err
	}
	actions, err := t.Actions(sheet.State(g), r.Dice, rollsLeft)
	if err != nil {
		return nil, Inputf("%v", err)
	}
	return &Advice{Ranking: Ranking{Game: g, SheetScore: sheet.Score(g), RollsLeft: rollsLeft, Dice: r.Dice,
		Actions: actions, Upper: sheet.UpperLine(g)}}, nil
}

// rollsLeft returns the rerolls r allows, checked against its game's rules.
func (r Request) rollsLeft() (int, error) {
	g := r.Game
	rollsLeft := g.Rolls - 1
	if r.RollsLeft != nil {
		rollsLeft = *r.RollsLeft
	}
	if rollsLeft < 0 || rollsLeft >= g.Rolls {
		return 0, Fieldf("{rolls_left} %d: %s allows 0..%d rerolls after the first roll", rollsLeft, g.Name, g.Rolls-1)
	}
	return rollsLeft, nil
}

// Single reads s, a sheet of single-sheet game g; a bad sheet is an
// *InputError.
func (s Sheet) Single(g *engine.Game) (engine.Sheet, error) {
	return readSheet(s, func(s string) (engine.Sheet, error) { return engine.ParseSheet(g, s) },
		func(b []byte) (engine.Sheet, error) { return engine.ParseSheetJSON(g, b) })
}

// readSheet reads s with parse, or from its JSON with parseJSON.
func readSheet[S any](s Sheet, parse func(string) (S, error), parseJSON func([]byte) (S, error)) (S, error) {
	if s.JSON != nil {
		sh, err := parseJSON(s.JSON)
		if err != nil {
			return sh, &InputError{Msg: fmt.Sprintf("%s: %v", s.Name, err), err: err}
		}
		return sh, nil
	}
	sh, err := parse(s.Notation)
	if err != nil {
		return sh, &InputError{Msg: err.Error(), err: err}
	}
	return sh, nil
}

// opponentErr is err of reading opponent o's sheet (readSheet), quoting
// the notation where no name is given.
func opponentErr(o Sheet, err error) error {
	if err != nil && o.JSON == nil {
		err = Fieldf("{opponents} %s: %v", engine.Quote(o.Notation), errors.Unwrap(err))
	}
	return err
}

// adviseSchool ranks the actions of a school position, racing r's
// opponents for the first-come bonuses where there are some.
func adviseSchool(src Source, r Request) (*Advice, error) {
	g := r.Game
	rollsLeft, err := r.rollsLeft()
	if err != nil {
		return nil, err
	}
	sheet, err := readSheet(r.Sheet, g.ParseSchoolSheet, g.ParseSchoolSheetJSON)
	if err != nil {
		return nil, err
	}
	if r.Rollouts < 0 || r.Rollouts > MaxRollouts {
		return nil, Fieldf("{rollouts} %d: must be 0 to %d", r.Rollouts, MaxRollouts)
	}
	fresh := r.Fresh != nil && *r.Fresh
	if rollsLeft == g.Rolls-1 {
		if r.Fresh != nil && !fresh {
			return nil, Fieldf("{fresh}=false: the first roll of a turn is always fresh")
		}
		fresh = true
	}
	sheets, scores, err := table(g, sheet, r.Opponents)
	if err != nil {
		return nil, err
	}
	if g, err = src.SchoolGame(g, sheet); err != nil {
		return nil, err
	}
	name := "" // the source's own
	if len(r.Opponents) > 0 {
		name = "race"
	}
	st, err := src.School(g, name)
	if err != nil {
		return nil, err
	}
	state := sheets[0]
	k := school.NewKernel(g)
	// Alone at the table the advisor ranks; with others, the seat.
	var next school.Values
	if len(sheets) == 1 {
		next = st.Advisor(&state)
	} else {
		next = st.Seat(sheets, 0)
	}
	actions, err := k.Actions(state, r.Dice, rollsLeft, fresh, next)
	if err != nil {
		return nil, Inputf("%v", err)
	}
	// The drift is the player's alone: with opponents at the table, the
	// bonuses they may take first are none of it.
	var drift *float64
	if st.Drift != nil && len(sheets) == 1 {
		d := st.Drift.Add(state, r.Dice, rollsLeft, fresh, actions)
		drift = &d
	}
	// The JSON shows each write's column, mark and reserve: the write the
	// ranked action names, found among the position's.
	writes, _ := g.SchoolMovesOf(state, engine.RollIndex(r.Dice), fresh, actions)
	a := &Advice{Ranking: Ranking{Game: g, SheetScore: sheet.Score(g), RollsLeft: rollsLeft, Fresh: fresh, Dice: r.Dice,
		Actions: actions, Note: st.Note(g), Opponents: scores}, Strategy: st.Name, writes: writes, Drift: drift}
	if r.Rollouts > 0 {
		top := actions[:min(len(actions), RolloutActions)]
		if a.Rollouts, err = k.Rollouts(state, r.Dice, rollsLeft, fresh, top, st.Player, r.Rollouts, r.Seed, 0); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// table returns the states of the school sheets of game g at the table:
// the player's, sheet, then each of opponents, and the opponents' sheet
// scores. A bonus one sheet has earned is out of reach on the others;
// two sheets that earned the same bonus are refused (it went to the
// first, and the later one's sheet says taken=).
func table(g *engine.Game, sheet engine.SchoolSheet, opponents []Sheet) ([]engine.SchoolState, []int, error) {
	if len(opponents) >= MaxPlayers {
		return nil, nil, Fieldf("{opponents} given %d times: school has at most %d players", len(opponents), MaxPlayers)
	}
	all := []engine.SchoolSheet{sheet}
	var scores []int
	for _, o := range opponents {
		sh, err := readSheet(o, g.ParseSchoolSheet, g.ParseSchoolSheetJSON)
		if err = opponentErr(o, err); err != nil {
			return nil, nil, err
		}
		all = append(all, sh)
		scores = append(scores, sh.Score(g))
	}
	rows := make([]uint16, len(all))
	cols := make([]uint8, len(all))
	for i := range all {
		rows[i], cols[i] = all[i].Earned(g)
	}
	states := make([]engine.SchoolState, len(all))
	for i := range all {
		states[i] = all[i].State(g)
		for o := range all {
			if o == i {
				continue
			}
			if both := rows[i] & rows[o]; both != 0 && o > i {
				return nil, nil, Inputf("%s and %s both earned the %s bonus: it went to the first, so give taken= on the other",
					sheetName(i), sheetName(o), g.Categories[bits.TrailingZeros16(both)].Name)
			}
			if both := cols[i] & cols[o]; both != 0 && o > i {
				return nil, nil, Inputf("%s and %s both earned the column %d bonus: it went to the first, so give taken= on the other",
					sheetName(i), sheetName(o), bits.TrailingZeros8(both)+1)
			}
			states[i].Take(rows[o], cols[o])
		}
	}
	return states, scores, nil
}

// MaxPlayers is the most players at a school table.
const MaxPlayers = 4

// sheetName names sheet i of a table in messages: the player's, or an
// opponent's.
func sheetName(i int) string {
	if i == 0 {
		return "the sheet"
	}
	return fmt.Sprintf("opponent %d", i)
}
