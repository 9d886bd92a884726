package main

import (
	"dicepoker/advice"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/school"
)

// schoolExact saves a one-column school table whose value of the state at
// index i is value(i), built in no time where the real one takes minutes
// to solve, and returns its game and path.
func schoolExact(t *testing.T, value func(i int) float32) (*engine.Game, string) {
	t.Helper()
	g, _ := engine.New("school", engine.Options{Columns: 1})
	l, err := school.NewLayout(g)
	if err != nil {
		t.Fatal(err)
	}
	vs := make([]float32, l.Size())
	for i := range vs {
		vs[i] = value(i)
	}
	path := filepath.Join(t.TempDir(), "school-exact.dpt")
	if err := (&school.Exact{Game: g, Layout: l, Values: vs}).Save(path); err != nil {
		t.Fatal(err)
	}
	return g, path
}

// scrambled values the states of a one-column sheet by a fixed pattern:
// not the optimum, but not greedy either, so the advisor's choices depend
// on the table.
func scrambled(i int) float32 { return float32(i*7%23) - 11 }

func TestPlaySchoolFollowingTheAdvisor(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir()) // nothing is solved or fitted there
	g, table := schoolExact(t, scrambled)
	adv, err := advice.Advisor(opener(table), g)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seed     uint64
		mistakes map[int]bool
	}{
		{3, nil},
		{3, map[int]bool{4: true, 20: true}},
		{11, map[int]bool{0: true}},
	} {
		t.Run(fmt.Sprintf("seed %d mistakes %v", c.seed, c.mistakes), func(t *testing.T) {
			pl := playWith(t, g, adv, c.seed, c.mistakes)
			rec := filepath.Join(t.TempDir(), "game.jsonl")
			out := playOK(t, pl.input, "--game", "school", "--columns", "1", "--seed", fmt.Sprint(c.seed), "--record", rec, "--table", table)
			wrong := len(c.mistakes)
			containsAll(t, out,
				fmt.Sprintf("optimal expected score from the start: %.2f\n", adv.Expected()),
				fmt.Sprintf("\ngame over: final score %d\n", pl.score),
				fmt.Sprintf("\ntotal loss %.3f points; %d of %d decisions optimal (", pl.lost, pl.n-wrong, pl.n),
				"review of school (columns=1)",
				"rank  action", // the hints
			)
			if n := strings.Count(out, "coach: the best was "); n != wrong || strings.Contains(out, "not allowed") || strings.Contains(out, "note:") {
				t.Errorf("seed %d: %d coach lines, want %d (and no refusal, no note):\n%s", c.seed, n, wrong, out)
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(data), "\n"); n != pl.n || !strings.Contains(string(data), `"action":{"cross":"`) {
				t.Errorf("seed %d: %d record lines, want %d, with a cross:\n%s", c.seed, n, pl.n, data)
			}
			var res struct {
				TotalLoss    float64 `json:"total_loss"`
				Optimal      int     `json:"optimal"`
				OptimalShare float64 `json:"optimal_share"`
				Complete     bool    `json:"complete"`
				Score        int     `json:"score"`
				Note         string  `json:"note"`
			}
			if err := json.Unmarshal([]byte(runOK(t, "review", rec, "--json", "--table", table)), &res); err != nil {
				t.Fatal(err)
			}
			if math.Abs(res.TotalLoss-pl.lost) > 1e-9 || res.Optimal != pl.n-wrong || !res.Complete || res.Score != pl.score || res.Note != "" ||
				wrong == 0 && (res.TotalLoss != 0 || res.OptimalShare != 1) {
				t.Errorf("seed %d: review --json %+v; want loss %v, %d of %d optimal, score %d", c.seed, res, pl.lost, pl.n-wrong, pl.n, pl.score)
			}
		})
	}
}

