package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// pokerTable returns a temporary table file of poker dice, a copy of
// the one solve --json solved, once for all the tests, and checked.
func pokerTable(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "poker.dpt")
	copyFile(t, filepath.Join(fixture(t, "poker", func(dir string) {
		if err := solvePoker(filepath.Join(dir, "poker.dpt")); err != nil {
			t.Fatal(err)
		}
	}), "poker.dpt"), path)
	return path
}

// solvePoker solves poker dice with solve --json into a table file at
// path and checks what it says and writes.
func solvePoker(path string) error {
	var res struct {
		Game     string  `json:"game"`
		Options  *string `json:"options"`
		Expected float64 `json:"expected_score"`
		States   int     `json:"states"`
		Seconds  float64 `json:"seconds"`
		Table    string  `json:"table"`
	}
	status, out, stderr := runLine("solve", "--game", "poker-dice", "--out", path, "--json", "--timing")
	if status != 0 {
		return fmt.Errorf("solve: status %d: %s", status, stderr)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return fmt.Errorf("solve --json: %v\n%s", err, out)
	}
	if res.Game != "poker-dice" || res.Options == nil || *res.Options != "" || res.States != 111872 ||
		math.Abs(res.Expected-31.4230112) > 1e-6 || res.Seconds <= 0 || res.Table != path {
		return fmt.Errorf("solve --json: %s", out)
	}
	if _, err := os.Stat(path); err != nil {
		return err
	}
	return nil
}

// pokerAllButStraight fills every poker-dice box but the straight.
const pokerAllButStraight = "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0"

func TestAdviseJSON(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	cl, dir := ownTables(t)
	out := cl.runOK(t, "advise", "--game", "poker-dice", "--dice", "AAAAK")
	if !strings.Contains(out, "best: ") || !strings.Contains(out, "poker-dice, sheet score 0, dice K A A A A, 1 reroll left") {
		t.Errorf("advise text:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "poker-dice.dpt")); err != nil {
		t.Errorf("the table was not saved: %v", err)
	}
}

func TestAdviseBadInput(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	corrupt := filepath.Join(t.TempDir(), "corrupt.dpt")
	data, _ := os.ReadFile(table)
	// The first block checksum, after the header of 76 bytes and the
	// game's name: advise checks those whatever blocks it reads.
	data[76+len("poker-dice")] ^= 0xff
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
		{[]string{"--dice", "9TJQK", "--sheet", "aces=9"}, "aces holds 0 to 5, not 9"},
		{[]string{"--dice", "9TJQK", "--sheet", "aces=1,aces=2"}, "aces is given twice"},
		{[]string{"--dice", "9TJQK", "--sheet", pokerAllButStraight + ",straight=4"}, "the game is over"},
		{[]string{"--dice", "9TJQK", "--sheet-file", "/nonexistent/sheet.json"}, "sheet file"},
		{[]string{"--dice", "9TJQK", "--table", corrupt}, "is corrupt (block checksums' checksum mismatch); rebuild it with: dicepoker solve --game poker-dice"},
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
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "yatzy", "--threads", "-1"}, "--threads -1"},
		{[]string{"solve", "--game", "chess"}, `unknown game "chess"`},
		{[]string{"solve", "--all", "--game", "yatzy"}, "--all builds every game's tables with the default rules in the tables directory: drop --game"},
		{[]string{"solve", "--all", "--out", "x.dpt"}, "drop --out"},
		{[]string{"solve", "--all", "--forced-joker"}, "--all builds every game's tables with the default rules: drop --forced-joker"},
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
	t.Parallel()
	cl, dir := ownTables(t)
	if err := os.WriteFile(filepath.Join(dir, "school+columns=1+taken=twos+pair.dpt"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, stderr := cl.runLine("advise", "--game", "school", "--columns", "1", "--sheet", "taken=pair+twos", "--dice", "22256")
	want := "is corrupt (not a table file); rebuild it with: dicepoker advise --game school --columns 1 --sheet taken=twos+pair --dice 11111"
	if status != 2 || !strings.Contains(stderr, want) || strings.Contains(stderr, "--taken") || out != "" {
		t.Errorf("status %d, stderr %q, stdout %q; want 2 and %q", status, stderr, out, want)
	}
}

// schoolAdviceJSON is advise's --json output for school.
type schoolAdviceJSON struct {
	Strategy   string             `json:"strategy"`
	SheetScore int                `json:"sheet_score"`
	RollsLeft  int                `json:"rolls_left"`
	Fresh      bool               `json:"fresh"`
	Best       schoolOptionJSON   `json:"best"`
	Options    []schoolOptionJSON `json:"options"`
}

// schoolOptionJSON is what the tests read of an option of advise's JSON for school.
type schoolOptionJSON struct {
	Row  string  `json:"row"`
	Mark string  `json:"mark"`
	Loss float64 `json:"loss"`
}

func TestAdviseSchool(t *testing.T) {
	t.Parallel()
	exact, estimate := schoolTables(t)
	for _, c := range []struct {
		args       []string
		strategy   string
		score      int
		fresh      bool
		best, mark string
	}{
		// With nothing to come, a fresh five sixes is best written where
		// it scores most: five-of-a-kind, 160, doubled by its row bonus.
		{[]string{"--columns", "1", "--table", exact, "--dice", "66666"}, "optimal", 0, true, "five-of-a-kind", "160"},
		{[]string{"--columns", "1", "--table", exact, "--dice", "66666", "--rolls-left", "0"}, "optimal", 0, false, "five-of-a-kind", "80"},
		{[]string{"--columns", "1", "--table", exact, "--sheet", "five-of-a-kind=-,sixes=x,reserve=12", "--dice", "66666", "--rolls-left", "1", "--fresh"}, "optimal", 42, true, "four-of-a-kind", "88"},
		{[]string{"--table", estimate, "--sheet-file", writeFile(t, `{"ones": ["x"], "reserve": 2}`), "--dice", "11111"}, "estimate", 2, true, "five-of-a-kind", "110"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out := runOK(t, append([]string{"advise", "--game", "school", "--json"}, c.args...)...)
			var a schoolAdviceJSON
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatalf("%q: %v\n%s", c.args, err, out)
			}
			if a.Strategy != c.strategy || a.SheetScore != c.score || a.Fresh != c.fresh || a.Best.Row != c.best || a.Best.Mark != c.mark || a.Best.Loss != 0 {
				t.Errorf("%q: %s", c.args, out)
			}
		})
	}
	text := runOK(t, "advise", "--game", "school", "--table", estimate, "--dice", "12345")
	if !strings.Contains(text, "school, sheet score 0, dice 1 2 3 4 5 (fresh), 2 rerolls left") || !strings.Contains(text, "reroll all five (fresh)") ||
		!strings.Contains(text, "note: school with 3 columns is not solved exactly") {
		t.Errorf("advise text:\n%s", text)
	}
}

