package main

import (
	"strings"
	"testing"
)

// maxiReduced is a game file of six dice, small enough to solve in a test.
const maxiReduced = "../../engine/gamefile/testdata/maxi-reduced.toml"

// TestSixDiceWords words the dice of a game of six dice as six: --dice
// typed without quotes or missing, and play's help on keep none.
func TestSixDiceWords(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"six dice unquoted", []string{"advise", "--rules", maxiReduced, "--dice", "1", "2", "3", "4", "5", "6"},
			`--dice takes the six dice as one argument: quote them (--dice "1 2 3 4 5 6") or use commas (--dice 1,2,3,4,5,6)`},
		{"five dice unquoted", []string{"score", "--dice", "1", "2", "3", "4", "5"},
			`--dice takes the five dice as one argument: quote them (--dice "1 2 3 4 5") or use commas (--dice 1,2,3,4,5)`},
		{"more than the dice", []string{"score", "--dice", "1", "2", "3", "4", "5", "6"}, `unexpected argument "2" (flags start with --)`},
		{"six dice missing", []string{"score", "--rules", maxiReduced}, "missing --dice, the six dice to score"},
		{"no dice flag", []string{"games", "yatzy"}, `unexpected argument "yatzy" (flags start with --)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if status, _, stderr := cl.runLine(c.args...); status != 2 || stderr != "dicepoker: "+c.want+"\n" {
				t.Errorf("%q: status %d, %q; want 2 and %q", c.args, status, stderr, c.want)
			}
		})
	}
	out := cl.playOK(t, "help\nquit\n", "--rules", maxiReduced, "--seed", "1", "--record", t.TempDir()+"/game.jsonl")
	if !strings.Contains(out, "keep 3 3 5     keep those dice and reroll the others (keep none: reroll all six)\n") {
		t.Errorf("play's help of six dice:\n%s", out)
	}
}
