package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/record"
)

// player is what a test player types in a game with --seed: the table's
// best action at every decision, but the first action worth less than
// the best at the decisions in mistakes. It asks for a hint and the sheet
// now and then, which must change nothing.
type player struct {
	input    string  // the commands, a line each
	score    int     // the final score
	n        int     // decisions
	lost     float64 // the points the mistakes gave up, from the table
	mistakes map[int]bool
}

// playWith is playWithTable for any advisor of game g.
func playWith(t *testing.T, g *engine.Game, adv coach.Advisor, seed uint64, mistakes map[int]bool) player {
	t.Helper()
	d := newRoller(seed, g.Cup())
	pl := player{mistakes: mistakes}
	var in strings.Builder
	sheet, _ := coach.ParseSheet(g, "")
	p := coach.Position{Game: g, Sheet: sheet, Dice: d.roll(engine.Multiset{}), RollsLeft: g.Rolls - 1, Fresh: true}
	for ; ; pl.n++ {
		if pl.n%7 == 3 {
			in.WriteString("hint\nsheet\n")
		}
		actions, err := adv.Actions(p)
		if err != nil {
			t.Fatal(err)
		}
		a := actions[0].Action
		for _, worse := range actions {
			if mistakes[pl.n] && actions[0].Value-worse.Value > 1e-6 {
				a, pl.lost = worse.Action, pl.lost+actions[0].Value-worse.Value
				break
			}
		}
		switch {
		case a.Cross:
			fmt.Fprintf(&in, "cross %s\n", a.Box)
		case a.Box != "":
			fmt.Fprintf(&in, "score %s\n", a.Box)
		case a.Keep.Size() == 0:
			in.WriteString("keep none\n")
		default:
			fmt.Fprintf(&in, "keep %s\n", spaced(a.Keep, g.Letters))
		}
		m, err := coach.Check(p, a)
		if err != nil {
			t.Fatal(err)
		}
		if better, _ := betterThanZero(p, m); better != "" {
			in.WriteString("yes\n") // play asks before a zero
		}
		switch {
		case a.Box == "":
			p.Dice, p.RollsLeft, p.Fresh = d.roll(a.Keep), p.RollsLeft-1, a.Keep.Size() == 0
		case m.Next.Over():
			pl.input, pl.score, pl.n = in.String(), m.Next.Score(), pl.n+1
			return pl
		default:
			p = coach.Position{Game: g, Sheet: m.Next, Dice: d.roll(engine.Multiset{}), RollsLeft: g.Rolls - 1, Fresh: true}
		}
	}
}

// playOK plays a game with the given input and returns the output.
func playOK(t *testing.T, input string, args ...string) string {
	t.Helper()
	return cli(nil).playOK(t, input, args...)
}

// playOK plays a game in c's environment with the given input and
// returns the output.
func (c cli) playOK(t *testing.T, input string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := play(c.getenv, args, strings.NewReader(input), &out); err != nil {
		t.Fatalf("play %q: %v\n%s", args, err, out.String())
	}
	return out.String()
}

// step is a line typed into play and what the output must show next.
type step struct{ in, want string }

// playSteps plays the lines of steps, then extra, and checks that each
// step's want follows in the output, in order; it returns the output.
func playSteps(t *testing.T, steps []step, extra string, args ...string) string {
	t.Helper()
	return cli(nil).playSteps(t, steps, extra, args...)
}

// playSteps is playSteps in c's environment.
func (c cli) playSteps(t *testing.T, steps []step, extra string, args ...string) string {
	t.Helper()
	var in strings.Builder
	for _, s := range steps {
		in.WriteString(s.in + "\n")
	}
	out := c.playOK(t, in.String()+extra, args...)
	rest := out
	for _, s := range steps {
		i := strings.Index(rest, s.want)
		if i < 0 {
			t.Fatalf("after %q, want %q in:\n%s", s.in, s.want, rest)
		}
		rest = rest[i+len(s.want):]
	}
	return out
}

