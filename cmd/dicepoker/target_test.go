package main

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// TestAdviseTarget checks advise --target where the chances are known:
// with only the straight open, 4 points short of the target and 9 T J Q A
// in hand, keeping 9 T J Q or T J Q A makes the straight with the one
// die rerolled showing K, 1 in 6; writing the dice now misses it.
func TestAdviseTarget(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	var res struct {
		SheetScore  int     `json:"sheet_score"`
		Target      int     `json:"target"`
		Probability float64 `json:"probability"`
		Options     []struct {
			Action      string  `json:"action"`
			Keep        []int   `json:"keep"`
			Category    string  `json:"category"`
			Probability float64 `json:"probability"`
			Expected    float64 `json:"expected"`
			Tie         bool    `json:"tie"`
		} `json:"options"`
	}
	out := runOK(t, "advise", "--game", "poker-dice", "--sheet", pokerAllButStraight, "--dice", "9TJQA", "--target", "36", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.SheetScore != 32 || res.Target != 36 || math.Abs(res.Probability-1.0/6) > 1e-12 || len(res.Options) < 3 {
		t.Fatalf("advise --target: %s", out)
	}
	for i, want := range [][]int{{2, 3, 4, 6}, {1, 2, 3, 4}} {
		o := res.Options[i]
		if o.Action != "keep" || !slices.Equal(o.Keep, want) || math.Abs(o.Probability-1.0/6) > 1e-12 || !o.Tie ||
			math.Abs(o.Expected-(32+4.0/6)) > 1e-9 {
			t.Errorf("option %d: %+v, want keep %v with chance 1/6 and a tie", i, o, want)
		}
	}
	for _, o := range res.Options {
		if o.Action == "score" && o.Probability != 0 {
			t.Errorf("writing the dice now: %+v, want no chance", o)
		}
	}
	// A target the sheet has reached already: every action is certain.
	out = runOK(t, "advise", "--game", "poker-dice", "--sheet", pokerAllButStraight, "--dice", "9TJQA", "--target", "20", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Options {
		if o.Probability != 1 {
			t.Errorf("target reached: %+v", o)
		}
	}
}

func TestTargetRefused(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	for _, args := range [][]string{
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "-1"},
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "1000000"},
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "30", "--table", "x.dpt"},
		{"advise", "--game", "school", "--dice", "33456", "--target", "300"},
		{"simulate", "--game", "poker-dice", "--target", "30", "--strategy", "greedy"},
		{"distribution", "--game", "poker-dice", "--target", "30", "--table", "x.dpt"},
		{"distribution", "--game", "school", "--target", "300"},
	} {
		t.Run(args[0]+" "+args[len(args)-1], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(args, &stdout, &stderr); status != 2 || bytes.Count(stderr.Bytes(), []byte("\n")) != 1 {
				t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
			}
		})
	}
}
