// Package advice is what the advising commands answer, built once for
// every front end (the command line, the web server, the offline page)
// so that they can never disagree: a position's ranked actions and their
// JSON (advise: every front end's Request, answered by Advise alone, also
// ranked by the chance of a target or of beating opponents), the points
// of five dice in every box (score), a played game judged (review), and
// the strategies that rank them, opened from the tables directory.
package advice

import (
	"fmt"
	"math"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/target"
)

// Ranking is one position's actions, ranked best first, ready to print or
// encode.
type Ranking struct {
	Game       *engine.Game
	SheetScore int
	RollsLeft  int
	Fresh      bool // the dice came from a roll of all five (school scores them double)
	Dice       engine.Multiset
	Actions    []coach.Option
	Note       string // how the advisor values positions, when not exactly
	Upper      string // where the upper section stands against its bonus, or ""
	// Goal, when set, is what the actions are ranked by instead of the
	// expected score (advise --target, --opponent): then an action's Value
	// is the points expected under the play for the goal.
	Goal *Goal
	// Opponents, for school, are the other players' sheet scores, when
	// the actions are ranked racing them (advise --opponent).
	Opponents []int
}

// Goal is an aim other than the most points on average: a final total
// to reach, or opponents to finish ahead of.
type Goal struct {
	Target    *int      // the least final total aimed at, or nil
	Opponents []int     // the opponents' sheet scores, when playing to beat them
	Chance    []float64 // by action: the chance of the target, or of winning
	// Near reports whether chance p counts as the same as best, as the
	// ranking told them apart: target.Near32 where the every-target
	// table ranked the actions; nil is target.Near.
	Near func(p, best float64) bool
}

// What says what the goal's chances are of, for people: "36 or more",
// "winning".
func (g *Goal) What() string {
	if g.Target != nil {
		return fmt.Sprintf("%d or more", *g.Target)
	}
	return "winning"
}

// Expected returns action i's expected final score.
func (a *Ranking) Expected(i int) float64 { return float64(a.SheetScore) + a.Actions[i].Value }

// Tie reports whether action i is tied with the best: for the best itself,
// whether another action is. Ranked for a goal, a tie is as likely to
// reach it (near as the ranking's, Goal.Near) as well as as good in
// points.
func (a *Ranking) Tie(i int) bool {
	if i == 0 {
		return len(a.Actions) > 1 && a.Tie(1)
	}
	if a.Goal != nil {
		near := a.Goal.Near
		if near == nil {
			near = target.Near
		}
		if !near(a.Goal.Chance[i], a.Goal.Chance[0]) {
			return false
		}
	}
	return math.Abs(a.Actions[0].Value-a.Actions[i].Value) <= coach.Tie
}

// Bests returns how many actions, from the first, are tied with the best.
func (a *Ranking) Bests() int {
	n := 1
	for n < len(a.Actions) && a.Tie(n) {
		n++
	}
	return n
}

// Shown returns how many of n options the JSON keeps for top: the first
// top, every one for 0.
func Shown(n, top int) int {
	if top > 0 {
		return min(n, top)
	}
	return n
}

// Describe writes action i for people, with the game's own faces.
func (a *Ranking) Describe(i int) string {
	act := a.Actions[i]
	switch {
	case act.Detail != "":
		return act.Box + " " + act.Detail + BonusText(act.Bonus)
	case act.Box != "":
		return fmt.Sprintf("score %s for %d", act.Box, act.Points) + BonusText(act.Bonus)
	case act.Keep.Size() == 0 && coach.NewSheet(a.Game).Terms().Fresh != "":
		return "reroll all five (fresh)"
	case act.Keep.Size() == 0 && a.Game.Dice == 6:
		return "reroll all six"
	case act.Keep.Size() == 0:
		return "reroll all five"
	}
	return fmt.Sprintf("keep %s, reroll %s", coach.Spaced(act.Keep, a.Game.Letters), coach.Spaced(act.Reroll, a.Game.Letters))
}

