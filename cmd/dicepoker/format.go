package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/review"
	"dicepoker/strategy"
)

// The advice formatting that advise, play and review share.

// tieEpsilon is how close two expected scores must be to count as a tie.
const tieEpsilon = review.Epsilon

// advice is one ranked position, ready to print.
type advice struct {
	game       *engine.Game
	sheetScore int
	rollsLeft  int
	fresh      bool // the dice came from a roll of all five (school scores them double)
	dice       engine.Multiset
	actions    []coach.Option
	note       string // how the advisor values positions, when not exactly
	upper      string // where the upper section stands against its bonus, or ""
	rest       string // where the actions left out of the text are shown, or ""
}

// expected returns action i's expected final score.
func (a *advice) expected(i int) float64 { return float64(a.sheetScore) + a.actions[i].Value }

// tie reports whether action i is tied with the best: for the best itself,
// whether another action is.
func (a *advice) tie(i int) bool {
	if i == 0 {
		return len(a.actions) > 1 && a.tie(1)
	}
	return math.Abs(a.actions[0].Value-a.actions[i].Value) <= tieEpsilon
}

// bests returns how many actions, from the first, are tied with the best.
func (a *advice) bests() int {
	n := 1
	for n < len(a.actions) && a.tie(n) {
		n++
	}
	return n
}

// describe writes action i for people, with the game's own faces.
func (a *advice) describe(i int) string {
	act := a.actions[i]
	switch {
	case act.Detail != "":
		return act.Box + " " + act.Detail + bonusText(act.Bonus)
	case act.Box != "":
		return fmt.Sprintf("score %s for %d", act.Box, act.Points) + bonusText(act.Bonus)
	case act.Keep.Size() == 0 && a.game.Columns != 0:
		return "reroll all five (fresh)"
	case act.Keep.Size() == 0:
		return "reroll all five"
	}
	return fmt.Sprintf("keep %s, reroll %s", spaced(act.Keep, a.game.Letters), spaced(act.Reroll, a.game.Letters))
}

// expectedName names an advisor's expected final score: the optimum, or
// with a note (the advisor does not value positions exactly) its estimate.
func expectedName(note string) string {
	if note == "" {
		return "optimal expected score"
	}
	return "estimated expected score"
}

// bonusText writes the bonuses a move earns, " (+35 bonus)", or "" for none.
func bonusText(bonus int) string {
	if bonus == 0 {
		return ""
	}
	return fmt.Sprintf(" (+%d bonus)", bonus)
}

// spaced writes dice with spaces, "3 3 5".
func spaced(m engine.Multiset, letters string) string { return coach.Spaced(m, letters) }

// actionWidth is the width of the action column for a's first n actions:
// the longest description, 36 at least.
func (a *advice) actionWidth(n int) int {
	width := 36
	for i := range n {
		width = max(width, len(a.describe(i)))
	}
	return width
}

// writeText prints the ranking, the first limit actions of it when limit
// is above 0, and a line for the rest.
func (a *advice) writeText(w io.Writer, limit int) {
	fresh := ""
	if a.fresh && a.game.Columns != 0 {
		fresh = " (fresh)"
	}
	fmt.Fprintf(w, "%s, sheet score %d, dice %s%s, %d %s left\n", strategy.Describe(a.game), a.sheetScore,
		spaced(a.dice, a.game.Letters), fresh, a.rollsLeft, plural(a.rollsLeft, "reroll", "rerolls"))
	if a.note != "" {
		fmt.Fprintln(w, wrap("note: "+a.note, lineWidth))
	}
	if a.upper != "" {
		fmt.Fprintf(w, "%s\n", a.upper)
	}
	best := make([]string, a.bests())
	for i := range best {
		best[i] = a.describe(i)
	}
	fmt.Fprintf(w, "best: %s (expected final score %.2f)\n\n", orList(best), a.expected(0))
	shown := len(a.actions)
	if limit > 0 {
		shown = min(shown, limit)
	}
	width := a.actionWidth(shown)
	fmt.Fprintf(w, "%4s  %-*s %10s %8s\n", "rank", width, "action", "expected", "loss")
	for i := range shown {
		mark := ""
		if a.tie(i) {
			mark = "  tie"
		}
		fmt.Fprintf(w, "%4d  %-*s %10.3f %8.3f%s\n", i+1, width, a.describe(i), a.expected(i), a.expected(0)-a.expected(i), mark)
	}
	if shown < len(a.actions) {
		rest := ""
		if a.rest != "" {
			rest = " (" + a.rest + ")"
		}
		fmt.Fprintf(w, "      ... %d more%s\n", len(a.actions)-shown, rest)
	}
}

// orList joins items with " or ": a description has commas of its own.
func orList(items []string) string { return strings.Join(items, " or ") }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