func TestPlayFollowingTheAdvisor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		args []string
		seed uint64
	}{
		{"poker-dice", nil, 42},
		{"yahtzee", nil, 7},
	} {
		t.Run(c.game+" "+strings.Join(c.args, " "), func(t *testing.T) {
			g, _ := engine.New(c.game, engine.Options{})
			table := tableFor(t, g)
			pl := playWithTable(t, table, c.seed, nil)
			rec := filepath.Join(t.TempDir(), "game.jsonl")
			args := append([]string{"--game", c.game, "--seed", fmt.Sprint(c.seed), "--record", rec}, c.args...)
			out := playOK(t, pl.input, args...)
			containsAll(t, out,
				fmt.Sprintf("seed %d (play the same dice again with --seed %d)\n", c.seed, c.seed),
				fmt.Sprintf("optimal expected score from the start: %.2f\n", table.Expected),
				fmt.Sprintf("\ngame over: final score %d\n", pl.score),
				fmt.Sprintf("\ntotal loss 0.000 points; %d of %d decisions optimal (100.0%%)\n", pl.n, pl.n),
				"rank  action", // the hints
			)
			if strings.Contains(out, "coach:") || strings.Contains(out, "not allowed") {
				t.Errorf("%s: the coach spoke up at best play:\n%s", c.game, out)
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(data), "\n"); n != pl.n {
				t.Errorf("%s: %d record lines, want %d", c.game, n, pl.n)
			}
			if c.game == "poker-dice" { // the same seed plays the same dice: the same record
				again := filepath.Join(t.TempDir(), "again.jsonl")
				playOK(t, pl.input, append([]string{"--game", c.game, "--seed", fmt.Sprint(c.seed), "--record", again}, c.args...)...)
				if data2, _ := os.ReadFile(again); !bytes.Equal(data, data2) {
					t.Errorf("%s: the same seed gave another record", c.game)
				}
			}
			pl.agrees(t, reviewed(t, rec), 0)
		})
	}
}

func TestPlayWithMistakes(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	table := tableFor(t, g)
	pl := playWithTable(t, table, 5, map[int]bool{0: true, 9: true})
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := playOK(t, pl.input, "--game", "poker-dice", "--seed", "5", "--record", rec)
	if n := strings.Count(out, "coach: the best was "); n != 2 {
		t.Errorf("%d coach lines, want 2:\n%s", n, out)
	}
	want := fmt.Sprintf("total loss %.3f points; %d of %d decisions optimal", pl.lost, pl.n-2, pl.n)
	if !strings.Contains(out, want) {
		t.Errorf("the output lacks %q:\n%s", want, out)
	}
	res := reviewed(t, rec)
	pl.agrees(t, res, 2)
	if res.Decisions[0].Optimal || res.Decisions[9].Optimal || !res.Decisions[1].Optimal {
		t.Errorf("review --json: decisions 1 and 10 should be the mistakes: %+v", res.Decisions)
	}
	// Without the coach, no word during the game; the review stays.
	quiet := playOK(t, pl.input, "--game", "poker-dice", "--seed", "5", "--record", filepath.Join(t.TempDir(), "q.jsonl"), "--coach=false")
	if strings.Contains(quiet, "coach:") || !strings.Contains(quiet, want) {
		t.Errorf("--coach=false:\n%s", quiet)
	}
}

