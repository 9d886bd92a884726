package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/atomicfile"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

const adviseSummary = `Rank every legal action for the dice in hand, best first, by the expected
final score it leads to under optimal play: each keep (the dice kept and
rerolled) while rolls are left, and each box the rules allow. The first
time a game is asked about, its strategy table is solved and saved.`

// runAdvise prints the ranked actions of one position.
func runAdvise(args []string, stdout io.Writer) error {
	fs := newFlagSet("advise")
	gf := addGameFlags(fs)
	sheetFlag := fs.String("sheet", "", `the filled boxes with their points, "ones=3,fives=15,yahtzee=50" (empty: a new game)`)
	sheetFile := fs.String("sheet-file", "", `the sheet as a JSON file, {"ones": 3, ...}`)
	fs.String("dice", "", `the five dice in hand: "3,3,5,5,6" or "33556"; poker-dice also 9TJQKA`)
	rollsLeft := fs.Int("rolls-left", -1, "rerolls still allowed this turn (default: all but the first roll)")
	tableFile := fs.String("table", "", "the strategy table to read (default: the tables directory)")
	fresh := fs.Bool("fresh", false, "school: the dice came from a roll of all five (always so on the first roll)")
	rollouts := fs.Int("rollouts", 0, "school: also play this many games on after each of the best actions (0: none)")
	seed := fs.Uint64("seed", 1, "school: the seed of the --rollouts games' dice")
	top := fs.Int("top", 0, fmt.Sprintf("show only the N best actions (default: %d in text, every one with --json; 0: every one)", textTop))
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args, stdout, "advise [--game G] [game options] [--sheet S | --sheet-file F] --dice D [--rolls-left N] [--top N] [--table FILE] [--json]", adviseSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	if *top < 0 {
		return usagef("--top %d: give 1 or more, or 0 for every action", *top)
	}
	if !fs.Changed("top") && !*asJSON {
		*top = textTop
	}
	if g.Columns != 0 {
		return adviseSchool(g, fs, schoolPosition{sheet: *sheetFlag, sheetFile: *sheetFile, table: *tableFile,
			rollsLeft: *rollsLeft, fresh: *fresh, asJSON: *asJSON, rollouts: *rollouts, seed: *seed, top: *top}, stdout)
	}
	for _, name := range []string{"fresh", "rollouts", "seed"} {
		if fs.Changed(name) {
			return usagef("--%s belongs to school, not to %s, whose values are exact", name, g.Name)
		}
	}
	sheet, err := readSheet(fs, *sheetFlag, *sheetFile,
		func(s string) (engine.Sheet, error) { return engine.ParseSheet(g, s) },
		func(b []byte) (engine.Sheet, error) { return engine.ParseSheetJSON(g, b) })
	if err != nil {
		return err
	}
	hand, err := handFlag(fs, "dice", g, "the five dice in hand")
	if err != nil {
		return err
	}
	if !fs.Changed("rolls-left") {
		*rollsLeft = g.Rolls - 1
	}
	if *rollsLeft < 0 || *rollsLeft >= g.Rolls {
		return usagef("--rolls-left %d: %s allows 0..%d rerolls after the first roll", *rollsLeft, g.Name, g.Rolls-1)
	}
	t, err := openTable(g, *tableFile)
	if err != nil {
		return err
	}
	actions, err := t.Actions(sheet.State(g), hand, *rollsLeft)
	if err != nil {
		return usagef("%v", err)
	}
	a := advice{game: g, sheetScore: sheet.Score(g), rollsLeft: *rollsLeft, dice: hand, actions: coach.Ranking(g, actions),
		upper: sheet.UpperLine(g), rest: restHint}
	if *asJSON {
		return writeJSON(stdout, a.json(*top))
	}
	a.writeText(stdout, *top)
	return nil
}

// textTop is how many actions advise shows people by default.
const textTop = 10

// restHint says where advise shows the actions its text leaves out.
const restHint = "--top 0 shows every one"

// shown returns how many of n options the JSON keeps for --top top.
func shown(n, top int) int {
	if top > 0 {
		return min(n, top)
	}
	return n
}

