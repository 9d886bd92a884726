package main

import (
	"fmt"
	"io"
	"strings"

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
	rollouts                int    // games to play on after each of the best actions
	seed                    uint64 // of the rollouts' dice
	top                     int    // the options shown, 0 for every one
}

// rolloutActions is how many of the best actions --rollouts plays on after.
const rolloutActions = 5

// maxRollouts is the most games --rollouts plays after each action.
const maxRollouts = 1_000_000

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
	if p.rollouts < 0 || p.rollouts > maxRollouts {
		return usagef("--rollouts %d: must be 0 to %d", p.rollouts, maxRollouts)
	}
	if p.rollsLeft == g.Rolls-1 {
		if fs.Changed("fresh") && !p.fresh {
			return usagef("--fresh=false: the first roll of a turn is always fresh")
		}
		p.fresh = true
	}
	if p.table == "" {
		if g, err = takenGame(g, sheet); err != nil {
			return err
		}
	}
	st, err := openSchool(g, p.table, "")
	if err != nil {
		return err
	}
	state := sheet.State(g)
	k := school.NewKernel(g)
	actions, err := k.Actions(state, hand, p.rollsLeft, p.fresh, st.Player(&state))
	if err != nil {
		return usagef("%v", err)
	}
	a := advice{game: g, sheetScore: sheet.Score(g), rollsLeft: p.rollsLeft, fresh: p.fresh, dice: hand,
		actions: coach.SchoolOptions(g, actions), note: st.note(g), rest: restHint}
	var rolls []school.Rollout
	if p.rollouts > 0 {
		top := actions[:min(len(actions), rolloutActions)]
		rolls = k.Rollouts(state, top, p.rollsLeft, st.Player, p.rollouts, p.seed, 0)
	}
	if p.asJSON {
		return writeJSON(stdout, schoolAdviceObject(&a, st.Name, actions[:shown(len(actions), p.top)], rolls))
	}
	a.writeText(stdout, p.top)
	if rolls != nil {
		writeRollouts(stdout, &a, rolls, p.seed)
	}
	return nil
}

// takenGame returns the game whose exact table values the sheets after a
// turn rightly for a one-column sheet on which other players have taken
// row bonuses: the game that starts without those bonuses (its own table,
// solved on first use). Other sheets keep g: the estimate of several
// columns sees taken bonuses in the sheet itself.
func takenGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error) {
	if g.Columns != 1 || sheet.TakenRows == 0 {
		return g, nil
	}
	var names []string
	for c, cat := range g.Categories {
		if sheet.TakenRows&(1<<c) != 0 {
			names = append(names, cat.Name)
		}
	}
	o := g.Options
	o.Taken = strings.Join(names, "+")
	return engine.New(g.Name, o)
}

// writeRollouts prints what the games played on after the best actions of
// a say: each one's mean final score with its 95% confidence interval,
// beside the expected score the ranking gives it.
func writeRollouts(w io.Writer, a *advice, rolls []school.Rollout, seed uint64) {
	fmt.Fprintf(w, "\nrollouts: %d games played on after each of the %d best actions (seed %d),\n", rolls[0].Games, len(rolls), seed)
	fmt.Fprintf(w, "each turn rolling the same dice after every action; no other player takes a bonus meanwhile\n")
	width := a.actionWidth(len(rolls))
	fmt.Fprintf(w, "%4s  %-*s %10s %10s %9s %9s %9s\n", "rank", width, "action", "expected", "rollout", "95% CI", "vs 1st", "95% CI")
	for i, r := range rolls {
		fmt.Fprintf(w, "%4d  %-*s %10.3f %10.3f %9s %9.3f %9s\n", i+1, width, a.describe(i), a.expected(i),
			float64(a.sheetScore)+r.Mean, fmt.Sprintf("± %.3f", r.CI95), r.VsFirst, fmt.Sprintf("± %.3f", r.VsCI95))
	}
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
	Rollout *rolloutJSON `json:"rollout,omitempty"` // with --rollouts, for the best actions
}

// rolloutJSON is what the games played on after an option say of it.
type rolloutJSON struct {
	Games    int        `json:"games"`
	Expected float64    `json:"expected"` // the mean final score
	CI95     [2]float64 `json:"ci95"`
	// VsBest is the mean difference, game by game, from the games after
	// the best-ranked option, with its interval.
	VsBest     float64    `json:"vs_best"`
	VsBestCI95 [2]float64 `json:"vs_best_ci95"`
}

// schoolAdviceObject is advise's JSON object for a school position: a's ranking,
// with each write's row, column, mark and reserve from actions, and the
// rollouts of the first len(rolls) actions.
func schoolAdviceObject(a *advice, strategyName string, actions []school.Action, rolls []school.Rollout) any {
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
		if i < len(rolls) {
			r, mean := rolls[i], float64(a.sheetScore)+rolls[i].Mean
			o.Rollout = &rolloutJSON{Games: r.Games, Expected: mean, CI95: [2]float64{mean - r.CI95, mean + r.CI95},
				VsBest: r.VsFirst, VsBestCI95: [2]float64{r.VsFirst - r.VsCI95, r.VsFirst + r.VsCI95}}
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
		BestTied   int            `json:"best_tied"`
		All        []schoolOption `json:"options"`
		Total      int            `json:"total_options"`
	}{a.game.Name, a.game.Options.String(), strategyName, a.sheetScore, a.rollsLeft, a.fresh, a.dice.Dice(), opts[0], a.bests(), opts, len(a.actions)}
}