// TestPlayExplains feeds every kind of bad command: each is explained and
// the game goes on; quit keeps the record and reviews it.
func TestPlayExplains(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("yahtzee", engine.Options{})
	tableFor(t, g)
	// Seed 5 rolls 1 1 2 4 5 first, then 1 1 2 3 4 after keeping 1 1.
	d := newRoller(5, g.Cup())
	first := d.roll(engine.Multiset{})
	second := d.roll(engine.Multiset{2})
	if first.String() != "11245" || second.String() != "11234" {
		t.Fatalf("seed 5 rolls %s, then %s", first, second)
	}
	steps := []step{
		{"", "> > "},
		{"dance", `unknown command "dance": type 'help' for the commands`},
		{"help", "keep 3 3 5     keep those dice"},
		{"keep", "keep which dice? say 'keep 3 3 5', or 'keep none' to reroll all five"},
		{"keep 6", "not allowed: cannot keep 6: the dice are 1 1 2 4 5"},
		{"keep 1 1 1", "not allowed: cannot keep 1 1 1"},
		{"keep 7", `dice "7": '7' is not a die (use 1-6)`},
		{"keep 1 1 3 4 5 5", "at most 5 dice"},
		{"keep all", "not allowed: keeping all five dice is not a reroll: write them in a box now"},
		{"score", "score in which box? say 'score chance'"},
		{"score straight", `yahtzee has no box "straight"`},
		{"score s", `"s" could be sixes or small-straight: say which`},
		{"hint all", "reroll all five"},
		{"sheet", "upper 0 of 63 for the bonus 35"},
		{"KEEP 1 1", "roll 2 of 3: 1 1 2* 3* 4*  (* rerolled)"},
		{"score full house", "full-house gets 0, but small-straight scores 30: write 0 in full-house? (yes/no) "},
		{"no", "not written: choose again"},
		{"score full house", "(yes/no) "},
		{"yes", "full-house: 0 points\ncoach: the best was "},
		{"score full-house", "not allowed: full-house is filled already (0)"},
		{"quit", "game stopped before turn 2 of 13, score 0"},
	}
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := playSteps(t, steps, "score chance\n" /* after quit: never read */, "--seed", "5", "--record", rec)
	containsAll(t, out, "review of yahtzee: 2 decisions", " of 2 decisions optimal (", "dicepoker review "+rec)
	data, _ := os.ReadFile(rec)
	if want := `{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,1,2,4,5],"rolls_left":2,"action":{"keep":[1,1]}}
{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,1,2,3,4],"rolls_left":1,"action":{"score":"full-house"}}
`; string(data) != want {
		t.Errorf("record:\n%s\nwant\n%s", data, want)
	}

	// Input that ends mid-game stops it like quit; no decision, no record.
	rec2 := filepath.Join(t.TempDir(), "none.jsonl")
	out = playOK(t, "hint\n", "--seed", "1", "--record", rec2)
	if !strings.Contains(out, "end of input: the game stops here\nno decision made: no record kept\n") {
		t.Errorf("end of input:\n%s", out)
	}
	if _, err := os.Stat(rec2); !os.IsNotExist(err) {
		t.Errorf("an empty record was kept: %v", err)
	}
}

// TestPlayUndo takes decisions back: the position comes back with its
// dice, the generator with it, so the same keep rolls the same dice, and
// the record loses the lines taken back.
func TestPlayUndo(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("yahtzee", engine.Options{})
	tableFor(t, g)
	// Seed 5 rolls 1 1 2 4 5, then 1 1 2 3 4 after keeping 1 1 (see
	// TestPlayExplains).
	steps := []step{
		{"undo", "nothing to undo: no decision to take back"},
		{"keep 1 1", "roll 2 of 3: 1 1 2* 3* 4*  (* rerolled)"},
		{"undo", "took back keep 1 1 (turn 1, roll 1 of 3)\nroll 1 of 3: 1 1 2 4 5\n"},
		{"keep 1 1", "roll 2 of 3: 1 1 2* 3* 4*  (* rerolled)"},
		{"score small", "small-straight: 30 points"},
		{"", "turn 2 of 13, score 30"},
		{"undo", "took back score small-straight (turn 1, roll 2 of 3)\n\nturn 1 of 13, score 0\n"},
		{"", "roll 2 of 3: 1 1 2 3 4\n"},
		{"score chance", "chance: 11 points\ncoach: the best was keep 1 2 3 4, reroll 1"},
		{"quit", "game stopped before turn 2 of 13, score 11"},
	}
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	playSteps(t, steps, "", "--seed", "5", "--record", rec)
	data, _ := os.ReadFile(rec)
	if want := `{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,1,2,4,5],"rolls_left":2,"action":{"keep":[1,1]}}
{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,1,2,3,4],"rolls_left":1,"action":{"score":"chance"}}
`; string(data) != want {
		t.Errorf("record:\n%s\nwant\n%s", data, want)
	}
}