// TestPlaySchoolCommands plays the first turn of a one-column game with
// every kind of school command, good and bad.
func TestPlaySchoolCommands(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	_, table := schoolExact(t, scrambled)
	if d := newRoller(3).roll(engine.Multiset{}); d.String() != "12344" {
		t.Fatalf("seed 3 rolls %s first", d)
	}
	steps := []step{
		{"help", "  cross ROW      cross out the row's next cell (combination rows only), scoring or not\n"},
		{"", "marks: x closed"},
		{"hint", "school (columns=1), sheet score 0, dice 1 2 3 4 4 (fresh), 2 rerolls left\n"},
		{"cross ones", "not allowed: ones is a School row: its cells close or take a zero, they cannot\n  be crossed out\n"},
		{"score five-of", "not allowed: 1 2 3 4 4 scores nothing in five-of-a-kind: the cell can only be\n  crossed out\n"},
		{"cross", "cross in which row? say 'cross sum'\n"},
		{"cross t", `"t" could be twos or threes or three-of-a-kind or two-pairs: say which`},
		{"cross bananas", `school has no row "bananas" (type 'help' for the rows)`},
		{"score fives", "fives gets -200, but "},
		{"no", "write -200 in fives? (yes/no) not written: choose again\n"},
		{"cross pair", "pair 1: cross out\n"},
		{"cross pair", "not allowed: pair is filled in every column already\n"},
		{"keep none", "roll 2 of 3: "},
		{"sheet", "  pair               -\n"},
		{"", "marks: x closed, r closed with help from the reserve, 0 a zero (-200), - crossed\n  out, . open; numbers are points\n"},
		{"quit", "game stopped before turn 2 of 15, score 0\n"},
	}
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := playSteps(t, steps, "", "--game", "school", "--columns", "1", "--seed", "3", "--record", rec, "--table", table)
	if !strings.Contains(out, "review of school (columns=1): 2 decisions") {
		t.Errorf("no review:\n%s", out)
	}
	data, _ := os.ReadFile(rec)
	lines := strings.Split(string(data), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], `"turn":1,"sheet":"","dice":[1,2,3,4,4],"rolls_left":2,"action":{"cross":"pair"}}`) ||
		!strings.Contains(lines[1], `"turn":2,"sheet":"pair=-"`) || !strings.HasSuffix(lines[1], `"rolls_left":2,"action":{"keep":[]}}`) {
		t.Errorf("record:\n%s", data)
	}
}

// TestPlaySchoolEstimate plays school with three columns, whose advisor
// values sheets by an estimate, and says so.
func TestPlaySchoolEstimate(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	_, estimate := schoolTables(t)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := playOK(t, "hint\nscore sum\nhint\nquit\n", "--game", "school", "--seed", "3", "--record", rec, "--table", estimate)
	// The note, wrapped at 80 columns.
	note := "note: school with 3 columns is not solved exactly: the advisor values the sheets\n" +
		"  between turns by its estimate, so its best actions, expected scores and losses\n" +
		"  are estimates\n"
	containsAll(t, out,
		"school: 15 rows x 3 columns, 45 turns, 3 rolls a turn",
		"estimated expected score from the start: 0.00\n"+note,
		"sum 1: score 28\n", // 1 2 3 4 4 fresh, doubled
		"game stopped before turn 2 of 45, score 28\n",
		"review of school: 1 decisions\n"+note,
		"game stopped before turn 2 of 45, score 28; estimated expected score of a new game 0.00\n",
	)
	if n := strings.Count(out, note); n != 4 { // the start, two hints, the review
		t.Errorf("%d notes, want 4:\n%s", n, out)
	}
	var res struct {
		Note string `json:"note"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "review", "--json", "--table", estimate, rec)), &res); err != nil || !strings.HasPrefix(res.Note, "school with 3 columns is not solved exactly") {
		t.Errorf("review --json note %q, %v", res.Note, err)
	}
}

// TestReviewSchool reviews a record with one known mistake. With a table
// that values every sheet at 0 the last two turns score what they write:
// 2 2 3 3 5, not fresh, in pair is 6 and its row bonus 6, in two-pairs 10
// and 10 (no column bonus: five-of-a-kind is crossed out), so pair gives
// up 8 points. Then two-pairs fresh scores 20 and its bonus 20. The
// sheet had 285: 105 of School row bonuses, 100 of cells and 80 of their
// row bonuses (sum has none).
func TestReviewSchool(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	_, zero := schoolExact(t, func(int) float32 { return 0 })
	const sheet = "ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x,three-of-a-kind=9,full-house=12,four-of-a-kind=24,five-of-a-kind=-,small-straight=15,large-straight=20,sum=20"
	rec := writeFile(t, `{"game":"school","options":"columns=1","turn":14,"sheet":"`+sheet+`","dice":[2,2,3,3,5],"rolls_left":0,"action":{"score":"pair"}}
{"game":"school","options":"columns=1","turn":15,"sheet":"`+sheet+`,pair=6","dice":[2,2,3,3,5],"rolls_left":2,"action":{"score":"two-pairs"}}
`)
	want := `review of school (columns=1): 2 decisions
line turn roll  dice       taken                             best                                 loss
   1   14  3/3  2 2 3 3 5  pair 1: score 6 (+6 bonus)        two-pairs 1: score 10 (+10 bonus)   8.000
   2   15  1/3  2 2 3 3 5  two-pairs 1: score 20 (+20 bonus) two-pairs 1: score 20 (+20 bonus)   0.000

total loss 8.000 points; 1 of 2 decisions optimal (50.0%)
game over, score 337; optimal expected score of a new game 0.00
`
	if got := runOK(t, "review", rec, "--table", zero); got != want {
		t.Errorf("review:\n%s\nwant\n%s", got, want)
	}
}
