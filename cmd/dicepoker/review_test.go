package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/tablestest"
)

func TestReviewText(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	// The last turn of a poker-dice game, the straight open: keeping 9 T
	// gives up 4 x (1/6 - 1/36) = 0.556 against keeping 9 T J Q.
	rec := filepath.Join(t.TempDir(), "r.jsonl")
	const sheet = "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0"
	data := `{"game":"poker-dice","turn":13,"sheet":"` + sheet + `","dice":[1,2,3,4,4],"rolls_left":1,"action":{"keep":[1,2]}}
{"game":"poker-dice","turn":13,"sheet":"` + sheet + `","dice":[1,2,3,4,5],"rolls_left":0,"action":{"score":"straight"}}
`
	if err := os.WriteFile(rec, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `review of poker-dice: 2 decisions
line turn roll  dice       taken                            best                                loss
   1   13  1/2  9 T J Q Q  keep 9 T, reroll J Q Q           keep 9 T J Q, reroll Q             0.556
   2   13  2/2  9 T J Q K  score straight for 4             score straight for 4               0.000

total loss 0.556 points; 1 of 2 decisions optimal (50.0%)
game over, score 36; optimal expected score of a new game 31.42
`
	if got := runOK(t, "review", rec); got != want {
		t.Errorf("review:\n%s\nwant\n%s", got, want)
	}
}

func TestReviewRefuses(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	first := `{"game":"poker-dice","turn":1,"sheet":"","dice":[1,1,2,5,6],"rolls_left":1,"action":{"keep":[1,1]}}` + "\n"
	bad := write("bad.jsonl", first+`{"game":"poker-dice","turn":1,"sheet":"","dice":[1,1,2,5,6],"rolls_left":0,"action":{"score":"bananas"}}`+"\n")
	badJSON := write("json.jsonl", first+first+"{\n")
	school := write("school.jsonl", `{"game":"school","turn":1,"sheet":"","dice":[1,1,2,5,6],"rolls_left":2,"action":{"keep":[1,1]}}
{"game":"school","turn":1,"sheet":"","dice":[1,1,1,2,3],"rolls_left":1,"action":{"cross":"ones"}}
`)
	empty := write("empty.jsonl", "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review", bad}, "dicepoker: " + bad + `:2: poker-dice has no box "bananas"` + "\n"},
		{[]string{"review", "--json", badJSON}, "dicepoker: " + badJSON + ":2: rolls_left 1: line 1 rerolled with 1 left, so 0 are left now\n"},
		{[]string{"review", school}, "dicepoker: " + school + ":2: ones is a School row: its cells close or take a zero, they cannot be crossed out\n"},
		{[]string{"review", empty}, "dicepoker: " + empty + ": no decisions in the record\n"},
		{[]string{"review", filepath.Join(dir, "missing.jsonl")}, "dicepoker: open " + filepath.Join(dir, "missing.jsonl") + ": no such file or directory\n"},
		{[]string{"review"}, "dicepoker: missing the record file (usage: dicepoker review FILE [--rules FILE] [--json] [--table FILE])\n"},
		{[]string{"review", bad, empty}, "dicepoker: unexpected argument \"" + empty + "\": give one record file\n"},
		{[]string{"review", bad, "--bogus"}, "dicepoker: unknown flag: --bogus\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := cl.run(c.args, &stdout, &stderr); status != 2 || stderr.String() != c.want || stdout.Len() != 0 {
				t.Errorf("%q: status %d, stderr %q, stdout %q; want 2, %q", c.args, status, stderr.String(), stdout.String(), c.want)
			}
		})
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
	t.Parallel()
	cl, _ := ownTables(t)
	_, zero := schoolExact(t, tablestest.Zero)
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
	if got := cl.runOK(t, "review", rec, "--table", zero); got != want {
		t.Errorf("review:\n%s\nwant\n%s", got, want)
	}
}

// TestRecordCutShort reviews and resumes a record whose last line a crash
// cut short: the decisions before it are reviewed, a warning says which
// line was left out, and the game goes on after them with the line cut
// off the file. A line cut short in the middle still refuses the record.
func TestRecordCutShort(t *testing.T) {
	g, _ := engine.New("yahtzee", engine.Options{})
	tableFor(t, g)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	playOK(t, "keep 1 1\nscore chance\nquit\n", "--seed", "5", "--record", rec)
	whole, _ := os.ReadFile(rec)
	lines := strings.SplitAfter(string(whole), "\n")
	cut := string(whole) + lines[0][:50]
	if err := os.WriteFile(rec, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	warning := "dicepoker: warning: " + rec + ":3: bad JSON: the line ends before its JSON does: the last line is left out, " +
		"cut short as by a crash while it was written; the 2 decisions before it are kept"

	var status int
	var stdout string
	stderr := captureStderr(t, func() { status, stdout, _ = runLine("review", rec) })
	if status != 0 || !strings.Contains(stdout, "review of yahtzee: 2 decisions\n") || stderr != warning+"\n" {
		t.Errorf("review: status %d, stdout:\n%s\nstderr %q, want the warning %q", status, stdout, stderr, warning)
	}
	var res struct {
		Decisions []json.RawMessage `json:"decisions"`
		Warning   string            `json:"warning"`
	}
	captureStderr(t, func() { stdout = runOK(t, "review", "--json", rec) })
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Decisions) != 2 || !strings.HasPrefix(warning, "dicepoker: warning: "+res.Warning) || res.Warning == "" {
		t.Errorf("review --json: %v, %d decisions, warning %q", err, len(res.Decisions), res.Warning)
	}

	var out string
	stderr = captureStderr(t, func() { out = playOK(t, "keep none\nquit\n", "--resume", rec, "--seed", "9") })
	if !strings.HasPrefix(stderr, warning+"; the game goes on after them\n") || !strings.Contains(out, "resuming after decision 2: score chance\n") ||
		!strings.Contains(out, "review of yahtzee: 3 decisions") {
		t.Errorf("play --resume: stderr %q\n%s", stderr, out)
	}
	data, _ := os.ReadFile(rec)
	if !strings.HasPrefix(string(data), string(whole)) || strings.Count(string(data), "\n") != 3 || !strings.HasSuffix(string(data), `"action":{"keep":[]}}`+"\n") {
		t.Errorf("the record after resuming:\n%s", data)
	}

	middle := lines[0] + lines[1][:50] + "\n" + lines[1]
	if err := os.WriteFile(rec, []byte(middle), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"review", rec}, {"play", "--resume", rec}} {
		status, _, stderr := runLine(args...)
		if want := "dicepoker: " + rec + ":2: bad JSON: the line ends before its JSON does\n"; status != 2 || stderr != want {
			t.Errorf("%q on a line cut in the middle: status %d, stderr %q; want 2 and %q", args, status, stderr, want)
		}
	}
}
