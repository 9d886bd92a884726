package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runOK runs a command line that must succeed and returns its stdout.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(args, &stdout, &stderr); status != 0 {
		t.Fatalf("%q: status %d: %s", args, status, stderr.String())
	}
	return stdout.String()
}

// pokerTable solves poker dice into a temporary table file.
// containsAll fails t for each of wants that out lacks, showing out.
func containsAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

func pokerTable(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "poker.dpt")
	var res struct {
		Game     string  `json:"game"`
		Options  *string `json:"options"`
		Expected float64 `json:"expected_score"`
		States   int     `json:"states"`
		Seconds  float64 `json:"seconds"`
		Table    string  `json:"table"`
	}
	out := runOK(t, "solve", "--game", "poker-dice", "--out", path, "--json", "--timing")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("solve --json: %v\n%s", err, out)
	}
	if res.Game != "poker-dice" || res.Options == nil || *res.Options != "" || res.States != 111872 ||
		math.Abs(res.Expected-31.4230112) > 1e-6 || res.Seconds <= 0 || res.Table != path {
		t.Errorf("solve --json: %s", out)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// pokerAllButStraight fills every poker-dice box but the straight.
const pokerAllButStraight = "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0"

func TestAdviseJSON(t *testing.T) {
	table := pokerTable(t)
	// One box open and no rerolls left: one option, the sheet's 29 points
	// (upper 15 earns the bonus 3) plus the straight's 4.
	out := runOK(t, "advise", "--game", "poker-dice", "--table", table, "--sheet", pokerAllButStraight,
		"--dice", "9TJQK", "--rolls-left", "0", "--json")
	var res struct {
		Game       string            `json:"game"`
		SheetScore int               `json:"sheet_score"`
		RollsLeft  int               `json:"rolls_left"`
		Dice       []int             `json:"dice"`
		Best       map[string]any    `json:"best"`
		Options    []json.RawMessage `json:"options"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Game != "poker-dice" || res.SheetScore != 32 || res.RollsLeft != 0 || len(res.Options) != 1 ||
		res.Best["action"] != "score" || res.Best["category"] != "straight" || res.Best["points"] != 4.0 ||
		res.Best["expected"] != 36.0 || res.Best["loss"] != 0.0 || res.Best["tie"] != false {
		t.Errorf("advise --json:\n%s", out)
	}
	if want := []int{1, 2, 3, 4, 5}; !slices.Equal(res.Dice, want) {
		t.Errorf("dice %v, want %v (face numbers)", res.Dice, want)
	}

	// With a reroll left: every proper keep of 9TJQK (2^5 - 1) and the box.
	out = runOK(t, "advise", "--game", "poker-dice", "--table", table, "--sheet", pokerAllButStraight,
		"--dice", "9,T,J,Q,Q", "--json")
	var res2 struct {
		RollsLeft int `json:"rolls_left"`
		Options   []struct {
			Action   string  `json:"action"`
			Keep     []int   `json:"keep"`
			Reroll   []int   `json:"reroll"`
			Expected float64 `json:"expected"`
			Loss     float64 `json:"loss"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(out), &res2); err != nil {
		t.Fatal(err)
	}
	// 9TJQQ has 2x2x2x3 = 24 sub-multisets, less the whole hand, and the box.
	if res2.RollsLeft != 1 || len(res2.Options) != 23+1 {
		t.Fatalf("9TJQQ, one reroll: %d options, rolls_left %d", len(res2.Options), res2.RollsLeft)
	}
	// Keeping nothing is an empty keep, not a missing one.
	rerollAll := 0
	for _, o := range res2.Options {
		if o.Action == "keep" && o.Keep != nil && len(o.Keep) == 0 && len(o.Reroll) == 5 {
			rerollAll++
		}
	}
	if rerollAll != 1 {
		t.Errorf("%d options keep [] and reroll all five, want 1", rerollAll)
	}
	// Best: keep 9 T J Q and reroll a Q, needing a K: 32 + 4/6.
	best := res2.Options[0]
	if best.Action != "keep" || !slices.Equal(best.Keep, []int{1, 2, 3, 4}) || !slices.Equal(best.Reroll, []int{4}) ||
		math.Abs(best.Expected-(32+4.0/6)) > 1e-5 {
		t.Errorf("best %+v, want keep [1 2 3 4] reroll [4] worth %.4f", best, 32+4.0/6)
	}
}

func TestAdviseSolvesOnFirstUse(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DICEPOKER_TABLES", dir)
	out := runOK(t, "advise", "--game", "poker-dice", "--dice", "AAAAK")
	if !strings.Contains(out, "best: ") || !strings.Contains(out, "poker-dice, sheet score 0, dice K A A A A, 1 reroll left") {
		t.Errorf("advise text:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "poker-dice.dpt")); err != nil {
		t.Errorf("the table was not saved: %v", err)
	}
}

func TestAdviseBadInput(t *testing.T) {
	table := pokerTable(t)
	corrupt := filepath.Join(t.TempDir(), "corrupt.dpt")
	data, _ := os.ReadFile(table)
	data[len(data)-3] ^= 0xff
	if err := os.WriteFile(corrupt, data, 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"advise", "--game", "poker-dice", "--table", table}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--dice", "9TJQ"}, "need exactly 5 dice"},
		{[]string{"--dice", "9TJQ7"}, "is not a die"},
		{[]string{}, "missing --dice"},
		{[]string{"--dice", "9TJQK", "--rolls-left", "2"}, "--rolls-left 2: poker-dice allows 0..1"},
		{[]string{"--dice", "9TJQK", "--rolls-left", "-1"}, "--rolls-left -1"},
		{[]string{"--dice", "9TJQK", "--sheet", "ones=1"}, `no category "ones"`},
		{[]string{"--dice", "9TJQK", "--sheet", "aces=9"}, "aces cannot hold 9 points"},
		{[]string{"--dice", "9TJQK", "--sheet", "aces=1,aces=2"}, "aces is given twice"},
		{[]string{"--dice", "9TJQK", "--sheet", pokerAllButStraight + ",straight=4"}, "the game is over"},
		{[]string{"--dice", "9TJQK", "--sheet-file", "/nonexistent/sheet.json"}, "sheet file"},
		{[]string{"--dice", "9TJQK", "--table", corrupt}, "is corrupt (payload checksum mismatch); rebuild it with: dicepoker solve --game poker-dice"},
		{[]string{"--dice", "9TJQK", "--forced-joker"}, "belongs to yahtzee"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append(append([]string{}, base...), c.args...)
			status := run(args, &stdout, &stderr)
			line := stderr.String()
			if status != 2 || !strings.Contains(line, c.want) || strings.Count(line, "\n") != 1 || stdout.Len() != 0 {
				t.Errorf("%q: status %d, stderr %q, stdout %q; want status 2 and one line containing %q", c.args, status, line, stdout.String(), c.want)
			}
		})
	}
	if after, _ := os.ReadFile(corrupt); !bytes.Equal(after, data) {
		t.Error("the corrupt table was changed")
	}
}

func TestSolveBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "yatzy", "--threads", "-1"}, "--threads -1"},
		{[]string{"solve", "--game", "chess"}, `unknown game "chess"`},
		{[]string{"solve", "--game", "poker-dice", "--out", os.TempDir()}, "not a regular file (a directory)"},
		{[]string{"distribution", "--game", "poker-dice", "--png", os.TempDir()}, "not a regular file (a directory)"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(c.args, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, status, stderr.String(), c.want)
			}
		})
	}
}

// TestTakenRebuildHint checks that a damaged table of the game with row
// bonuses taken names the command that really rebuilds it: taken= has no
// flag, it comes in the sheet.
func TestTakenRebuildHint(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DICEPOKER_TABLES", dir)
	if err := os.WriteFile(filepath.Join(dir, "school+columns=1+taken=twos+pair.dpt"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, stderr := runLine("advise", "--game", "school", "--columns", "1", "--sheet", "taken=pair+twos", "--dice", "22256")
	want := "is corrupt (not a table file); rebuild it with: dicepoker advise --game school --columns 1 --sheet taken=twos+pair --dice 11111"
	if status != 2 || !strings.Contains(stderr, want) || strings.Contains(stderr, "--taken") || out != "" {
		t.Errorf("status %d, stderr %q, stdout %q; want 2 and %q", status, stderr, out, want)
	}
}
