package main

import (
	"io"

	"github.com/spf13/pflag"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
)

// schoolPosition is what advise was asked about a school position.
type schoolPosition struct {
	sheet, sheetFile, table string
	rollsLeft               int
	fresh, asJSON           bool
}

// adviseSchool ranks the actions of a school position.
func adviseSchool(g *engine.Game, fs *pflag.FlagSet, p schoolPosition, stdout io.Writer) error {
	sheet, err := readSheet(fs, p.sheet, p.sheetFile, g.ParseSchoolSheet, g.ParseSchoolSheetJSON)
	if err != nil {
		return err
	}
	hand, err := handFlag(fs, "dice", g, "the five dice in hand")
	if err != nil {
		return err
	}
	if !fs.Changed("rolls-left") {
		p.rollsLeft = g.Rolls - 1
	}
	if p.rollsLeft < 0 || p.rollsLeft >= g.Rolls {
		return usagef("--rolls-left %d: %s allows 0..%d rerolls after the first roll", p.rollsLeft, g.Name, g.Rolls-1)
	}
	if p.rollsLeft == g.Rolls-1 {
		if fs.Changed("fresh") && !p.fresh {
			return usagef("--fresh=false: the first roll of a turn is always fresh")
		}
		p.fresh = true
	}
	st, err := openSchool(g, p.table, "")
	if err != nil {
		return err
	}
	state := sheet.State(g)
	actions, err := school.NewKernel(g).Actions(state, hand, p.rollsLeft, p.fresh, st.Player(&state))
	if err != nil {
		return usagef("%v", err)
	}
	a := advice{game: g, sheetScore: sheet.Score(g), rollsLeft: p.rollsLeft, fresh: p.fresh, dice: hand,
		actions: coach.SchoolOptions(g, actions), note: st.note(g)}
	if p.asJSON {
		return writeJSON(stdout, schoolAdviceObject(&a, st.Name, actions))
	}
	a.writeText(stdout, 0)
	return nil
}

// schoolOption is one action in the JSON output.
type schoolOption struct {
	Action string `json:"action"` // "keep" or "score"
	keepJSON
	Row     string `json:"row,omitempty"`
	Column  int    `json:"column,omitempty"` // 1..C
	Mark    string `json:"mark,omitempty"`   // x, r, 0, - or points
	Points  *int   `json:"points,omitempty"` // the cell's value in the total
	Reserve *int   `json:"reserve,omitempty"`
	Bonus   *int   `json:"bonus,omitempty"`
	rankJSON
}

// schoolAdviceObject is advise's JSON object for a school position: a's ranking,
// with each write's row, column, mark and reserve from actions.
func schoolAdviceObject(a *advice, strategyName string, actions []school.Action) any {
	opts := make([]schoolOption, len(actions))
	for i, act := range actions {
		o := schoolOption{rankJSON: a.rank(i)}
		if act.Score {
			w := act.Write
			v := w.Cell.Value()
			o.Action, o.Row, o.Column, o.Mark, o.Points, o.Reserve, o.Bonus = "score", a.game.Categories[w.Row].Name, w.Column+1, coach.CellText(w.Cell), &v, &w.Reserve, &w.Bonus
		} else {
			o.Action, o.keepJSON = "keep", keepOf(act.Keep, act.Reroll)
		}
		opts[i] = o
	}
	return struct {
		Game       string         `json:"game"`
		Rules      string         `json:"rules"`
		Strategy   string         `json:"strategy"`
		SheetScore int            `json:"sheet_score"`
		RollsLeft  int            `json:"rolls_left"`
		Fresh      bool           `json:"fresh"`
		Dice       []int          `json:"dice"`
		Best       schoolOption   `json:"best"`
		All        []schoolOption `json:"options"`
	}{a.game.Name, a.game.Options.String(), strategyName, a.sheetScore, a.rollsLeft, a.fresh, a.dice.Dice(), opts[0], opts}
}
