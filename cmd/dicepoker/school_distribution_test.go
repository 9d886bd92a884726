package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// TestDistributionSchoolExact runs distribution on a one-column school
// sheet of a few rows with its solved table: the exact pass, not a
// sample, with the keys of the other games' output and the same bits
// whatever the threads.
func TestDistributionSchoolExact(t *testing.T) {
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
		p, err := opened(table).Player(g, "", nil, threads)
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