// TestAdviseSchoolDrift checks that the estimate's advice states its
// player's drift from the position, the same for the same position and in
// each of the actions' expected scores (their differences, the losses, are
// the estimate's alone), and that the exact table's states none.
func TestAdviseSchoolDrift(t *testing.T) {
	t.Parallel()
	exact, estimate := schoolTables(t)
	type adviceJSON struct {
		Drift   *float64 `json:"drift"`
		Options []struct {
			Expected float64 `json:"expected"`
			Loss     float64 `json:"loss"`
		} `json:"options"`
	}
	read := func(args ...string) adviceJSON {
		t.Helper()
		out := runOK(t, append([]string{"advise", "--game", "school", "--json", "--dice", "33556", "--rolls-left", "0"}, args...)...)
		var a adviceJSON
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return a
	}
	a := read("--table", estimate, "--sheet", "ones=0,pair=-,sum=22")
	if a.Drift == nil || *a.Drift == 0 {
		t.Fatalf("the estimate's advice states drift %v", a.Drift)
	}
	if b := read("--table", estimate, "--sheet", "ones=0,pair=-,sum=22"); *b.Drift != *a.Drift || b.Options[0].Expected != a.Options[0].Expected {
		t.Errorf("the same sheet drifts %v, then %v", *a.Drift, *b.Drift)
	}
	for i, o := range a.Options {
		if math.Abs(a.Options[0].Expected-o.Expected-o.Loss) > 1e-9 {
			t.Errorf("option %d: expected %v, loss %v against the best's %v", i, o.Expected, o.Loss, a.Options[0].Expected)
		}
	}
	if e := read("--columns", "1", "--table", exact); e.Drift != nil {
		t.Errorf("the exact table's advice states drift %v", *e.Drift)
	}
}