// TestPlayResume stops a game and goes on with it from its record: after
// a keep the kept dice are rolled again, after a box the next turn
// starts; the record grows, and the review covers the whole game.
func TestPlayResume(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("yahtzee", engine.Options{})
	tableFor(t, g)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	playOK(t, "keep 1 1\nquit\n", "--seed", "5", "--record", rec)
	out := playOK(t, "score chance\nquit\n", "--resume", rec, "--seed", "9")
	containsAll(t, out, "resuming after decision 1: keep 1 1\n", "roll 2 of 3: 1 1 ", "chance: ", "review of yahtzee: 2 decisions")
	out = playOK(t, "undo\nundo\nkeep none\nquit\n", "--resume", rec, "--seed", "9")
	containsAll(t, out, "resuming after decision 2: score chance\n", "turn 2 of 13, score ",
		"took back score chance (turn 1, roll 2 of 3)", "took back keep 1 1 (turn 1, roll 1 of 3)\nroll 1 of 3: 1 1 2 4 5", "review of yahtzee: 1 decisions")
	data, _ := os.ReadFile(rec)
	r, err := record.Read(bytes.NewReader(data), rec)
	if err != nil || len(r.Entries) != 1 || r.Entries[0].Action.Keep.Size() != 0 || r.Entries[0].Position.Dice.String() != "11245" {
		t.Errorf("record %v:\n%s", err, data)
	}
	// Past the point of resuming, a decision made after it and taken back
	// rolls the same dice again.
	out = playOK(t, "undo\nkeep 1 1\nundo\nkeep 1 1\nquit\n", "--resume", rec, "--seed", "9")
	after := out[strings.Index(out, "took back"):]
	first := strings.Index(after, "roll 2 of 3: ")
	again := strings.LastIndex(after, "roll 2 of 3: ")
	if first < 0 || first == again || after[first:first+30] != after[again:again+30] {
		t.Errorf("after undo the same keep rolled other dice:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--resume", rec, "--record", rec + "2"}, "--resume " + rec + " goes on writing that record"},
		{[]string{"--resume", rec, "--game", "yatzy"}, "is a game of yahtzee, not of yatzy"},
		{[]string{"--resume", rec + ".none"}, "--resume: open"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(append([]string{"play"}, c.args...), &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, status, stderr.String(), c.want)
		}
	}
}

