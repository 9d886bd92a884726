package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/gctarget"
	"dicepoker/school"
	"dicepoker/tables"
)

const adviseSummary = `Rank every legal action for the dice in hand, best first, by the expected
final score it leads to under optimal play: each keep (the dice kept and
rerolled) while rolls are left, and each box the rules allow. The first
time a game is asked about, its strategy table is solved and saved.
--target T ranks instead by the chance of a final total of T or more,
read from the game's every-target table (built and saved on first use);
--opponent SHEET by the chance of finishing ahead of players on those
sheets, solved on each call. School's --opponent
(its notation) values each first-come bonus by the chance of taking it
before the opponents.`

// runAdvise prints the ranked actions of one position.
func runAdvise(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("advise")
	sheetFlag := fs.String("sheet", "", `the filled boxes with their points, "ones=3,fives=15,yahtzee=50" (empty: a new game)`)
	sheetFile := fs.String("sheet-file", "", `the sheet as a JSON file, {"ones": 3, ...}`)
	fs.String("dice", "", `the dice in hand: "3,3,5,5,6" or "33556"; poker-dice also 9TJQKA`)
	rollsLeft := fs.Int("rolls-left", -1, "rerolls still allowed this turn (default: all but the first roll)")
	tableFile := addTableFlag(fs)
	fresh := fs.Bool("fresh", false, "school: the dice came from a roll of all five (always so on the first roll)")
	rollouts := fs.Int("rollouts", 0, "school: also play this many games on after each of the best actions (0: none)")
	seed := fs.Uint64("seed", 1, "school: the seed of the --rollouts games' dice")
	gf.addTarget(fs, "rank by the chance")
	opponents := fs.StringArray("opponent", nil, "rank by the chance of finishing ahead of this player's sheet (repeatable); school: race this player's sheet for the first-come bonuses")
	top := fs.Int("top", 0, fmt.Sprintf("show only the N best actions (default: %d in text, every one with --json; 0: every one)", textTop))
	mem := addMemoryFlag(fs)
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "advise [--game G] [game options] [--sheet S | --sheet-file F] --dice D [--rolls-left N] [--target T | --opponent SHEET ...] [--top N] [--table FILE] [--memory M] [--json]", adviseSummary)
	if err != nil {
		return err
	}
	if *top < 0 {
		return usagef("--top %d: give 1 or more, or 0 for every action", *top)
	}
	if !fs.Changed("top") && !*asJSON {
		*top = textTop
	}
	if err := schoolOnly(fs, g, ", whose values are exact", "fresh", "rollouts", "seed"); err != nil {
		return err
	}
	limit, err := memoryLimit(fs, *mem)
	if err != nil {
		return err
	}
	r := advice.Request{Game: g, Sheet: advice.Sheet{Notation: *sheetFlag, Name: *sheetFile},
		Rollouts: *rollouts, Seed: *seed, Target: gf.target}
	if r.Sheet.JSON, err = readSheetFile(fs, *sheetFile); err != nil {
		return err
	}
	if r.Dice, err = handFlag(fs, "dice", g, "in hand"); err != nil {
		return err
	}
	if fs.Changed("rolls-left") {
		r.RollsLeft = rollsLeft
	}
	if fs.Changed("fresh") {
		r.Fresh = fresh
	}
	for _, o := range *opponents {
		r.Opponents = append(r.Opponents, advice.Sheet{Notation: o})
	}
	if err := r.CheckAim(); err != nil {
		return err
	}
	if r.Aimed() {
		if fs.Changed("table") {
			return usagef("--target and --opponent solve for their aim and read no --table")
		}
		if err := e.checkAim(fs, g, limit); err != nil {
			return err
		}
	}
	// One question: only the blocks of a strategy table it reads are
	// checked, in the file's mapping, of which no copy is made.
	o := e.opened(*tableFile)
	o.Lookups, o.Mapped = true, true
	a, err := advice.Advise(context.Background(), r, advice.Env{Tables: o, Targets: o, Progress: progress, Solve: tightGC})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, a.JSON(*top))
	}
	writeRanking(stdout, &a.Ranking, *top, restHint)
	if a.Rollouts != nil {
		writeRollouts(stdout, &a.Ranking, a.Rollouts, *seed)
	}
	return nil
}

