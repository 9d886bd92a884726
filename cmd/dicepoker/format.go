package main

import (
	"fmt"
	"io"
	"strings"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/strategy"
)

// The advice formatting that advise, play and review share.

// expectedName names an advisor's expected final score: the optimum, or
// with a note (the advisor does not value positions exactly) its estimate.
func expectedName(note string) string {
	if note == "" {
		return "optimal expected score"
	}
	return "estimated expected score"
}

// spaced writes dice with spaces, "3 3 5".
func spaced(m engine.Multiset, letters string) string { return coach.Spaced(m, letters) }

// actionWidth is the width of the action column for a's first n actions:
// the longest description, 36 at least.
func actionWidth(a *advice.Ranking, n int) int {
	width := 36
	for i := range n {
		width = max(width, len(a.Describe(i)))
	}
	return width
}

// writeRanking prints the ranking, the first limit actions of it when
// limit is above 0, and a line for the rest, saying where they are shown
// when rest is not "". A ranking for a goal shows each action's chance of
// it beside its expected final score.
func writeRanking(w io.Writer, a *advice.Ranking, limit int, rest string) {
	fresh := ""
	if a.Fresh && a.Game.School.Fresh > 1 { // only where a fresh roll scores more
		fresh = " (fresh)"
	}
	aim := ""
	switch goal := a.Goal; {
	case goal != nil && goal.Target != nil:
		aim = fmt.Sprintf(", target %d (%d more points)", *goal.Target, max(0, *goal.Target-a.SheetScore))
	case goal != nil:
		aim = fmt.Sprintf(", opponents' sheet scores %v", goal.Opponents)
	case a.Opponents != nil:
		aim = fmt.Sprintf(", racing opponents' sheet scores %v", a.Opponents)
	}
	fmt.Fprintf(w, "%s, sheet score %d, dice %s%s, %d %s left%s\n", strategy.Describe(a.Game), a.SheetScore,
		spaced(a.Dice, a.Game.Letters), fresh, a.RollsLeft, engine.Plural(a.RollsLeft, "reroll", "rerolls"), aim)
	if a.Note != "" {
		fmt.Fprintln(w, wrap("note: "+a.Note, lineWidth))
	}
	if a.Upper != "" {
		fmt.Fprintf(w, "%s\n", a.Upper)
	}
	best := make([]string, a.Bests())
	for i := range best {
		best[i] = a.Describe(i)
	}
	chance := ""
	if a.Goal != nil {
		chance = fmt.Sprintf("chance of %s %.4f%%, ", a.Goal.What(), 100*a.Goal.Chance[0])
	}
	fmt.Fprintf(w, "best: %s (%sexpected final score %.2f)\n\n", orList(best), chance, a.Expected(0))
	shown := len(a.Actions)
	if limit > 0 {
		shown = min(shown, limit)
	}
	width := actionWidth(a, shown)
	if a.Goal != nil {
		fmt.Fprintf(w, "%4s  %-*s %10s %10s\n", "rank", width, "action", "chance", "expected")
	} else {
		fmt.Fprintf(w, "%4s  %-*s %10s %8s\n", "rank", width, "action", "expected", "loss")
	}
	for i := range shown {
		mark := ""
		if a.Tie(i) {
			mark = "  tie"
		}
		if a.Goal != nil {
			fmt.Fprintf(w, "%4d  %-*s %9.4f%% %10.3f%s\n", i+1, width, a.Describe(i), 100*a.Goal.Chance[i], a.Expected(i), mark)
		} else {
			fmt.Fprintf(w, "%4d  %-*s %10.3f %8.3f%s\n", i+1, width, a.Describe(i), a.Expected(i), a.Expected(0)-a.Expected(i), mark)
		}
	}
	if shown < len(a.Actions) {
		if rest != "" {
			rest = " (" + rest + ")"
		}
		fmt.Fprintf(w, "      ... %d more%s\n", len(a.Actions)-shown, rest)
	}
}

// orList joins items with " or ": a description has commas of its own.
func orList(items []string) string { return strings.Join(items, " or ") }
