package main

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

// sixReduced is Maxi Yatzy cut to four boxes in a game file: six dice,
// an upper bonus in reach, quick to solve.
const sixReduced = "../../engine/gamefile/testdata/maxi-reduced.toml"

// sixReducedSolved returns the game of sixReduced and its exact expected
// score, solved here apart from the command line.
func sixReducedSolved(t *testing.T) (*engine.Game, float64) {
	t.Helper()
	data, err := os.ReadFile(sixReduced)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.ParseRules(sixReduced, data)
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
	_, expected := sixReducedSolved(t)
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
