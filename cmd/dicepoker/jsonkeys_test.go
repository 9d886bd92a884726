package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
)

// TestManualNamesJSONKeys holds docs/manual.md to what the commands'
// --json prints: every key of a cheap run of each command (nested
// objects and arrays of them included) stands in that command's section,
// quoted ("key") or as code (`key`). Keys that are data, not names the
// manual can list (box and row names, the totals of a distribution, the
// percentiles), are left out. solve --targets and bench run on a small
// game file (reducedHouse): the same keys as a built-in game's, in
// hundredths of the time.
func TestManualNamesJSONKeys(t *testing.T) {
	data, err := os.ReadFile("../../docs/manual.md")
	if err != nil {
		t.Fatal(err)
	}
	manual := string(data)
	t.Parallel()
	pokerTargets(t)
	out := t.TempDir()
	record := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(record, []byte(oldRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	boxes := map[string]bool{}
	for _, name := range engine.GameNames {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range g.Categories {
			boxes[c.Name] = true
		}
	}
	for _, args := range [][]string{
		{"games", "--json"},
		{"games", "--rules", "../../games/yahtzee.toml", "--json"},
		{"score", "--game", "poker-dice", "--dice", "QQKKA", "--json"},
		{"score", "--game", "school", "--dice", "44412", "--reserve", "3", "--json"},
		{"solve", "--game", "poker-dice", "--json"},
		{"solve", "--rules", reducedHouse, "--targets", "--out", filepath.Join(out, "targets.dpt"), "--json"},
		{"advise", "--game", "poker-dice", "--dice", "QQKKA", "--top", "2", "--json"},
		{"advise", "--game", "poker-dice", "--dice", "QQKKA", "--top", "2", "--target", "25", "--json"},
		{"advise", "--game", "school", "--dice", "33556", "--top", "2", "--json"},
		{"simulate", "--game", "poker-dice", "--games", "200", "--json"},
		{"distribution", "--game", "poker-dice", "--json"},
		{"chances", "--game", "poker-dice", "--json"},
		{"review", record, "--json"},
		{"bench", "--rules", reducedHouse, "--simulate", "1000", "--json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			section, ok := manualSection(manual, args[0])
			if !ok {
				t.Fatalf("docs/manual.md has no section ## dicepoker %s", args[0])
			}
			out := runOK(t, args...)
			var v any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			for key := range jsonKeys(v) {
				if boxes[key] || strings.Trim(key, "0123456789.") == "" {
					continue
				}
				if !strings.Contains(section, `"`+key+`"`) && !strings.Contains(section, "`"+key+"`") {
					t.Errorf("key %q is not in the manual's section of %s", key, args[0])
				}
			}
		})
	}
}

// jsonKeys returns every key of the objects in v, a decoded JSON value.
func jsonKeys(v any) map[string]bool {
	keys := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				keys[k] = true
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return keys
}
