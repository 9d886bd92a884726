package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPlayReviewHintNamesTheRules plays a game file's game to its end:
// the review command play names at the end, and in --resume's refusal of
// the game over, gives --rules, and reviews the record as it says.
func TestPlayReviewHintNamesTheRules(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := cl.playOK(t, "score twos\nyes\nscore fives\nyes\nscore two-pairs\nyes\nscore full-house\nyes\n",
		"--rules", reducedHouse, "--seed", "5", "--record", rec)
	want := "dicepoker review --rules " + reducedHouse + " " + rec
	if !strings.Contains(out, "(review it with: "+want+")") {
		t.Errorf("play's end does not say %q:\n%s", want, out)
	}
	status, _, stderr := cl.runLine("play", "--rules", reducedHouse, "--resume", rec)
	if status != 2 || !strings.Contains(stderr, "(review it with: "+want+")") {
		t.Errorf("play --resume of the game over: status %d, %q; want 2 and %q", status, stderr, want)
	}
	review := cl.runOK(t, strings.Fields(strings.TrimPrefix(want, "dicepoker "))...)
	if !regexp.MustCompile(`(?m)^review of house-yatzy-reduced: 4 decisions$`).MatchString(review) {
		t.Errorf("%s:\n%s", want, review)
	}
}