// readSheet reads the sheet from --sheet, with parse, or from the JSON
// file of --sheet-file, with parseJSON.
func readSheet[S any](fs *pflag.FlagSet, sheet, file string, parse func(string) (S, error), parseJSON func([]byte) (S, error)) (S, error) {
	var none S
	if fs.Changed("sheet") && fs.Changed("sheet-file") {
		return none, usagef("give --sheet or --sheet-file, not both")
	}
	if file != "" {
		data, err := readBounded(file, maxSheetFile)
		if err != nil {
			return none, usagef("--sheet-file: sheet file %v", err)
		}
		sh, err := parseJSON(data)
		if err != nil {
			return sh, usagef("%s: %v", file, err)
		}
		return sh, nil
	}
	sh, err := parse(sheet)
	if err != nil {
		return sh, usagef("%v", err)
	}
	return sh, nil
}

// maxSheetFile is the most bytes --sheet-file reads: a sheet in JSON
// takes a few hundred.
const maxSheetFile = 64 << 10

// readBounded reads the file at path, refusing one longer than limit bytes
// as soon as it reads that much, so that /dev/zero or a huge file is
// refused at once instead of filling the memory.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return nil, fmt.Errorf("%s: %w", path, pe.Err)
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: longer than %d KiB, too long for a sheet", path, limit>>10)
	}
	return data, nil
}

// openTable reads the table of g from file, or from the tables directory,
// solving and saving it there first when it is missing. A table that
// cannot be used is bad input: it says how to rebuild it.
func openTable(g *engine.Game, file string) (*strategy.Table, error) {
	var t *strategy.Table
	var err error
	if file != "" {
		t, err = strategy.Load(file, g)
	} else {
		dir, derr := tables.DefaultDir()
		if derr != nil {
			return nil, derr
		}
		t, err = strategy.Open(dir, g, solver.Options{Progress: progress("solving " + g.Name)}, notice)
	}
	return t, tableError(err)
}

// tableError sorts an error of opening a table: nil when only saving it
// failed (the table solved in memory serves this run, and stderr says so),
// bad input for a table that cannot be used (it says how to rebuild it),
// else a failure of the system, as it is.
func tableError(err error) error {
	var write *tables.WriteError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &write):
		notice(fmt.Sprintf("warning: %v; the table is used from memory for this run only", err))
		return nil
	case errors.Is(err, tables.ErrCorrupt), errors.Is(err, tables.ErrVersion), errors.Is(err, tables.ErrRules),
		errors.Is(err, fs.ErrNotExist), errors.Is(err, atomicfile.ErrNotRegular):
		return &usageError{err.Error()}
	}
	return err
}

// adviceOption is one action in the JSON output.
type adviceOption struct {
	Action string `json:"action"` // "keep" or "score"
	keepJSON
	Category string `json:"category,omitempty"`
	Points   *int   `json:"points,omitempty"`
	Bonus    *int   `json:"bonus,omitempty"`
	rankJSON
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
func (a *advice) rank(i int) rankJSON {
	return rankJSON{a.expected(i), a.expected(0) - a.expected(i), a.tie(i)}
}

// json returns advise's JSON object, with the first top options (every
// one for 0).
func (a *advice) json(top int) any {
	opts := make([]adviceOption, shown(len(a.actions), top))
	for i, act := range a.actions[:len(opts)] {
		o := adviceOption{rankJSON: a.rank(i)}
		if act.Box != "" {
			o.Action, o.Category, o.Points, o.Bonus = "score", act.Box, &act.Points, &act.Bonus
		} else {
			o.Action, o.keepJSON = "keep", keepOf(act.Keep, act.Reroll)
		}
		opts[i] = o
	}
	return struct {
		Game       string         `json:"game"`
		Rules      string         `json:"rules"`
		SheetScore int            `json:"sheet_score"`
		RollsLeft  int            `json:"rolls_left"`
		Dice       []int          `json:"dice"`
		Best       adviceOption   `json:"best"`
		BestTied   int            `json:"best_tied"` // the options, from the first, tied with the best
		All        []adviceOption `json:"options"`
		Total      int            `json:"total_options"` // every legal action, shown or not
	}{a.game.Name, a.game.Options.String(), a.sheetScore, a.rollsLeft, a.dice.Dice(), opts[0], a.bests(), opts, len(a.actions)}
}
