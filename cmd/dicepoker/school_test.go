package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// schoolTables writes tables for school that value every sheet at 0 (the
// greedy player) for one column, exact, and for three, an estimate, and
// returns their paths.
func schoolTables(t *testing.T) (exact, estimate string) {
	t.Helper()
	dir := t.TempDir()
	one, _ := engine.New("school", engine.Options{Columns: 1})
	l, err := school.NewLayout(one)
	if err != nil {
		t.Fatal(err)
	}
	exact = filepath.Join(dir, "exact.dpt")
	if err := (&school.Exact{Game: one, Layout: l, Values: make([]float32, l.Size())}).Save(exact); err != nil {
		t.Fatal(err)
	}
	three, _ := engine.New("school", engine.Options{})
	e, _ := school.NewEstimate(three, nil)
	estimate = filepath.Join(dir, "estimate.dpt")
	if err := e.Save(estimate); err != nil {
		t.Fatal(err)
	}
	return exact, estimate
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

// writeFile writes data to a new file and returns its path.
func writeFile(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.json")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAdviseSchoolRollouts plays games on after the best actions of a
// one-column sheet with one row left: each write ends the game, so its
// rollout is its own points, with no spread; the keeps are rolled.
func TestAdviseSchoolRollouts(t *testing.T) {
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
	dir := t.TempDir()
	t.Setenv("DICEPOKER_TABLES", dir)
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
	out := runOK(t, "advise", "--game", "school", "--columns", "1", "--sheet", "taken=pair+twos", "--dice", "22256", "--json")
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
	_, estimate := schoolTables(t)
	start := time.Now()
	runOK(t, "advise", "--game", "school", "--table", estimate, "--sheet", "ones=x/x,pair=12,sum=20/24", "--dice", "23456", "--rolls-left", "1")
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Logf("advise took %v (the issue asks for under 50 ms; the test machine may be busy)", d)
	}
}

func TestSchoolBadInput(t *testing.T) {
	exact, estimate := schoolTables(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"advise", "--game", "school", "--table", estimate, "--dice", "12345", "--fresh=false"}, "the first roll of a turn is always fresh"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--dice", "1234"}, "need exactly 5 dice"},
		{[]string{"advise", "--game", "school", "--table", estimate, "--sheet", "pair=13", "--dice", "12345"}, "pair cannot score 13 points"},
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

func TestSimulateSchool(t *testing.T) {
	_, estimate := schoolTables(t)
	var res struct {
		Strategy string `json:"strategy"`
		Players  int    `json:"players"`
		Games    int    `json:"games"`
		Seats    []struct {
			Mean        float64            `json:"mean"`
			CI95        [2]float64         `json:"ci95"`
			Min         int                `json:"min"`
			Max         int                `json:"max"`
			Percentiles map[string]float64 `json:"percentiles"`
			Wins        float64            `json:"win_rate"`
		} `json:"seats"`
	}
	args := []string{"simulate", "--game", "school", "--table", estimate, "--games", "40", "--players", "3", "--json"}
	out := runOK(t, append(args, "--threads", "1")...)
	again := runOK(t, append(args, "--threads", "2")...)
	if out != again { // nothing that changes from run to run: no seconds without --timing
		t.Errorf("1 and 2 threads differ:\n%s%s", out, again)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	wins := 0.0
	for _, s := range res.Seats {
		wins += s.Wins
		if s.CI95[0] > s.Mean || s.CI95[1] < s.Mean || s.Min > s.Max || len(s.Percentiles) != 7 ||
			s.Percentiles["1"] < float64(s.Min) || s.Percentiles["99"] > float64(s.Max) || s.Wins > 1 {
			t.Errorf("seat %+v", s)
		}
	}
	if res.Strategy != "estimate" || res.Players != 3 || res.Games != 40 || len(res.Seats) != 3 || math.Abs(wins-1) > 1e-12 {
		t.Errorf("simulate --json: %s", out)
	}
	text := runOK(t, "simulate", "--game", "school", "--strategy", "greedy", "--games", "20", "--columns", "2")
	if !strings.Contains(text, "school (columns=2), greedy strategy, 1 player: 20 games, seed 1") || !strings.Contains(text, "seat 1  mean") {
		t.Errorf("simulate text:\n%s", text)
	}
}