// writeRollouts prints what the games played on after the best actions of
// a say: each one's mean final score with its 95% confidence interval,
// beside the expected score the ranking gives it.
func writeRollouts(w io.Writer, a *advice.Ranking, rolls []school.Rollout, seed uint64) {
	fmt.Fprintf(w, "\nrollouts: %d games played on after each of the %d best actions (seed %d),\n", rolls[0].Games, len(rolls), seed)
	fmt.Fprintf(w, "each turn rolling the same dice after every action; no other player takes a bonus meanwhile\n")
	width := actionWidth(a, len(rolls))
	fmt.Fprintf(w, "%4s  %-*s %10s %10s %9s %9s %9s\n", "rank", width, "action", "expected", "rollout", "95% CI", "vs 1st", "95% CI")
	for i, r := range rolls {
		fmt.Fprintf(w, "%4d  %-*s %10.3f %10.3f %9s %9.3f %9s\n", i+1, width, a.Describe(i), a.Expected(i),
			float64(a.SheetScore)+r.Mean, fmt.Sprintf("± %.3f", r.CI95), r.VsFirst, fmt.Sprintf("± %.3f", r.VsCI95))
	}
}

// textTop is how many actions advise shows people by default.
const textTop = 10

// restHint says where advise shows the actions its text leaves out.
const restHint = "--top 0 shows every one"

// readSheetFile returns the JSON of --sheet-file, or nil when it is not given.
func readSheetFile(fs *pflag.FlagSet, file string) ([]byte, error) {
	if fs.Changed("sheet") && fs.Changed("sheet-file") {
		return nil, usagef("give --sheet or --sheet-file, not both")
	}
	if file == "" {
		return nil, nil
	}
	return readBounded(file, maxSheetFile, "--sheet-file: sheet file")
}

// maxSheetFile is the most bytes --sheet-file reads: a sheet in JSON
// takes a few hundred.
const maxSheetFile = 64 << 10

// readBounded reads the file at path, refusing one longer than limit bytes
// as soon as it reads that much, so that /dev/zero or a huge file is
// refused at once instead of filling the memory. Its errors start with
// what and the file's name.
func readBounded(path string, limit int64, what string) ([]byte, error) {
	f, err := os.Open(path)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return nil, fileError("", fmt.Errorf("%s %s: %w", what, engine.QuoteName(path), pe.Err))
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fileError("", fmt.Errorf("%s %s: %w", what, engine.QuoteName(path), err))
	}
	if int64(len(data)) > limit {
		return nil, usagef("%s %s: longer than %d KiB, too long for one", what, engine.QuoteName(path), limit>>10)
	}
	return data, nil
}

// tightGC runs work, a solve against opponents, with a tighter
// garbage-collector target: the solve lets each turn's values go once
// the turn before is solved, and this process, which answers one
// question, then stays near what it holds (yatzy from a new game: a peak
// of 1.8 GB rather than 2.5, and no slower). The setting is the whole
// process's, so it stays out of advice, which the web server calls at
// once. Solves that overlap (advise run side by side in one process, as
// the tests do) share the setting (gctarget).
func tightGC(_ *engine.Game, work func() error) error {
	defer gctarget.Tighten(30)()
	return work()
}

// opened is the one seam through which every command opens what it
// needs of a game, whatever its kind: its advisor, player or table, from
// file or from the tables directory, with progress bars and notices on
// stderr.
func (e env) opened(file string) advice.Opener {
	return advice.Opener{File: file, Dir: e(tables.EnvDir), Progress: progress, Ticking: ticking, Notice: notice,
		In: progressIn, Turns: turnProgress, Memory: memoryNotice}
}

// notice tells the user on stderr that a table is being built.
func notice(msg string) { fmt.Fprintln(os.Stderr, "dicepoker: "+msg) }
