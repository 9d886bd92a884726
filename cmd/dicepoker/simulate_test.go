package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// simulateJSON is simulate's --json output.
type simulateJSON struct {
	Game        string             `json:"game"`
	Strategy    string             `json:"strategy"`
	Seed        uint64             `json:"seed"`
	Games       int                `json:"games"`
	Mean        float64            `json:"mean"`
	CI95        []float64          `json:"ci95"`
	SD          float64            `json:"sd"`
	Min         int                `json:"min"`
	Max         int                `json:"max"`
	Percentiles map[string]float64 `json:"percentiles"`
	BonusRates  map[string]float64 `json:"bonus_rates"`
}

func TestSimulateJSON(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	args := []string{"simulate", "--game", "poker-dice", "--table", table, "--games", "3000", "--seed", "5", "--json"}
	out := runOK(t, append(args, "--threads", "1")...)
	if again := runOK(t, append(args, "--threads", "3")...); again != out {
		t.Errorf("1 and 3 threads differ:\n%s%s", out, again)
	}
	var res simulateJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Game != "poker-dice" || res.Strategy != "optimal" || res.Seed != 5 || res.Games != 3000 || len(res.CI95) != 2 ||
		res.CI95[0] > 31.4230112 || res.CI95[1] < 31.4230112 || res.SD <= 0 || res.Min > res.Max {
		t.Errorf("simulate --json: %s", out)
	}
	if len(res.Percentiles) != 7 || res.Percentiles["50"] < res.Percentiles["1"] || len(res.BonusRates) != 1 || res.BonusRates["upper-bonus"] <= 0 {
		t.Errorf("simulate --json: %s", out)
	}
	if !strings.Contains(out, `"percentiles":{"1":`) {
		t.Errorf("percentiles not in increasing order: %s", out)
	}

	// Greedy needs no table, and does worse.
	var greedy simulateJSON
	if err := json.Unmarshal([]byte(runOK(t, "simulate", "--game", "poker-dice", "--strategy", "greedy", "--games", "3000", "--json")), &greedy); err != nil {
		t.Fatal(err)
	}
	if greedy.Strategy != "greedy" || greedy.CI95[1] >= res.CI95[0] {
		t.Errorf("greedy %+v, optimal %+v", greedy, res)
	}
}

func TestSimulateText(t *testing.T) {
	t.Parallel()
	out := runOK(t, "simulate", "--game", "poker-dice", "--table", pokerTable(t), "--games", "500")
	containsAll(t, out, "poker-dice, optimal strategy: 500 games, seed 1\n", "mean ", "expected       31.423", "percentiles    1%: ", "upper-bonus ")
}

func TestDistribution(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	png := filepath.Join(t.TempDir(), "poker.png")
	out := runOK(t, "distribution", "--game", "poker-dice", "--table", table, "--json", "--png", png)
	var res struct {
		Expected      float64            `json:"expected"`
		Mean          float64            `json:"mean"`
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
	if math.Abs(res.Mean-res.Expected) > 1e-6 || math.Abs(res.Mean-31.4230112) > 1e-6 || math.Abs(total-1) > 1e-12 ||
		res.Percentiles["50"] != 32 || math.Abs(res.SD-4.6222) > 1e-4 {
		t.Errorf("distribution --json: mean %v, expected %v, total %v, percentiles %v, sd %v", res.Mean, res.Expected, total, res.Percentiles, res.SD)
	}
	if data, err := os.ReadFile(png); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("--png: no PNG written (%v)", err)
	}
	text := runOK(t, "distribution", "--game", "poker-dice", "--table", table)
	containsAll(t, text, "mean         31.4230112 (the strategy table expects 31.4230112)\n", "median       32\n", "32           13.86% ###")
}

func TestSimulateAndDistributionRefuse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"simulate", "--games", "0"}, "--games 0: must be 1 to 1000000000"},
		{[]string{"simulate", "--games", "-5"}, "--games -5: must be 1 to 1000000000"},
		{[]string{"simulate", "--games", "4611686018427387904"}, "--games 4611686018427387904: must be 1 to 1000000000"},
		{[]string{"simulate", "--game", "school", "--games", "60000000"}, "school plays at most 50000000 games a run"},
		{[]string{"simulate", "--strategy", "lucky"}, `--strategy "lucky": want optimal or greedy`},
		{[]string{"simulate", "--seed", "-1"}, `invalid argument "-1" for "--seed" flag`},
		{[]string{"simulate", "--seed", "x"}, `invalid argument "x" for "--seed" flag`},
		{[]string{"simulate", "--threads", "-1"}, "--threads -1: must be 0 (all cores) or more"},
		{[]string{"simulate", "--game", "yatzy", "--forced-joker"}, "forced-joker"},
		{[]string{"distribution", "--threads", "-2"}, "--threads -2: must be 0 (all cores) or more"},
		{[]string{"distribution", "--game", "poker-dice", "--table", "/nonexistent/t.dpt"}, "/nonexistent/t.dpt"},
		{[]string{"distribution", "extra"}, `unexpected argument "extra"`},
		{[]string{"distribution", "--png", "/nonexistent/d.png"}, "--png /nonexistent/d.png: no directory /nonexistent to save it in"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(tc.args, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), tc.stderr) || stdout.Len() > 0 {
				t.Errorf("%q: status %d, stderr %q, want 2 and %q", tc.args, status, stderr.String(), tc.stderr)
			}
		})
	}
}

