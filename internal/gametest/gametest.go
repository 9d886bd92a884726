// Package gametest gives tests the games of game files that are not built
// in, read from the files the program embeds (games.Files).
package gametest

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/games"
)

// Maxi returns Maxi Yatzy (games/maxi-yatzy.toml), on the boxes named
// if any: six dice, and with few boxes small enough to solve in a test.
func Maxi(t testing.TB, boxes ...string) *engine.Game {
	t.Helper()
	data, err := games.Files.ReadFile("maxi-yatzy.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.ParseRules("maxi-yatzy.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(boxes) == 0 {
		return g
	}
	if g, err = g.Subset(boxes...); err != nil {
		t.Fatal(err)
	}
	return g
}
