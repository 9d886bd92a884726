package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"dicepoker/advice"
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
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args, stdout, "advise --game G [options] [--sheet S | --sheet-file F] --dice D [--rolls-left N] [--json]", adviseSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	if g.Columns == 0 {
		for _, name := range []string{"fresh", "rollouts", "seed"} {
			if fs.Changed(name) {
				return usagef("--%s belongs to school, not to %s, whose values are exact", name, g.Name)
			}
		}
	}
	p := advice.Position{Game: g, Sheet: *sheetFlag, SheetName: *sheetFile, Rollouts: *rollouts, Seed: *seed}
	if p.SheetJSON, err = readSheetFile(fs, *sheetFile); err != nil {
		return err
	}
	if p.Dice, err = handFlag(fs, "dice", g, "the five dice in hand"); err != nil {
		return err
	}
	if fs.Changed("rolls-left") {
		p.RollsLeft = rollsLeft
	}
	if fs.Changed("fresh") {
		p.Fresh = fresh
	}
	a, err := advice.Advise(opener(*tableFile), p)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, a.JSON())
	}
	writeRanking(stdout, &a.Ranking, 0)
	if a.Rollouts != nil {
		writeRollouts(stdout, &a.Ranking, a.Rollouts, *seed)
	}
	return nil
}

// readSheetFile returns the JSON of --sheet-file, or nil when it is not given.
func readSheetFile(fs *pflag.FlagSet, file string) ([]byte, error) {
	if fs.Changed("sheet") && fs.Changed("sheet-file") {
		return nil, usagef("give --sheet or --sheet-file, not both")
	}
	if file == "" {
		return nil, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, usagef("sheet file: %v", err)
	}
	return data, nil
}

// opener opens the strategies of a command: from file, or from the tables
// directory with a progress bar and notices on stderr.
func opener(file string) advice.Opener {
	return advice.Opener{File: file, Progress: progress, Notice: notice}
}

// notice tells the user on stderr that a table is being built.
func notice(msg string) { fmt.Fprintln(os.Stderr, "dicepoker: "+msg) }
