package main

import (
	"fmt"
	"io"
	"strings"

	"dicepoker/advice"
	"dicepoker/coach"
)

const scoreSummary = `Score five dice in every category of a game, in sheet order, under the
plain rules (no joker, no bonus). For school, School rows show whether the
cell closes and what it does to the reserve (--reserve gives the reserve
now), and combination rows are doubled with --fresh (the dice came from a
roll of all five).`

// runScore prints what the dice score in each category of the game.
func runScore(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("score")
	fs.String("dice", "", `the dice: "3,4,3,6,3", "34363" or "3 4 3 6 3"; poker-dice also 9TJQKA`)
	fresh := fs.Bool("fresh", false, "school: the dice came from a roll of all five dice (combinations score double)")
	reserve := fs.Int("reserve", 0, "school: the reserve before this turn")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a table")
	g, err := gf.parse(fs, args, stdout, "score [--game G] [game options] --dice D [--fresh] [--reserve N] [--json]", scoreSummary)
	if err != nil {
		return err
	}
	m, err := handFlag(fs, "dice", g, "to score")
	if err != nil {
		return err
	}
	if err := schoolOnly(fs, g, "", "fresh", "reserve"); err != nil {
		return err
	}
	if err := advice.CheckReserve(g, *reserve); err != nil {
		return usagef("%s", advice.Worded(err, flagOf))
	}
	s := advice.Score(g, m, *fresh, *reserve)
	if *asJSON {
		return writeJSON(stdout, s.JSON())
	}
	return writeScore(stdout, s)
}

// writeScore prints score's table.
func writeScore(w io.Writer, s advice.Scored) error {
	g := s.Game
	var b strings.Builder
	name := g.Name
	if o := g.Options.String(); o != "" {
		name += " (" + o + ")"
	}
	fmt.Fprintf(&b, "%s: %s", name, strings.Join(strings.Split(s.Dice.Format(g.Letters), ""), " "))
	terms := coach.NewSheet(g).Terms()
	if s.Fresh && terms.Fresh != "" {
		b.WriteString(", fresh roll: " + terms.Fresh)
	}
	if terms.Reserve != "" {
		fmt.Fprintf(&b, ", %s %d", terms.Reserve, s.Reserve)
	}
	b.WriteString("\n")
	for _, row := range s.Rows {
		fmt.Fprintf(&b, "  %-16s %s\n", row.Name, row.Text)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