// TestSimulateSeats checks simulate with seats in poker dice: every seat
// reported with its strategy and intervals, two seats that play alike
// winning half each exactly (the common dice), and bad lists refused.
func TestSimulateSeats(t *testing.T) {
	t.Parallel()
	pokerTargets(t)
	var res struct {
		Players int `json:"players"`
		Games   int `json:"games"`
		Seats   []struct {
			Strategy string     `json:"strategy"`
			Mean     float64    `json:"mean"`
			CI95     [2]float64 `json:"ci95"`
			WinRate  float64    `json:"win_rate"`
			WinCI95  [2]float64 `json:"win_ci95"`
		} `json:"seats"`
	}
	out := runOK(t, "simulate", "--game", "poker-dice", "--strategy", "win,optimal,target:40", "--games", "301", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Players != 3 || res.Games != 303 || len(res.Seats) != 3 || res.Seats[0].Strategy != "win" || res.Seats[2].Strategy != "target:40" {
		t.Fatalf("seats: %s", out)
	}
	total := 0.0
	for _, s := range res.Seats {
		total += s.WinRate
		if s.CI95[0] > s.Mean || s.CI95[1] < s.Mean || s.WinCI95[0] > s.WinRate || s.WinCI95[1] < s.WinRate {
			t.Errorf("seat %+v: intervals miss their estimates", s)
		}
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("win rates add up to %v", total)
	}
	out = runOK(t, "simulate", "--game", "poker-dice", "--players", "2", "--strategy", "greedy", "--games", "100", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Players != 2 || res.Seats[0].WinRate != 0.5 || res.Seats[1].WinRate != 0.5 || res.Seats[0].WinCI95 != [2]float64{0.5, 0.5} {
		t.Errorf("two greedy seats: %s; want half the wins each, exactly", out)
	}
	for _, args := range [][]string{
		{"simulate", "--game", "poker-dice", "--strategy", "win"},
		{"simulate", "--game", "poker-dice", "--strategy", "win,optimal", "--players", "3"},
		{"simulate", "--game", "poker-dice", "--strategy", "win,lucky"},
		{"simulate", "--game", "poker-dice", "--strategy", "target:x,optimal"},
		{"simulate", "--game", "poker-dice", "--players", "0"},
		{"simulate", "--game", "poker-dice", "--players", "2", "--target", "30"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(args, &stdout, &stderr); status != 2 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
		}
	}
}

// TestDistributionSchoolExact runs distribution on a one-column school
// sheet of a few rows with its solved table: the exact pass, not a
// sample, with the keys of the other games' output and the same bits
// whatever the threads.
func TestDistributionSchoolExact(t *testing.T) {
	t.Parallel()
	one, _ := engine.New("school", engine.Options{Columns: 1})
	g, err := one.Subset("twos", "fives", "pair", "full-house", "sum")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := school.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	table := filepath.Join(t.TempDir(), "school.dpt")
	if err := school.FromSolution(sol).Save(table); err != nil {
		t.Fatal(err)
	}
	run := func(threads int, asJSON bool) string {
		var out bytes.Buffer
		p, err := kind.NewPlayer(env(os.Getenv).opened(table), g, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := distribute(p, threads, "", asJSON, &out); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	out := run(1, true)
	if again := run(2, true); again != out {
		t.Errorf("1 and 2 threads differ:\n%s%s", out, again)
	}
	var res struct {
		Game          string             `json:"game"`
		Method        string             `json:"method"`
		Expected      float64            `json:"expected"`
		Mean          float64            `json:"mean"`
		SD            float64            `json:"sd"`
		Percentiles   map[string]float64 `json:"percentiles"`
		Probabilities map[string]float64 `json:"probabilities"`
		Games         *int               `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	total := 0.0
	for _, p := range res.Probabilities {
		total += p
	}
	// The table's values are rounded to float32, its expected score is not.
	if res.Game != g.Name || res.Method != "exact" || res.Games != nil || math.Abs(res.Mean-res.Expected) > 1e-6 || math.Abs(res.Expected-sol.Expected()) > 1e-9 ||
		math.Abs(total-1) > 1e-12 || len(res.Percentiles) != 7 || res.SD <= 0 {
		t.Errorf("distribution --json: %s", out)
	}
	text := run(0, false)
	containsAll(t, text, strategy.Describe(g)+", optimal strategy: exact distribution of the final score\n", fmt.Sprintf("(the strategy table expects %.7f)\n", sol.Expected()), "states       1290 reached")
}

func TestSimulateSchool(t *testing.T) {
	t.Parallel()
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
			Strategy    string             `json:"strategy"`
			Wins        float64            `json:"win_rate"`
			WinCI95     [2]float64         `json:"win_ci95"`
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
			s.Percentiles["1"] < float64(s.Min) || s.Percentiles["99"] > float64(s.Max) || s.Wins > 1 ||
			s.Strategy != "estimate" || s.WinCI95[0] > s.Wins || s.WinCI95[1] < s.Wins {
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