// TestAdviseSchoolRollouts plays games on after the best actions of a
// one-column sheet with one row left: each write ends the game, so its
// rollout is its own points, with no spread; the keeps are rolled.
func TestAdviseSchoolRollouts(t *testing.T) {
	t.Parallel()
	exact, _ := schoolTables(t)
	sheet := "ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x,pair=12,three-of-a-kind=18,two-pairs=22,full-house=28,four-of-a-kind=44,five-of-a-kind=-,small-straight=15,large-straight=20"
	args := []string{"advise", "--game", "school", "--columns", "1", "--table", exact, "--sheet", sheet, "--dice", "66655", "--rolls-left", "1", "--rollouts", "300"}
	out := runOK(t, append(args, "--json")...)
	var a struct {
		SheetScore int `json:"sheet_score"`
		Options    []struct {
			Action  string `json:"action"`
			Points  *int   `json:"points"`
			Rollout *struct {
				Games      int        `json:"games"`
				Expected   float64    `json:"expected"`
				CI95       [2]float64 `json:"ci95"`
				VsBestCI95 [2]float64 `json:"vs_best_ci95"`
			} `json:"rollout"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for i, o := range a.Options {
		r := o.Rollout
		switch {
		case i >= 5 && r != nil, i < 5 && (r == nil || r.Games != 300):
			t.Errorf("option %d: rollout %+v; want 300 games for the 5 best, none after", i, r)
		case r != nil && o.Action == "score" && (r.Expected != float64(a.SheetScore+*o.Points) || r.CI95[0] != r.CI95[1]):
			t.Errorf("option %d, a last write of %d points: rollout %+v", i, *o.Points, r)
		case r != nil && o.Action == "keep" && r.CI95[0] >= r.CI95[1]:
			t.Errorf("option %d, a keep: rollout %+v, with no spread", i, r)
		}
	}
	if again := runOK(t, append(args, "--json")...); again != out {
		t.Errorf("the same seed gave other rollouts:\n%s\n%s", out, again)
	}
	if text := runOK(t, args...); !strings.Contains(text, "rollouts: 300 games played on after each of the 5 best actions (seed 1)") {
		t.Errorf("advise --rollouts text:\n%s", text)
	}
}

// TestAdviseSchoolTakenBonuses checks that a one-column sheet whose row
// bonuses others have taken is advised from the table of the game that
// starts without them.
func TestAdviseSchoolTakenBonuses(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	g, err := engine.New("school", engine.Options{Columns: 1, Taken: "twos+pair"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := school.NewLayout(g)
	if err != nil {
		t.Fatal(err)
	}
	// A table of zeros, found where the advisor looks: no solve.
	if err := (&school.Exact{Game: g, Layout: l, Values: make([]float32, l.Size())}).Save(strategy.Path(dir, g)); err != nil {
		t.Fatal(err)
	}
	out := cl.runOK(t, "advise", "--game", "school", "--columns", "1", "--sheet", "taken=pair+twos", "--dice", "22256", "--json")
	var a struct {
		Rules string `json:"rules"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if a.Rules != "columns=1,taken=twos+pair" {
		t.Errorf("advise with taken row bonuses: rules %q, want the game without them\n%s", a.Rules, out)
	}
}

func TestAdviseSchoolQuick(t *testing.T) {
	t.Parallel()
	_, estimate := schoolTables(t)
	start := time.Now()
	runOK(t, "advise", "--game", "school", "--table", estimate, "--sheet", "ones=x/x,pair=12,sum=20/24", "--dice", "23456", "--rolls-left", "1")
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Logf("advise took %v (the issue asks for under 50 ms; the test machine may be busy)", d)
	}
}

func TestSchoolBadInput(t *testing.T) {
	t.Parallel()
	exact, estimate := schoolTables(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"advise", "--game", "school", "--table", estimate, "--dice", "12345", "--fresh=false"}, "the first roll of a turn is always fresh"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--dice", "1234"}, "need exactly 5 dice"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--sheet", "pair=13", "--dice", "12345"}, "pair scores 2, 4, 6, 8, 10, 12, 16, 20 or 24, not 13"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--sheet", "ones=x", "--sheet-file", "x.json", "--dice", "12345"}, "not both"},
		{[]string{"advise", "--game", "school", "--columns", "1", "--table", estimate, "--dice", "12345"}, "was built for other rules"},
		{[]string{"advise", "--game", "school", "--table", exact, "--dice", "12345"}, "was built for other rules"},
		{[]string{"advise", "--game", "yahtzee", "--dice", "12345", "--fresh"}, "--fresh belongs to school"},
		{[]string{"advise", "--game", "yahtzee", "--dice", "12345", "--rollouts", "10"}, "--rollouts belongs to school, not to yahtzee, whose values are exact"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--dice", "12345", "--rollouts", "-1"}, "--rollouts -1: must be 0 to"},
		{[]string{"simulate", "--game", "school", "--strategy", "optimal", "--games", "10"}, "solved exactly with one column only"},
		{[]string{"simulate", "--game", "school", "--strategy", "best", "--games", "10"}, `--strategy "best"`},
		{[]string{"simulate", "--game", "school", "--players", "5", "--games", "10"}, "--players 5: school has 1 to 4 players"},
		{[]string{"simulate", "--game", "yatzy", "--players", "5", "--games", "10"}, "--players 5: yatzy has 1 to 4 players"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(c.args, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("%q: status %d, stderr %q; want 2 and one line with %q", c.args, status, stderr.String(), c.want)
			}
		})
	}
}
