package main

import (
	"fmt"
	"io"

	"dicepoker/engine"
)

// gameJSON is one game in games --json.
type gameJSON struct {
	Game       string   `json:"game"`
	Categories []string `json:"categories"`
	Columns    int      `json:"columns,omitempty"` // school only
	Turns      int      `json:"turns"`
	Rolls      int      `json:"rolls"`
	Faces      string   `json:"faces"` // how faces 1..6 are written
	// UpperBonus is the upper bonus: the total that earns it and its points.
	UpperBonus *upperBonusJSON `json:"upper_bonus,omitempty"`
}

type upperBonusJSON struct {
	Threshold int `json:"threshold"`
	Points    int `json:"points"`
}

// runGames lists the games, one line each: the name for --game, then the
// sheet, turns, rolls a turn and categories under the default rules.
func runGames(args []string, stdout io.Writer) error {
	fs := newFlagSet("games")
	asJSON := addJSONFlag(fs)
	if err := parseFlags(fs, args, stdout, "games [--json]", "List the games, one a line: name, sheet, turns, rolls a turn, categories."); err != nil {
		return err
	}
	var list []gameJSON
	for _, name := range engine.GameNames {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return err
		}
		if *asJSON {
			list = append(list, gameOf(g))
			continue
		}
		if _, err := fmt.Fprintf(stdout, "%-11s %s\n", name, g.Describe()); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			Games []gameJSON `json:"games"`
		}{list})
	}
	return nil
}

// gameOf describes g for games --json.
func gameOf(g *engine.Game) gameJSON {
	j := gameJSON{Game: g.Name, Columns: g.Columns, Turns: g.Turns(), Rolls: g.Rolls, Faces: g.Letters}
	for _, c := range g.Categories {
		j.Categories = append(j.Categories, c.Name)
	}
	if g.Upper.Points != 0 {
		j.UpperBonus = &upperBonusJSON{g.Upper.Threshold, g.Upper.Points}
	}
	return j
}
