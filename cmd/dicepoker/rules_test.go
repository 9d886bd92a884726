package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// reducedHouse is a small house yatzy in a game file, quick to solve.
const reducedHouse = "../../engine/gamefile/testdata/house-yatzy-reduced.toml"

// TestRulesPlaysAGameFile plays a game file through --rules: advise
// solves it into a table named by its fingerprint, a file of the same
// name but other rules gets a table of its own, and a file that gives a
// built-in game exactly shares that game's table.
func TestRulesPlaysAGameFile(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	out := cl.runOK(t, "advise", "--rules", reducedHouse, "--dice", "22255")
	containsAll(t, out, "house-yatzy-reduced", "score full-house for 25")
	data, err := os.ReadFile(reducedHouse)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other.toml")
	if err := os.WriteFile(other, []byte(strings.Replace(string(data), "points = 25", "points = 26", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out = cl.runOK(t, "advise", "--rules", other, "--dice", "22255")
	containsAll(t, out, "score full-house for 26")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	table := regexp.MustCompile(`^house-yatzy-reduced-[0-9a-f]{12}\.dpt$`)
	if len(names) != 2 || !table.MatchString(names[0]) || !table.MatchString(names[1]) {
		t.Errorf("tables %q, want two house-yatzy-reduced-FINGERPRINT.dpt", names)
	}
	shown := cl.runOK(t, "games", "--rules", reducedHouse)
	if !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(shown, "strategy table: "+n+"\n") }) {
		t.Errorf("games --rules names none of the tables %q:\n%s", names, shown)
	}
	containsAll(t, cl.runOK(t, "games", "--rules", "../../games/yatzy.toml"), "strategy table: yatzy.dpt\n")
}

func TestGamesRulesShowsTheGame(t *testing.T) {
	t.Parallel()
	out := runOK(t, "games", "--rules", "../../games/yahtzee.toml")
	containsAll(t, out,
		"yahtzee: 5 dice, faces 123456, 13 categories, 13 turns, 3 rolls a turn",
		"upper bonus: 35 at 63 or more",
		"five alike: yahtzee holds 50; again, +100 while it holds 50; free joker while it holds 0 or 50",
		"full-house       25 if exactly 3 + 2 alike (different faces)       30    25     25\n",
		"small-straight   30 if a run of 4 faces                            16    30     30\n",
		"chance           the sum                                          252    30\n",
		"strategy table: yahtzee.dpt\n")
	var j struct {
		Games []rulesJSON `json:"games"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "games", "--rules", "../../games/poker-dice.toml", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Games) != 1 {
		t.Fatalf("%d games, want 1", len(j.Games))
	}
	g := j.Games[0]
	if g.Game != "poker-dice" || g.Faces != "9TJQKA" || g.Dice != 5 || len(g.Boxes) != 13 || g.FiveAlike != nil || g.Table != "poker-dice.dpt" || len(g.Fingerprint) != 64 {
		t.Errorf("poker-dice read as %+v", g)
	}
	if b := g.Boxes[7]; b.Name != "two-pairs" || b.OldName != "two-pair" || b.Rule != "2 if at least 2 + 2 alike (different faces)" || b.Max != 2 {
		t.Errorf("two-pairs read as %+v", b)
	}
}

func TestRulesRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	seven := write("seven.toml", "name = \"maxi\"\ndice = 7\nrolls = 3\n[[box]]\nname = \"chance\"\npoints = \"sum\"\n")
	maxi := filepath.Join("..", "..", "games", "maxi-yatzy.toml")
	bad := write("bad.toml", "name = \"x\"\ndice = 5\nrolls = 3\n\n[[box]]\nname = \"chance\"\npoints = \"all\"\n")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"seven dice", []string{"games", "--rules", seven}, seven + ":2: dice = 7: want 5 or 6"},
		{"a bad box", []string{"advise", "--rules", bad, "--dice", "11111"}, bad + `:5: box "chance": points = "all"`},
		{"no file", []string{"solve", "--rules", filepath.Join(dir, "none.toml")}, "no such file"},
		{"an empty name", []string{"simulate", "--rules", ""}, "give the name of a game file"},
		{"with --game", []string{"distribution", "--rules", reducedHouse, "--game", "yatzy"}, "--rules and --game"},
		{"with an option", []string{"chances", "--rules", reducedHouse, "--forced-joker"}, "--forced-joker belongs to yahtzee"},
		{"a directory", []string{"score", "--rules", dir, "--dice", "11111"}, "is a directory"},
		{"six dice simulated for a target", []string{"simulate", "--rules", maxi, "--target", "300"}, "simulate --target plays five-dice games only"},
		{"six dice simulated in seats", []string{"simulate", "--rules", maxi, "--players", "2"}, "simulate with seats plays five-dice games only"},
		{"six dice distributed for a target", []string{"distribution", "--rules", maxi, "--target", "300"}, "distribution --target plays five-dice games only"},
		{"six dice in a quiz", []string{"quiz", "--rules", maxi}, "quiz plays five-dice games only"},
		{"six dice for a target", []string{"advise", "--rules", maxi, "--dice", "123456", "--target", "300"}, "--target 300: maxi-yatzy rolls 6 dice: advice for a target or against opponents plays five-dice games only"},
		{"six dice against opponents", []string{"advise", "--rules", maxi, "--dice", "123456", "--opponent", "chance=20"}, "--opponent: maxi-yatzy rolls 6 dice: advice for a target or against opponents plays five-dice games only"},
		{"six dice' every-target table", []string{"solve", "--rules", maxi, "--targets"}, "solve --targets plays five-dice"},
		{"six dice benched with games", []string{"bench", "--rules", maxi, "--simulate", "0", "--distribution=false", "--games", "yatzy"}, "--rules and --games both name games"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			status, _, stderr := runLine(c.args...)
			if status != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%q: status %d, %q; want 2 and one line with %q", c.args, status, stderr, c.want)
			}
		})
	}
}

// TestPlayGameFile plays a game file with a record and resumes it: the
// record is of the file's game, which only --rules with that file reads.
func TestPlayGameFile(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	cl.playOK(t, "keep none\nquit\n", "--rules", reducedHouse, "--seed", "5", "--record", rec)
	data, err := os.ReadFile(rec)
	if err != nil || !strings.Contains(string(data), `"game":"house-yatzy-reduced"`) {
		t.Fatalf("record %v:\n%s", err, data)
	}
	out := cl.playOK(t, "score full-house\nyes\nquit\n", "--rules", reducedHouse, "--resume", rec, "--seed", "9")
	containsAll(t, out, "resuming after decision 1: keep none\n", "roll 2 of 3: ")
	status, _, stderr := cl.runLine("play", "--resume", rec)
	if status != 2 || !strings.Contains(stderr, `unknown game "house-yatzy-reduced"`) {
		t.Errorf("resumed without --rules: status %d, %q", status, stderr)
	}
}

// TestReviewRulesJudgesAGameFileRecord reviews a record of a game that
// only a game file describes: refused without --rules, which names no
// built-in game, and judged with it as advise judges the same position.
func TestReviewRulesJudgesAGameFileRecord(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	rec := writeFile(t, `{"game":"house-yatzy-reduced","turn":1,"sheet":"","dice":[2,2,2,5,5],"rolls_left":0,"action":{"score":"twos"}}`+"\n")
	if code, _, stderr := cl.runLine("review", rec); code != 2 || !strings.Contains(stderr, "house-yatzy-reduced") {
		t.Errorf("review without --rules: exit %d, %q; want 2 naming the game", code, stderr)
	}
	var got struct {
		Decisions []struct {
			Taken        map[string]string `json:"taken"`
			Best         map[string]string `json:"best"`
			BestExpected float64           `json:"best_expected"`
			Loss         float64           `json:"loss"`
		} `json:"decisions"`
	}
	if err := json.Unmarshal([]byte(cl.runOK(t, "review", rec, "--rules", reducedHouse, "--json")), &got); err != nil {
		t.Fatal(err)
	}
	type option struct {
		Category string  `json:"category"`
		Expected float64 `json:"expected"`
	}
	var want struct {
		Best    option   `json:"best"`
		Options []option `json:"options"`
	}
	if err := json.Unmarshal([]byte(cl.runOK(t, "advise", "--rules", reducedHouse, "--dice", "22255", "--rolls-left", "0", "--json")), &want); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(want.Options, func(o option) bool { return o.Category == "twos" })
	if len(got.Decisions) != 1 || i < 0 {
		t.Fatalf("review --rules: %+v; advise's options %+v", got, want.Options)
	}
	d := got.Decisions[0]
	if d.Taken["score"] != "twos" || d.Best["score"] != want.Best.Category || d.BestExpected != want.Best.Expected {
		t.Errorf("review --rules judged %+v, advise ranks %s best at %v", d, want.Best.Category, want.Best.Expected)
	}
	if loss := want.Best.Expected - want.Options[i].Expected; math.Abs(d.Loss-loss) > 1e-9 || loss <= 0 {
		t.Errorf("review --rules: loss %v, advise's difference %v (want it above 0)", d.Loss, loss)
	}
}