// TestPlayRecordDir keeps records in the user's data directory by default,
// each game its own, even two started in the same second.
func TestPlayRecordDir(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	for range 3 {
		playOK(t, "score pair\nquit\n", "--game", "poker-dice", "--seed", "1")
	}
	files, _ := filepath.Glob(filepath.Join(data, "dicepoker", "dicepoker-*.jsonl"))
	if len(files) != 3 {
		t.Fatalf("records %v, want 3", files)
	}
	for _, f := range files {
		if b, _ := os.ReadFile(f); strings.Count(string(b), "\n") != 1 {
			t.Errorf("%s holds %q", f, b)
		}
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, text, want string }{
		{"short", "one two", "one two"},
		{"at the width", "aaaa bbbb", "aaaa bbbb"},
		{"over", "aaaa bbbb cc", "aaaa bbbb\n  cc"},
		{"long word", "aaaaaaaaaaaa b", "aaaaaaaaaaaa\n  b"},
		{"lines", "aaaa bbbb cc\ndd", "aaaa bbbb\n  cc\ndd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := wrap(tc.text, 9); got != tc.want {
				t.Errorf("wrap(%q, 9) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestPlayManual(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	input := strings.Join([]string{
		"9 9 8 K A", // not dice
		"9 9 T K",   // four dice
		"dance",     // no command here
		"sheet",
		"9 9 T K A",
		"keep 9 9",
		"9 9",       // two dice for three rerolled
		"T T T J Q", // five that do not hold the kept 9 9
		"J J j",     // the three rerolled dice
		"score full",
		"9 9 9 9 9", // the next turn: all five
		"quit",
	}, "\n")
	out := playOK(t, input, "--game", "poker-dice", "--manual", "--record", rec)
	containsAll(t, out,
		"roll the five dice and type them\ndice> ",
		`dice "9 9 8 K A": '8' is not a die (use 1-6 or 9TJQKA): type the dice you rolled (or quit)`,
		"dice> type 5 dice, or all five",
		`dice "dance": 'D' is not a die`,
		"upper 0 of 15 for the bonus 3",
		"roll 1 of 2: 9 9 T K A",
		"keep 9 9, reroll 3 dice and type their values (or all five dice)",
		"type 3 dice, or all five",
		"those five dice do not hold the dice kept, 9 9",
		"roll 2 of 2: 9 9 J* J* J*  (* rerolled)",
		"full-house: 4 points",
		"roll 1 of 2: 9 9 9 9 9",
	)
	if strings.Contains(out, "seed") {
		t.Error("--manual printed a seed")
	}
	data, _ := os.ReadFile(rec)
	r, err := record.Read(bytes.NewReader(data), rec)
	if err != nil || len(r.Entries) != 2 || r.Entries[1].Position.Dice.String() != "11333" {
		t.Errorf("record %v:\n%s", err, data)
	}
}

func TestPlayRefuses(t *testing.T) {
	tablestest.Dir(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir()) // the records of the games without --record
	_, estimate := schoolTables(t)
	exists := filepath.Join(t.TempDir(), "exists.jsonl")
	if err := os.WriteFile(exists, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--game", "school", "--columns", "1", "--table", estimate}, ""}, // an estimate where the exact table goes
		{[]string{"play", "--game", "school", "--table", filepath.Join(exists, "none.dpt")}, ""},
		{[]string{"play", "--game", "poker-dice", "--manual", "--seed", "3"}, "dicepoker: --seed chooses the program's dice; with --manual you roll your own\n"},
		{[]string{"play", "--game", "poker-dice", "--record", exists}, "dicepoker: record file " + exists + " exists: choose another with --record\n"},
		{[]string{"play", "--game", "poker-dice", "--record", filepath.Join(exists, "x.jsonl")}, "dicepoker: record file: open " + filepath.Join(exists, "x.jsonl") + ": not a directory\n"},
		{[]string{"play", "--seed", "-1"}, ""},
		{[]string{"play", "extra"}, "dicepoker: unexpected argument \"extra\" (flags start with --)\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(c.args, &stdout, &stderr)
			if status != 2 || c.want != "" && stderr.String() != c.want || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("%q: status %d, stderr %q; want 2, %q", c.args, status, stderr.String(), c.want)
			}
		})
	}
	if data, _ := os.ReadFile(exists); string(data) != "keep me\n" {
		t.Error("an existing record was overwritten")
	}
}

func TestPlaySchoolFollowingTheAdvisor(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	g, table := schoolExact(t, tablestest.Scrambled)
	adv, err := advice.Advisor(env(os.Getenv).opened(table), g)
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
			out := cl.playOK(t, pl.input, "--game", "school", "--columns", "1", "--seed", fmt.Sprint(c.seed), "--record", rec, "--table", table)
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
			pl.agrees(t, cl.reviewed(t, rec, "--table", table), wrong)
		})
	}
}

