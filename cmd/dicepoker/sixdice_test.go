package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/review"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// sixReduced is Maxi Yatzy cut to four boxes in a game file: six dice,
// an upper bonus in reach, quick to solve.
const sixReduced = "../../engine/gamefile/testdata/maxi-reduced.toml"

// gameFileSolved returns the game of the game file at path and its exact
// expected score, solved here apart from the command line.
func gameFileSolved(t *testing.T, path string) (*engine.Game, float64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.ParseRules(path, data)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g, sol.Expected()
}

// TestSixDiceSimulate simulates a reduced game of six dice from the
// command line: the exact expected score lies in the mean's 95%
// interval, the same games come out on one thread and on three, and a
// target or seats, which play five dice only, are refused.
func TestSixDiceSimulate(t *testing.T) {
	t.Parallel()
	_, expected := gameFileSolved(t, sixReduced)
	cl, _ := ownTables(t)
	args := []string{"simulate", "--rules", sixReduced, "--games", "20000", "--seed", "9", "--json"}
	out := cl.runOK(t, append(args, "--threads", "1")...)
	if again := cl.runOK(t, append(args, "--threads", "3")...); again != out {
		t.Errorf("1 and 3 threads differ:\n%s%s", out, again)
	}
	var res struct {
		Game     string     `json:"game"`
		Games    int        `json:"games"`
		Mean     float64    `json:"mean"`
		CI95     [2]float64 `json:"ci95"`
		Expected float64    `json:"expected_score"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Game != "maxi-reduced" || res.Games != 20000 || math.Abs(res.Expected-expected) > 1e-9 {
		t.Errorf("simulate --json: %s, want expected score %.9f", out, expected)
	}
	if expected < res.CI95[0] || expected > res.CI95[1] {
		t.Errorf("expected score %.4f outside the simulation's 95%% interval %.3f..%.3f", expected, res.CI95[0], res.CI95[1])
	}
	for _, refused := range [][]string{
		{"simulate", "--rules", sixReduced, "--target", "60"},
		{"simulate", "--rules", sixReduced, "--players", "2"},
		{"simulate", "--rules", sixReduced, "--strategy", "optimal,greedy"},
	} {
		if status, _, stderr := cl.runLine(refused...); status != 2 || !containsLine(stderr, "plays five-dice games only") {
			t.Errorf("%q: status %d, %q; want 2 and one line that it plays five-dice games only", refused, status, stderr)
		}
	}
}

// containsLine reports whether s is one line holding want.
func containsLine(s, want string) bool {
	return strings.Count(s, "\n") == 1 && strings.HasSuffix(s, "\n") && strings.Contains(s, want)
}

// TestSixDicePlayAndReview plays a reduced game of six dice with typed
// lines, a record kept, and reviews the record: each decision's loss is
// what the solver's ranking of its position, worked out here from the
// table's values, says it gave up.
func TestSixDicePlayAndReview(t *testing.T) {
	t.Parallel()
	g, _ := gameFileSolved(t, sixReduced)
	// The table's values, float32 as they are stored.
	tab, err := strategy.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cl, _ := ownTables(t)
	rec := filepath.Join(t.TempDir(), "six.jsonl")
	out := cl.playOK(t, "hint\nkeep none\nkeep none\nscore villa\nyes\nscore fours\nyes\nquit\n", "--rules", sixReduced, "--seed", "5", "--record", rec)
	if !strings.Contains(out, "roll 1 of 3: ") || !strings.Contains(out, "reroll all six") {
		t.Errorf("play of six dice:\n%s", out)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	res := cl.reviewed(t, rec, "--rules", sixReduced)
	if len(lines) != 4 || len(res.Decisions) != 4 {
		t.Fatalf("%d decisions recorded, %d reviewed:\n%s", len(lines), len(res.Decisions), data)
	}
	turn := solver.NewTurn(g)
	total := 0.0
	for i, line := range lines {
		var d struct {
			Sheet     string `json:"sheet"`
			Dice      []int  `json:"dice"`
			RollsLeft int    `json:"rolls_left"`
			Action    struct {
				Keep  []int  `json:"keep"`
				Score string `json:"score"`
			} `json:"action"`
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		sheet, err := engine.ParseSheet(g, d.Sheet)
		if err != nil {
			t.Fatal(err)
		}
		dice, err := engine.FromDice(d.Dice...)
		if err != nil || dice.Size() != 6 {
			t.Fatalf("line %d: dice %v: %v", i+1, d.Dice, err)
		}
		actions, err := turn.Actions(sheet.State(g), dice, d.RollsLeft, tab.Value)
		if err != nil {
			t.Fatal(err)
		}
		taken := slices.IndexFunc(actions, func(a engine.Ranked) bool {
			return a.Box == d.Action.Score && (a.Box != "" || a.Keep.Size() == len(d.Action.Keep))
		})
		if taken < 0 {
			t.Fatalf("line %d: %s is no action of the ranking", i+1, line)
		}
		loss := actions[0].Value - actions[taken].Value
		if loss <= review.Epsilon {
			loss = 0
		}
		total += loss
		if got := res.Decisions[i].Loss; math.Abs(got-loss) > 1e-9 || res.Decisions[i].Optimal != (loss == 0) {
			t.Errorf("line %d (%s): loss %.9f, the table's difference %.9f", i+1, line, got, loss)
		}
	}
	if total == 0 || math.Abs(res.TotalLoss-total) > 1e-9 || res.Complete {
		t.Errorf("review: %+v, want total loss %.9f > 0 of a game stopped", res, total)
	}
	// Dice typed by the player: six, or the dice rerolled.
	out = cl.playOK(t, "1123456\n112345\nkeep 1 1\n5 6 6 6\nquit\n", "--rules", sixReduced, "--manual", "--record", filepath.Join(t.TempDir(), "typed.jsonl"))
	for _, want := range []string{"roll the six dice and type them", "at most 6 dice, got 7", "roll 1 of 3: 1 1 2 3 4 5",
		"keep 1 1, reroll 4 dice and type their values (or all six dice)", "roll 2 of 3: 1 1 5* 6* 6* 6*"} {
		if !strings.Contains(out, want) {
			t.Errorf("play --manual of six dice: no %q in\n%s", want, out)
		}
	}
}

// TestSixDiceDistribution computes the exact distribution of a reduced
// game of six dice from the command line, whose mean is the solver's
// expected score, and refuses --games for games of five dice, which
// only a sampled distribution of six plays; yatzy's over a limit is
// refused, not sampled;
// Maxi Yatzy's exact one does not fit under a limit
// and its sampled one, whose table does not fit either, is refused
// before the table is built.
func TestSixDiceDistribution(t *testing.T) {
	t.Parallel()
	_, expected := gameFileSolved(t, sixReduced)
	cl, _ := ownTables(t)
	var res struct {
		Method        string             `json:"method"`
		Sampled       *bool              `json:"sampled"`
		Mean          float64            `json:"mean"`
		Probabilities map[string]float64 `json:"probabilities"`
	}
	out := cl.runOK(t, "distribution", "--rules", sixReduced, "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	total := 0.0
	for _, p := range res.Probabilities {
		total += p
	}
	if res.Method != "exact" || res.Sampled != nil || math.Abs(res.Mean-expected) > 1e-9 || math.Abs(total-1) > 1e-9 {
		t.Errorf("distribution: method %q, sampled %v, mean %.12f, probabilities adding up to %.12f; want exact, mean %.12f", res.Method, res.Sampled, res.Mean, total, expected)
	}
	// Given --games, sampled though the exact one fits: a command line
	// means the same on any machine.
	var sampled struct {
		Method      string     `json:"method"`
		Games       int        `json:"games"`
		Expected    float64    `json:"expected_score"`
		ExactMemory *int64     `json:"exact_memory_bytes"`
		CI95        [2]float64 `json:"ci95"`
	}
	out = cl.runOK(t, "distribution", "--rules", sixReduced, "--games", "3000", "--json")
	if err := json.Unmarshal([]byte(out), &sampled); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if sampled.Method != "sampled" || sampled.Games != 3000 || math.Abs(sampled.Expected-expected) > 1e-9 || sampled.ExactMemory != nil ||
		expected < sampled.CI95[0] || expected > sampled.CI95[1] {
		t.Errorf("distribution --games 3000: %s; want sampled from 3000 games, the interval holding %.6f, no memory keys", out, expected)
	}
	if text := cl.runOK(t, "distribution", "--rules", sixReduced, "--games", "300"); !strings.HasPrefix(text,
		"maxi-reduced, optimal strategy: final score distribution sampled from 300 games (seed 1); as --games asked\n") {
		t.Errorf("distribution --games 300, text:\n%s", text)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"distribution", "--rules", sixReduced, "--target", "60"}, "plays five-dice games only"},
		{[]string{"distribution", "--game", "yatzy", "--games", "100"}, "--games 100: the distribution of yatzy is exact"},
		{[]string{"distribution", "--game", "school", "--games", "100"}, "--games 100: the distribution of school is sampled from 20000 games of the estimate player;"},
		{[]string{"distribution", "--game", "yatzy", "--target", "201", "--memory", "140MB", "--games", "100"}, "--games 100: the distribution of yatzy is exact"},
	} {
		if status, _, stderr := cl.runLine(c.args...); status != 2 || !containsLine(stderr, c.want) {
			t.Errorf("%q: status %d, %q; want 2 and one line with %q", c.args, status, stderr, c.want)
		}
	}
	// Five dice over the limit are refused, not sampled: their exact
	// distribution fits a normal machine.
	if status, stdout, stderr := runLine("distribution", "--game", "yatzy", "--memory", "140MB"); status != 1 || stdout != "" ||
		!strings.HasSuffix(stderr, "the exact distribution of yatzy needs about 252 MB of memory, more than the 140 MB the memory limit allows: not started\n") {
		t.Errorf("yatzy's distribution under 140 MB: status %d, %q %q", status, stdout, stderr)
	}
	maxiDir := t.TempDir()
	status, stdout, stderr := cli{tables.EnvDir: maxiDir}.runLine("distribution", "--rules", "../../games/maxi-yatzy.toml", "--memory", "150MB")
	if status != 1 || stdout != "" || !containsLine(stderr, "the sampled distribution of maxi-yatzy needs about") ||
		!strings.HasSuffix(stderr, "more than the 150 MB the memory limit allows: not started\n") {
		t.Errorf("maxi-yatzy's distribution under 150 MB: status %d, %q", status, stderr)
	}
	if files, err := os.ReadDir(maxiDir); err != nil || len(files) != 0 {
		t.Errorf("the tables directory holds %d files (%v): a table was built", len(files), err)
	}
}

// sixThirteen is Maxi Yatzy cut to thirteen boxes: quick to solve and
// to play, with an exact distribution costed above the least --memory.
const sixThirteen = "testdata/maxi-thirteen.toml"

// TestSixDiceSampledDistribution has the distribution of a game of six
// dice whose exact one does not fit --memory sampled from games of the
// optimal player: the solver's expected score lies in the sampled mean's
// 95% interval, the keys say why it was sampled, the text says so on its
// first line, and a bad --games is refused.
func TestSixDiceSampledDistribution(t *testing.T) {
	g, expected := gameFileSolved(t, sixThirteen)
	// --memory also sets the process's soft limit: the test runs alone
	// (not in parallel), and the limit is put back after it.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	cl, _ := ownTables(t)
	args := []string{"distribution", "--rules", sixThirteen, "--memory", "140MB", "--games", "4000"}
	out := cl.runOK(t, append(args, "--json")...)
	var res struct {
		Game          string             `json:"game"`
		Method        string             `json:"method"`
		Sampled       bool               `json:"sampled"`
		Strategy      string             `json:"strategy"`
		Games         int                `json:"games"`
		Expected      float64            `json:"expected_score"`
		ExactMemory   int64              `json:"exact_memory_bytes"`
		Allowed       int64              `json:"memory_allowed_bytes"`
		Limit         bool               `json:"memory_limit"`
		Mean          float64            `json:"mean"`
		CI95          [2]float64         `json:"ci95"`
		SD            float64            `json:"sd"`
		Percentiles   map[string]float64 `json:"percentiles"`
		Probabilities map[string]float64 `json:"probabilities"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	total := 0.0
	for _, p := range res.Probabilities {
		total += p
	}
	if res.Game != "maxi-thirteen" || res.Method != "sampled" || !res.Sampled || res.Strategy != "optimal" || res.Games != 4000 ||
		math.Abs(res.Expected-expected) > 1e-9 || res.Allowed != 140e6 || !res.Limit ||
		res.SD <= 0 || len(res.Percentiles) == 0 || math.Abs(total-1) > 1e-9 {
		t.Errorf("sampled distribution --json (probabilities adding up to %.12f): %s", total, out)
	}
	// The exact distribution's need is its carry's beside the table's
	// 1 MiB.
	if carry := scores.ExactMemory(g); res.ExactMemory < carry || res.ExactMemory > carry+2<<20 {
		t.Errorf("exact_memory_bytes %d, want the carry's %d and the table's", res.ExactMemory, carry)
	}
	if res.ExactMemory <= res.Allowed {
		t.Errorf("the exact distribution's need %d fits the limit %d: nothing to sample", res.ExactMemory, res.Allowed)
	}
	if expected < res.CI95[0] || expected > res.CI95[1] {
		t.Errorf("expected score %.4f outside the sampled mean's 95%% interval %.3f..%.3f", expected, res.CI95[0], res.CI95[1])
	}
	text := cl.runOK(t, args...)
	first, _, _ := strings.Cut(text, "\n")
	if want := "maxi-thirteen, optimal strategy: final score distribution sampled from 4000 games (seed 1); the exact one needs about 166 MB of memory, more than the 140 MB the memory limit allows"; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
	if status, _, stderr := cl.runLine("distribution", "--rules", sixThirteen, "--memory", "140MB", "--games", "0"); status != 2 || !containsLine(stderr, "--games 0: must be 1 to") {
		t.Errorf("--games 0: status %d, %q", status, stderr)
	}
}

// TestSixDiceExportPositions exports sampled positions of a reduced game
// of six dice: each position's rows are the solver's ranking of its
// actions (worked out here from the table's values), with six dice.
func TestSixDiceExportPositions(t *testing.T) {
	t.Parallel()
	g, _ := gameFileSolved(t, sixReduced)
	tab, err := strategy.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cl, _ := ownTables(t)
	path := filepath.Join(t.TempDir(), "positions.csv")
	cl.runOK(t, "export", "--rules", sixReduced, "--what", "positions", "--sample", "12", "--seed", "3", "--format", "csv", "--out", path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	turn := solver.NewTurn(g)
	byPosition := map[string][][]string{}
	for _, row := range rows[1:] {
		byPosition[row[col["position"]]] = append(byPosition[row[col["position"]]], row)
	}
	if len(byPosition) != 12 {
		t.Fatalf("%d positions exported, want 12", len(byPosition))
	}
	for pos, rs := range byPosition {
		first := rs[0]
		var faces []int
		for _, d := range strings.Fields(first[col["dice"]]) {
			n, err := strconv.Atoi(d)
			if err != nil {
				t.Fatal(err)
			}
			faces = append(faces, n)
		}
		dice, err := engine.FromDice(faces...)
		if err != nil || dice.Size() != 6 {
			t.Fatalf("position %s: dice %q: %v", pos, first[col["dice"]], err)
		}
		sheet, err := engine.ParseSheet(g, first[col["sheet"]])
		if err != nil {
			t.Fatal(err)
		}
		left, _ := strconv.Atoi(first[col["rolls_left"]])
		actions, err := turn.Actions(sheet.State(g), dice, left, tab.Value)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != len(actions) {
			t.Fatalf("position %s: %d rows, %d actions", pos, len(rs), len(actions))
		}
		score := float64(sheet.Score(g))
		for i, row := range rs {
			got, _ := strconv.ParseFloat(row[col["expected"]], 64)
			if math.Abs(got-(score+actions[i].Value)) > 1e-9 || row[col["rank"]] != strconv.Itoa(i+1) {
				t.Errorf("position %s, row %v: expected %v, the ranking's %v", pos, row, got, score+actions[i].Value)
			}
		}
	}
}

// TestSixDiceBench benches games of six dice: the reduced one simulated
// and its distribution exact, whose mean is the expected score; one
// whose exact distribution does not fit --memory with its distribution
// sampled, as distribution samples it, and a line that says so.
func TestSixDiceBench(t *testing.T) {
	t.Parallel()
	_, expected := gameFileSolved(t, sixReduced)
	cl, _ := ownTables(t)
	out := cl.runOK(t, "bench", "--rules", sixReduced, "--simulate", "2000", "--json")
	var res struct {
		Games []struct {
			Game      string  `json:"game"`
			Simulated int     `json:"simulated_games"`
			Expected  float64 `json:"expected_score"`
			Method    string  `json:"distribution_method"`
			Mean      float64 `json:"distribution_mean"`
			Sampled   int     `json:"distribution_games"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(res.Games) != 1 || res.Games[0].Game != "maxi-reduced" || res.Games[0].Simulated != 2000 || res.Games[0].Method != "exact" ||
		res.Games[0].Sampled != 0 || math.Abs(res.Games[0].Mean-expected) > 1e-9 || math.Abs(res.Games[0].Expected-expected) > 1e-9 {
		t.Errorf("bench --json of six dice: %s, want 2000 games simulated and the exact mean %.9f", out, expected)
	}
	text := cl.runOK(t, "bench", "--rules", sixThirteen, "--memory", "140MB", "--simulate", "0")
	want := "* maxi-thirteen: distribution sampled from 20000 games of the optimal player (seed 1), mean "
	reason := "; the exact one needs about 166 MB of memory, more than the 140 MB the memory limit allows\n"
	if !strings.Contains(text, want) || !strings.HasSuffix(text, reason) || !strings.Contains(text, "* ") {
		t.Errorf("bench of a sampled distribution:\n%s\nwant a line %q...%q", text, want, reason)
	}
}