// BonusText writes the bonuses a move earns, " (+35 bonus)", or "" for none.
func BonusText(bonus int) string {
	if bonus == 0 {
		return ""
	}
	return fmt.Sprintf(" (+%d bonus)", bonus)
}

// option is one action in advise's JSON.
type option struct {
	Action string `json:"action"` // "keep" or "score"
	keepJSON
	Category string `json:"category,omitempty"`
	Points   *int   `json:"points,omitempty"`
	Bonus    *int   `json:"bonus,omitempty"`
	rankJSON
	Probability *float64 `json:"probability,omitempty"` // ranked for a goal: the chance of it
}

// keepJSON is a keep's dice in advise's JSON, for every game.
type keepJSON struct {
	Keep   *[]int `json:"keep,omitempty"` // a pointer, so that keeping nothing is []
	Reroll *[]int `json:"reroll,omitempty"`
}

// keepOf returns the JSON of keeping keep and rerolling reroll.
func keepOf(keep, reroll engine.Multiset) keepJSON {
	k, r := keep.Dice(), reroll.Dice()
	return keepJSON{&k, &r}
}

// rankJSON is what every option of advise's JSON ends with.
type rankJSON struct {
	Expected float64 `json:"expected"`
	Loss     float64 `json:"loss"`
	Tie      bool    `json:"tie"`
}

// rank returns action i's expected final score, loss and tie.
func (a *Ranking) rank(i int) rankJSON {
	return rankJSON{a.Expected(i), a.Expected(0) - a.Expected(i), a.Tie(i)}
}

// adviceJSON is advise's JSON object, for every game, with options of
// type O: school's positions add the strategy and whether the roll is
// fresh, a ranking for a goal adds the goal and the chance of it.
type adviceJSON[O any] struct {
	Game       string   `json:"game"`
	Rules      string   `json:"rules"`
	Strategy   string   `json:"strategy,omitempty"` // school
	SheetScore int      `json:"sheet_score"`
	RollsLeft  int      `json:"rolls_left"`
	Fresh      *bool    `json:"fresh,omitempty"` // school
	Dice       []int    `json:"dice"`
	Target     *int     `json:"target,omitempty"`
	Opponents  []int    `json:"opponents,omitempty"`   // their sheet scores
	Drift      *float64 `json:"drift,omitempty"`       // school's estimate: what each expected score adds to the estimate's (school.Drift)
	Chance     *float64 `json:"probability,omitempty"` // of the goal, with the best action
	Best       O        `json:"best"`
	BestTied   int      `json:"best_tied"` // the options, from the first, tied with the best
	All        []O      `json:"options"`
	Total      int      `json:"total_options"` // every legal action, shown or not
}

// JSON returns advise's JSON object for a single-sheet game's ranking,
// with the first top options (every one for 0); ranked for a goal, with
// the goal and each option's chance of it.
func (a *Ranking) JSON(top int) any {
	opts := make([]option, Shown(len(a.Actions), top))
	for i, act := range a.Actions[:len(opts)] {
		o := option{rankJSON: a.rank(i)}
		if a.Goal != nil {
			o.Probability = &a.Goal.Chance[i]
		}
		if act.Box != "" {
			o.Action, o.Category, o.Points, o.Bonus = "score", act.Box, &act.Points, &act.Bonus
		} else {
			o.Action, o.keepJSON = "keep", keepOf(act.Keep, act.Reroll)
		}
		opts[i] = o
	}
	j := adviceOf(a, opts)
	if a.Goal != nil {
		j.Target, j.Opponents, j.Chance = a.Goal.Target, a.Goal.Opponents, &a.Goal.Chance[0]
	}
	return j
}

// adviceOf returns the JSON of ranking a that every game's advice holds,
// with opts, the options shown.
func adviceOf[O any](a *Ranking, opts []O) adviceJSON[O] {
	return adviceJSON[O]{Game: a.Game.Name, Rules: a.Game.Options.String(), SheetScore: a.SheetScore, RollsLeft: a.RollsLeft,
		Dice: a.Dice.Dice(), Best: opts[0], BestTied: a.Bests(), All: opts, Total: len(a.Actions)}
}
