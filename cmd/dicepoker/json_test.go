package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestJSONCommonNames checks that every command's JSON names the rules
// "rules", always present, that simulate gives the exact expected score its
// text shows, and that nothing changes between two runs unless --timing
// asks for the seconds.
func TestJSONCommonNames(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	cl, _ := ownTables(t)
	out := t.TempDir() + "/poker.dpt"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"score", []string{"score", "--game", "poker-dice", "--dice", "QQKKA", "--json"}},
		{"score school", []string{"score", "--game", "school", "--dice", "11123", "--json"}},
		{"solve", []string{"solve", "--game", "poker-dice", "--out", out, "--json"}},
		{"advise", []string{"advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA", "--json"}},
		{"simulate", []string{"simulate", "--game", "poker-dice", "--table", table, "--games", "200", "--json"}},
		{"simulate greedy", []string{"simulate", "--game", "poker-dice", "--strategy", "greedy", "--games", "200", "--json"}},
		{"distribution", []string{"distribution", "--game", "poker-dice", "--table", table, "--json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := cl.runOK(t, tc.args...)
			var obj map[string]any
			if err := json.Unmarshal([]byte(first), &obj); err != nil {
				t.Fatal(err)
			}
			if rules, ok := obj["rules"].(string); !ok || rules != "" {
				t.Errorf("rules %v (%T), want \"\"", obj["rules"], obj["rules"])
			}
			if _, ok := obj["seconds"]; ok {
				t.Errorf("seconds without --timing: %s", first)
			}
			if again := cl.runOK(t, tc.args...); again != first {
				t.Errorf("two runs differ:\n%s%s", first, again)
			}
			if tc.name == "distribution" || tc.name == "simulate" {
				if e, _ := obj["expected_score"].(float64); math.Abs(e-31.4230112) > 1e-6 {
					t.Errorf("expected_score %v, want 31.4230112", obj["expected_score"])
				}
			}
			if _, ok := obj["expected_score"]; tc.name == "simulate greedy" && ok {
				t.Errorf("greedy has no exact expected score: %s", first)
			}
		})
	}
	text := cl.runOK(t, "simulate", "--game", "poker-dice", "--table", table, "--games", "200")
	if !strings.Contains(text, "expected       31.423 (the strategy table's exact value)") {
		t.Errorf("simulate text:\n%s", text)
	}
	for _, args := range [][]string{
		{"solve", "--game", "poker-dice", "--out", out, "--json", "--timing"},
		{"simulate", "--game", "poker-dice", "--table", table, "--games", "200", "--json", "--timing"},
	} {
		var obj map[string]any
		if err := json.Unmarshal([]byte(cl.runOK(t, args...)), &obj); err != nil {
			t.Fatal(err)
		}
		if s, ok := obj["seconds"].(float64); !ok || s <= 0 {
			t.Errorf("%q: seconds %v", args, obj["seconds"])
		}
	}
}