// TestPlaySchoolCommands plays the first turn of a one-column game with
// every kind of school command, good and bad.
func TestPlaySchoolCommands(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	g, table := schoolExact(t, tablestest.Scrambled)
	if d := newRoller(3, g.Cup()).roll(engine.Multiset{}); d.String() != "12344" {
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
	out := cl.playSteps(t, steps, "", "--game", "school", "--columns", "1", "--seed", "3", "--record", rec, "--table", table)
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
	t.Parallel()
	cl, _ := ownTables(t)
	_, estimate := schoolTables(t)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := cl.playOK(t, "hint\nscore sum\nhint\nquit\n", "--game", "school", "--seed", "3", "--record", rec, "--table", estimate)
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
	if err := json.Unmarshal([]byte(cl.runOK(t, "review", "--json", "--table", estimate, rec)), &res); err != nil || !strings.HasPrefix(res.Note, "school with 3 columns is not solved exactly") {
		t.Errorf("review --json note %q, %v", res.Note, err)
	}
}

// TestPlayHints plays with --hints: the advice comes before every
// decision, unasked, until 'hint off'; 'hint always' brings it back.
func TestPlayHints(t *testing.T) {
	t.Run("every decision", func(t *testing.T) {
		g, _ := engine.New("poker-dice", engine.Options{})
		table := tableFor(t, g)
		pl := playWithTable(t, table, 42, nil)
		out := playOK(t, pl.input, "--game", "poker-dice", "--seed", "42", "--record", filepath.Join(t.TempDir(), "game.jsonl"), "--hints")
		rolls := regexp.MustCompile(`roll \d of 2: [^\n]*\n`).FindAllStringIndex(out, -1)
		if len(rolls) != pl.n {
			t.Fatalf("%d rolls shown, want one a decision, %d:\n%s", len(rolls), pl.n, out)
		}
		for _, at := range rolls {
			advice, _, _ := strings.Cut(out[at[1]:], "> ")
			if !strings.HasPrefix(advice, "poker-dice, sheet score ") || !strings.Contains(advice, "\nbest: ") ||
				!strings.Contains(advice, "\n   1  ") || strings.Contains(advice, "\n   4  ") {
				t.Fatalf("after %q, before the prompt, want the advice, at most three actions:\n%s", out[at[0]:at[1]], advice)
			}
		}
		containsAll(t, out, fmt.Sprintf("\ngame over: final score %d\n", pl.score), " more (hint: the first ten, hint all: every one)\n> ")
	})
	t.Run("off and always", func(t *testing.T) {
		g, _ := engine.New("yahtzee", engine.Options{})
		tableFor(t, g)
		// Seed 5 rolls 1 1 2 4 5, then 1 1 2 3 4 after keeping 1 1 (see
		// TestPlayExplains), then the next turn's dice.
		d := newRoller(5, g.Cup())
		d.roll(engine.Multiset{})
		d.roll(engine.Multiset{2})
		next := spaced(d.roll(engine.Multiset{}), g.Letters)
		steps := []step{
			{"keep 1 1", "roll 1 of 3: 1 1 2 4 5\nyahtzee, sheet score 0, dice 1 1 2 4 5, 2 rerolls left\nbest: "},
			{"hint off", "roll 2 of 3: 1 1 2* 3* 4*  (* rerolled)\nyahtzee, sheet score 0, dice 1 1 2 3 4, 1 reroll left\nbest: "},
			{"hint bananas", "> hints off: type 'hint' for the advice ('hint always' shows it again)\n"},
			{"score chance", `> unknown hint "bananas": say 'hint', 'hint all', 'hint always' or 'hint off'` + "\n"},
			{"hint", "chance: 11 points\n"},
			{"hint always", "roll 1 of 3: " + next + "\n> yahtzee, sheet score 11, dice " + next + ", 2 rerolls left\nbest: "},
			{"undo", "> hints on: the advice comes before every decision ('hint off' stops it)\nyahtzee, sheet score 11, dice " + next + ", 2 rerolls left\nbest: "},
			{"quit", "took back score chance (turn 1, roll 2 of 3)\n\nturn 1 of 13, score 0\n" + marks(g) +
				"roll 2 of 3: 1 1 2 3 4\nyahtzee, sheet score 0, dice 1 1 2 3 4, 1 reroll left\nbest: "},
		}
		out := playSteps(t, steps, "", "--seed", "5", "--record", filepath.Join(t.TempDir(), "game.jsonl"), "--hints")
		// Asked for with 'hint', the advice ranks ten actions, as without --hints.
		if !strings.Contains(out, "\n  10  ") {
			t.Errorf("'hint' did not rank ten actions:\n%s", out)
		}
	})
	t.Run("manual", func(t *testing.T) {
		g, _ := engine.New("poker-dice", engine.Options{})
		tableFor(t, g)
		steps := []step{
			{"9 9 T K A", "roll the five dice and type them\ndice> "},
			{"keep 9 9", "roll 1 of 2: 9 9 T K A\npoker-dice, sheet score 0, dice 9 9 T K A, 1 reroll left\nbest: "},
			{"J J J", "keep 9 9, reroll 3 dice and type their values (or all five dice)\ndice> "},
			{"quit", "roll 2 of 2: 9 9 J* J* J*  (* rerolled)\npoker-dice, sheet score 0, dice 9 9 J J J, 0 rerolls left\nbest: "},
		}
		playSteps(t, steps, "", "--game", "poker-dice", "--manual", "--record", filepath.Join(t.TempDir(), "game.jsonl"), "--hints")
	})
	t.Run("school", func(t *testing.T) {
		tablestest.Dir(t)
		_, table := schoolExact(t, tablestest.Scrambled)
		steps := []step{
			{"cross pair", "roll 1 of 3: 1 2 3 4 4\nschool (columns=1), sheet score 0, dice 1 2 3 4 4 (fresh), 2 rerolls left\nbest: "},
			{"quit", "pair 1: cross out\n"},
			{"", "\nroll 1 of 3: "},
			{"", "\nschool (columns=1), sheet score 0, dice "},
		}
		playSteps(t, steps, "", "--game", "school", "--columns", "1", "--seed", "3", "--record", filepath.Join(t.TempDir(), "game.jsonl"), "--table", table, "--hints")
	})
	t.Run("estimate", func(t *testing.T) {
		tablestest.Dir(t)
		_, estimate := schoolTables(t)
		out := playOK(t, "score sum\nquit\n", "--game", "school", "--seed", "3", "--record", filepath.Join(t.TempDir(), "game.jsonl"), "--table", estimate, "--hints")
		// The advice twice, the note of the estimate once at the start and
		// once in the review, not with every piece of advice.
		if n, notes := strings.Count(out, "\nbest: "), strings.Count(out, "note: school with 3 columns is not solved exactly"); n != 2 || notes != 2 {
			t.Errorf("%d pieces of advice, want 2; %d notes, want 2:\n%s", n, notes, out)
		}
	})
	t.Run("help", func(t *testing.T) {
		containsAll(t, runOK(t, "play", "-h"), "--hints", "'hint always' and 'hint off'")
	})
}

// marks is the sheet of a new game of g as play shows it.
func marks(g *engine.Game) string {
	sheet, _ := coach.ParseSheet(g, "")
	return sheet.Show()
}

// TestPlayOldBoxName checks that play reads a box's old name, two-pair,
// as the box two-pairs, and records the box's name.
func TestPlayOldBoxName(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	out := playOK(t, "9 9 T T A\nscore two-pair\nquit", "--game", "poker-dice", "--manual", "--record", rec)
	containsAll(t, out, "two-pairs: 2 points")
	data, _ := os.ReadFile(rec)
	if !strings.Contains(string(data), `"score":"two-pairs"`) {
		t.Errorf("record:\n%s\nwant the move written as two-pairs", data)
	}
}
