package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/strategy"
)

const reviewSummary = `Review a game record (what play writes): for each decision the action
taken, the best action and the expected points the action taken gave up;
then the points lost in all and the share of decisions that were optimal
(ties count as optimal). A record that breaks the rules is refused with
its line number.`

// runReview reviews a game record.
func runReview(args []string, stdout io.Writer) error {
	fs := newFlagSet("review")
	asJSON := fs.Bool("json", false, "print one JSON object")
	tableFile := fs.String("table", "", "the strategy table to read (default: the tables directory)")
	file, err := parseFile(fs, args, stdout, "review FILE [--json] [--table FILE]", reviewSummary)
	if err != nil {
		return err
	}
	f, err := os.Open(file)
	if err != nil {
		return usagef("%v", err)
	}
	defer f.Close()
	rec, err := record.Read(f, file)
	if err != nil {
		return &usageError{err.Error()}
	}
	adv, err := openAdvisor(rec.Game, *tableFile)
	if err != nil {
		return err
	}
	r, err := review.Review(rec, adv)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, reviewJSON(r))
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
	return "", usagef("unexpected argument %q: give one record file", fs.Arg(1))
}

// openAdvisor returns the advisor that ranks g's positions: its strategy
// table for the single-sheet games; for school the exact table with one
// column, the estimate with more (see openSchool).
func openAdvisor(g *engine.Game, tableFile string) (coach.Advisor, error) {
	if g.Columns != 0 {
		st, err := openSchool(g, tableFile, "")
		if err != nil {
			return nil, err
		}
		return coach.SchoolAdvisor(g, st.Player, st.Expected, st.note(g)), nil
	}
	t, err := openTable(g, tableFile)
	if err != nil {
		return nil, err
	}
	return coach.TableAdvisor(t), nil
}

// itemAdvice returns a judged decision's ranking, ready to describe.
func itemAdvice(r *review.Report, it review.Item) *advice {
	p := it.Entry.Position
	return &advice{game: r.Game, sheetScore: p.Sheet.Score(), rollsLeft: p.RollsLeft, fresh: p.Fresh, dice: p.Dice, actions: it.Actions, note: r.Note}
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
		a := itemAdvice(r, it)
		taken[i], best[i] = a.describe(it.Taken), a.describe(0)
		width = max(width, len(taken[i]), len(best[i]))
	}
	fmt.Fprintf(w, "%4s %4s %4s  %-9s  %-*s %-*s %7s\n", "line", "turn", "roll", "dice", width, "taken", width, "best", "loss")
	for i, it := range r.Items {
		p := it.Entry.Position
		roll := fmt.Sprintf("%d/%d", r.Game.Rolls-p.RollsLeft, r.Game.Rolls)
		fmt.Fprintf(w, "%4d %4d %4s  %-9s  %-*s %-*s %7.3f\n", it.Entry.Line, p.Sheet.Turn(), roll,
			spaced(p.Dice, r.Game.Letters), width, taken[i], width, best[i], it.Loss)
	}
	fmt.Fprintf(w, "\ntotal loss %.3f points; %d of %d decisions optimal (%.1f%%)\n",
		r.Loss, r.Optimal, len(r.Items), 100*r.Share())
	state := "game over"
	if !r.Final.Over() {
		state = fmt.Sprintf("game stopped before turn %d of %d", r.Final.Turn(), r.Game.Turns())
	}
	fmt.Fprintf(w, "%s, score %d; %s of a new game %.2f\n", state, r.Final.Score(), expectedName(r.Note), r.Expected)
}

// reviewDecision is one decision in the JSON output.
type reviewDecision struct {
	Line          int           `json:"line"`
	Turn          int           `json:"turn"`
	Sheet         string        `json:"sheet"`
	Dice          []int         `json:"dice"`
	RollsLeft     int           `json:"rolls_left"`
	Taken         record.Action `json:"taken"`
	Best          record.Action `json:"best"`
	TakenExpected float64       `json:"taken_expected"`
	BestExpected  float64       `json:"best_expected"`
	Loss          float64       `json:"loss"`
	Optimal       bool          `json:"optimal"`
}

// reviewJSON returns the review as one object for --json.
func reviewJSON(r *review.Report) any {
	ds := make([]reviewDecision, len(r.Items))
	for i, it := range r.Items {
		p, a := it.Entry.Position, itemAdvice(r, it)
		ds[i] = reviewDecision{Line: it.Entry.Line, Turn: p.Sheet.Turn(), Sheet: p.Sheet.String(), Dice: p.Dice.Dice(),
			RollsLeft: p.RollsLeft, Taken: record.ActionOf(it.Entry.Action), Best: record.ActionOf(it.Actions[0].Action),
			TakenExpected: a.expected(it.Taken), BestExpected: a.expected(0), Loss: it.Loss, Optimal: it.Optimal()}
	}
	return struct {
		Game          string           `json:"game"`
		Options       string           `json:"options"`
		Rules         string           `json:"rules"`
		Note          string           `json:"note,omitempty"`
		Decisions     []reviewDecision `json:"decisions"`
		TotalLoss     float64          `json:"total_loss"`
		Optimal       int              `json:"optimal"`
		OptimalShare  float64          `json:"optimal_share"`
		Complete      bool             `json:"complete"`
		Score         int              `json:"score"`
		ExpectedScore float64          `json:"expected_score"`
	}{r.Game.Name, r.Game.Options.String(), r.Game.Options.String(), r.Note, ds, r.Loss, r.Optimal, r.Share(), r.Final.Over(), r.Final.Score(), r.Expected}
}
