package main

import (
	"fmt"
	"io"

	"dicepoker/engine"
)

// runGames lists the games, one line each: the name for --game, then the
// sheet, turns, rolls a turn and categories under the default rules.
func runGames(args []string, stdout io.Writer) error {
	fs := newFlagSet("games")
	if err := parseFlags(fs, args, stdout, "games", "List the games, one a line: name, sheet, turns, rolls a turn, categories."); err != nil {
		return err
	}
	for _, name := range engine.GameNames {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(stdout, "%-11s %s\n", name, g.Describe()); err != nil {
			return err
		}
	}
	return nil
}
