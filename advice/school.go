package advice

import (
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
)

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

// schoolJSON is advise's JSON object for a school position: a's ranking,
// with each write's column, mark and reserve from writes (each action's,
// in a's order), and the rollouts of the first len(rolls) actions; the
// first top options (every one for 0).
func schoolJSON(a *Ranking, strategyName string, writes []engine.SchoolWrite, rolls []school.Rollout, drift *float64, top int) any {
	opts := make([]schoolOption, Shown(len(a.Actions), top))
	for i, act := range a.Actions[:len(opts)] {
		o := schoolOption{rankJSON: a.rank(i)}
		if act.Box != "" {
			w := &writes[i]
			v := w.Cell.Value()
			o.Action, o.Row, o.Column, o.Mark, o.Points, o.Reserve, o.Bonus = "score", act.Box, w.Column+1, coach.CellText(w.Cell), &v, &w.Reserve, &w.Bonus
		} else {
			o.Action, o.keepJSON = "keep", keepOf(act.Keep, act.Reroll)
		}
		if i < len(rolls) {
			r, mean := rolls[i], float64(a.SheetScore)+rolls[i].Mean
			o.Rollout = &rolloutJSON{Games: r.Games, Expected: mean, CI95: [2]float64{mean - r.CI95, mean + r.CI95},
				VsBest: r.VsFirst, VsBestCI95: [2]float64{r.VsFirst - r.VsCI95, r.VsFirst + r.VsCI95}}
		}
		opts[i] = o
	}
	j := adviceOf(a, opts)
	j.Strategy, j.Fresh, j.Opponents, j.Drift = strategyName, &a.Fresh, a.Opponents, drift
	return j
}
