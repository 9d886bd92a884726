package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/review"
	"dicepoker/strategy"
)

const reviewSummary = `Review a game record (what play writes): for each decision the action
taken, the best action and the expected points the action taken gave up;
then the points lost in all and the share of decisions that were optimal
(ties count as optimal). A record that breaks the rules is refused with
its line number.`

// runReview reviews a game record.
func runReview(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("review")
	asJSON := addJSONFlag(fs)
	tableFile := addTableFlag(fs)
	rules := fs.String("rules", "", "the game file the record was played by (docs/rules.md); a built-in game's record names its game")
	file, err := parseFile(fs, args, stdout, "review FILE [--rules FILE] [--json] [--table FILE]", reviewSummary)
	if err != nil {
		return err
	}
	var g *engine.Game
	if fs.Changed("rules") {
		if g, _, err = readRules(*rules); err != nil {
			return err
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return fileError("", err)
	}
	defer f.Close()
	o := e.opened(*tableFile)
	o.Mapped = true // a review reads its tables, answers and ends: no copy of them
	r, err := advice.Review(o, f, file, g)
	if err != nil {
		return err
	}
	if r.Warning != "" {
		notice("warning: " + r.Warning)
	}
	if *asJSON {
		return writeJSON(stdout, advice.ReviewJSON(r))
	}
	writeReview(stdout, r)
	return nil
}

// parseFile parses args as parseFlags does, with exactly one argument
// that is not a flag: the file, which it returns.
func parseFile(fs *pflag.FlagSet, args []string, stdout io.Writer, usage, summary string) (string, error) {
	if err := fs.Parse(args); err != nil {
		return "", parseFlags(fs, args, stdout, usage, summary) // the help, or the flag error
	}
	switch fs.NArg() {
	case 0:
		return "", usagef("missing the record file (usage: dicepoker %s)", usage)
	case 1:
		return fs.Arg(0), nil
	}
	return "", usagef("unexpected argument %s: give one record file", quotedName(fs.Arg(1)))
}

// writeReview prints a review: a line per decision, then the totals.
func writeReview(w io.Writer, r *review.Report) {
	fmt.Fprintf(w, "review of %s: %d decisions\n", strategy.Describe(r.Game), len(r.Items))
	if r.Note != "" {
		fmt.Fprintln(w, wrap("note: "+r.Note, lineWidth))
	}
	taken, best := make([]string, len(r.Items)), make([]string, len(r.Items))
	width := 32
	for i, it := range r.Items {
		a := advice.ItemRanking(r, it)
		taken[i], best[i] = a.Describe(it.Taken), a.Describe(0)
		width = max(width, len(taken[i]), len(best[i]))
	}
	dice := 2*r.Game.Dice - 1 // the dice spaced
	fmt.Fprintf(w, "%4s %4s %4s  %-*s  %-*s %-*s %7s\n", "line", "turn", "roll", dice, "dice", width, "taken", width, "best", "loss")
	for i, it := range r.Items {
		p := it.Entry.Position
		roll := fmt.Sprintf("%d/%d", r.Game.Rolls-p.RollsLeft, r.Game.Rolls)
		fmt.Fprintf(w, "%4d %4d %4s  %-*s  %-*s %-*s %7.3f\n", it.Entry.Line, p.Sheet.Turn(), roll,
			dice, spaced(p.Dice, r.Game.Letters), width, taken[i], width, best[i], it.Loss)
	}
	fmt.Fprintf(w, "\ntotal loss %.3f points; %d of %d decisions optimal (%.1f%%)\n",
		r.Loss, r.Optimal, len(r.Items), 100*r.Share())
	state := "game over"
	if !r.Final.Over() {
		state = fmt.Sprintf("game stopped before turn %d of %d", r.Final.Turn(), r.Game.Turns())
	}
	fmt.Fprintf(w, "%s, score %d; %s of a new game %.2f\n", state, r.Final.Score(), expectedName(r.Note), r.Expected)
}
