package main

import (
	"fmt"
	"io"

	"dicepoker/advice"
	"dicepoker/chart"
	"dicepoker/kind"
	"dicepoker/scores"
	"dicepoker/strategy"
	"dicepoker/target"
)

const chancesSummary = `For each final total, the chance of finishing with at least it when every
turn from now on is played for that total, beside the chance under
expected-value play, from a new game or a sheet: a table and, with --png,
a chart of the two curves. The first comes from the game's every-target
table (solved and saved the first time, about a minute for yahtzee or
yatzy), within its stated bound of the exact chance; the second from the
exact distribution of expected-value play.`

// runChances prints the chance curves of a position.
func runChances(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("chances")
	sheetFlag := fs.String("sheet", "", `the filled boxes with their points, "ones=3,fives=15,yahtzee=50" (empty: a new game)`)
	sheetFile := fs.String("sheet-file", "", `the sheet as a JSON file, {"ones": 3, ...}`)
	top := fs.Int("max", 0, fmt.Sprintf("the highest total shown (default: the first that expected-value play reaches with a chance below %g)", target.TopChance))
	png := addOutputFlag(fs, "png", "also draw the two curves as a chart in this file: SVG for a .svg name, else PNG")
	threads := addThreadsFlag(fs, "compute")
	mem := addMemoryFlag(fs)
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "chances [--game G] [game options] [--sheet S | --sheet-file F] [--max N] [--png FILE] [--threads N] [--memory M] [--json]", chancesSummary)
	if err != nil {
		return err
	}
	if kind.Of(g).Targets() == nil {
		return usagef("chances is for the single-sheet games, not %s", g.Name)
	}
	if fs.Changed("max") && (*top < 1 || *top > maxTarget) {
		return usagef("--max %d: must be 1 to %d", *top, maxTarget)
	}
	given := advice.Sheet{Notation: *sheetFlag, Name: *sheetFile}
	if given.JSON, err = readSheetFile(fs, *sheetFile); err != nil {
		return err
	}
	sheet, err := given.Single(g)
	if err != nil {
		return err
	}
	score := sheet.Score(g)
	limit, err := memoryLimit(fs, *mem)
	if err != nil {
		return err
	}
	if err := checkMemory("the chance curve of "+strategy.Describe(g), e.targetTablesNeed(g, *threads), scores.ExactMemory(g), limit); err != nil {
		return err
	}
	tab, ev, err := e.opened("").TargetPlay(g, true)
	if err != nil {
		return err
	}
	c, err := tab.Chances(sheet.State(g), score, *top, ev, scores.Options{Threads: *threads})
	if err != nil {
		return err
	}
	if *png != "" {
		title := fmt.Sprintf("%s from a sheet of %d: chance of each final total or more", strategy.Describe(g), score)
		if err := chart.Lines(*png, title, "final total", "chance of at least it (%)", c.Lo,
			chart.Series{Name: "playing for that total", Y: percents(c.Best)},
			chart.Series{Name: "playing for the expected score", Y: percents(c.EV)}); err != nil {
			return err
		}
	}
	if *asJSON {
		rows := make([]chanceJSON, len(c.Best))
		for i := range rows {
			rows[i] = chanceJSON{c.Lo + i, c.Best[i], c.EV[i]}
		}
		return writeJSON(stdout, struct {
			Game       string       `json:"game"`
			Options    string       `json:"options,omitempty"`
			Rules      string       `json:"rules"`
			SheetScore int          `json:"sheet_score"`
			Chances    []chanceJSON `json:"chances"`
		}{g.Name, g.Options.String(), g.Options.String(), score, rows})
	}
	fmt.Fprintf(stdout, "%s, sheet score %d: the chance of finishing with each total or more\n", strategy.Describe(g), score)
	fmt.Fprintf(stdout, "(every total below %d is certain either way)\n\n", c.Lo)
	fmt.Fprintf(stdout, "%6s %14s %14s\n", "total", "playing for it", "for expected")
	for i := range c.Best {
		fmt.Fprintf(stdout, "%6d %13.6f%% %13.6f%%\n", c.Lo+i, 100*c.Best[i], 100*c.EV[i])
	}
	return nil
}

// chanceJSON is one total of chances --json.
type chanceJSON struct {
	Total int     `json:"total"`
	Best  float64 `json:"best"` // playing for that total
	EV    float64 `json:"ev"`   // playing for the expected score
}

// percents returns the shares in percent.
func percents(shares []float64) []float64 {
	out := make([]float64, len(shares))
	for i, s := range shares {
		out[i] = 100 * s
	}
	return out
}
