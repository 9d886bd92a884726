package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// schoolPosition is what advise was asked about a school position.
type schoolPosition struct {
	sheet, sheetFile, table string
	rollsLeft               int
	fresh, asJSON           bool
}

// adviseSchool ranks the actions of a school position.
func adviseSchool(g *engine.Game, fs *pflag.FlagSet, p schoolPosition, stdout io.Writer) error {
	sheet, err := readSchoolSheet(g, fs, p.sheet, p.sheetFile)
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
	a := schoolAdvice{game: g, strategy: st.Name, sheetScore: sheet.Score(g), rollsLeft: p.rollsLeft, fresh: p.fresh, dice: hand, actions: actions}
	if p.asJSON {
		return writeJSON(stdout, a.json())
	}
	a.writeText(stdout)
	return nil
}

// readSchoolSheet reads a school sheet from --sheet or --sheet-file.
func readSchoolSheet(g *engine.Game, fs *pflag.FlagSet, sheet, file string) (engine.SchoolSheet, error) {
	if fs.Changed("sheet") && fs.Changed("sheet-file") {
		return engine.SchoolSheet{}, usagef("give --sheet or --sheet-file, not both")
	}
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return engine.SchoolSheet{}, usagef("sheet file: %v", err)
		}
		sh, err := g.ParseSchoolSheetJSON(data)
		if err != nil {
			return sh, usagef("%s: %v", file, err)
		}
		return sh, nil
	}
	sh, err := g.ParseSchoolSheet(sheet)
	if err != nil {
		return sh, usagef("%v", err)
	}
	return sh, nil
}

// schoolAdvice is one ranked school position, ready to print.
type schoolAdvice struct {
	game       *engine.Game
	strategy   string
	sheetScore int
	rollsLeft  int
	fresh      bool
	dice       engine.Multiset
	actions    []school.Action
}

func (a *schoolAdvice) expected(i int) float64 { return float64(a.sheetScore) + a.actions[i].Value }

func (a *schoolAdvice) tie(i int) bool {
	v := a.actions[i].Value
	return i > 0 && a.actions[i-1].Value-v <= tieEpsilon || i+1 < len(a.actions) && v-a.actions[i+1].Value <= tieEpsilon
}

// describe writes action i for people.
func (a *schoolAdvice) describe(i int) string {
	act := a.actions[i]
	if !act.Score {
		if act.Keep.Size() == 0 {
			return "reroll all five (fresh)"
		}
		return fmt.Sprintf("keep %s, reroll %s", spaced(act.Keep, a.game.Letters), spaced(act.Reroll, a.game.Letters))
	}
	w := act.Write
	s := a.game.Categories[w.Row].Name + " " + coach.WriteDetail(w)
	if w.Bonus != 0 {
		s += fmt.Sprintf(" (+%d bonus)", w.Bonus)
	}
	return s
}

func (a *schoolAdvice) writeText(w io.Writer) {
	fresh := ""
	if a.fresh {
		fresh = " (fresh)"
	}
	fmt.Fprintf(w, "%s, %s, sheet score %d, dice %s%s, %d %s left\n", strategy.Describe(a.game), a.strategy, a.sheetScore,
		spaced(a.dice, a.game.Letters), fresh, a.rollsLeft, plural(a.rollsLeft, "reroll", "rerolls"))
	fmt.Fprintf(w, "best: %s (expected final score %.2f)\n\n", a.describe(0), a.expected(0))
	fmt.Fprintf(w, "%4s  %-40s %10s %8s\n", "rank", "action", "expected", "loss")
	for i := range a.actions {
		mark := ""
		if a.tie(i) {
			mark = "  tie"
		}
		fmt.Fprintf(w, "%4d  %-40s %10.3f %8.3f%s\n", i+1, a.describe(i), a.expected(i), a.expected(0)-a.expected(i), mark)
	}
}

// schoolOption is one action in the JSON output.
type schoolOption struct {
	Action   string  `json:"action"` // "keep" or "score"
	Keep     []int   `json:"keep,omitempty"`
	Reroll   []int   `json:"reroll,omitempty"`
	Row      string  `json:"row,omitempty"`
	Column   int     `json:"column,omitempty"` // 1..C
	Mark     string  `json:"mark,omitempty"`   // x, r, 0, - or points
	Points   *int    `json:"points,omitempty"` // the cell's value in the total
	Reserve  *int    `json:"reserve,omitempty"`
	Bonus    *int    `json:"bonus,omitempty"`
	Expected float64 `json:"expected"`
	Loss     float64 `json:"loss"`
	Tie      bool    `json:"tie"`
}

func (a *schoolAdvice) json() any {
	opts := make([]schoolOption, len(a.actions))
	for i, act := range a.actions {
		o := schoolOption{Expected: a.expected(i), Loss: a.expected(0) - a.expected(i), Tie: a.tie(i)}
		if act.Score {
			w := act.Write
			v := w.Cell.Value()
			mark := coach.CellText(w.Cell)
			o.Action, o.Row, o.Column, o.Mark, o.Points, o.Reserve, o.Bonus = "score", a.game.Categories[w.Row].Name, w.Column+1, mark, &v, &w.Reserve, &w.Bonus
		} else {
			o.Action, o.Keep, o.Reroll = "keep", nonNil(act.Keep.Dice()), nonNil(act.Reroll.Dice())
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
	}{a.game.Name, a.game.Options.String(), a.strategy, a.sheetScore, a.rollsLeft, a.fresh, a.dice.Dice(), opts[0], opts}
}
