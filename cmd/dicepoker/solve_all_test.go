package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveAll runs solve --all in a tables directory that has every table
// but poker-dice's: it says what it will build and what that takes, what is
// there already and what ships inside the program, builds poker-dice's
// table, and the second time builds nothing.
func TestSolveAll(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	for _, name := range []string{"yahtzee.dpt", "yatzy.dpt", "swedish.dpt", "school+columns=1.dpt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := cl.runOK(t, "solve", "--all")
	path := filepath.Join(dir, "poker-dice.dpt")
	for _, want := range []string{
		"tables directory: " + dir + "\n",
		"to build: 1 table, one after the other: under a second on ",
		"  poker-dice strategy table            under a second, 524 KB on disk, ",
		"already there: yahtzee strategy table\n",
		"already there: school one-column exact table\n",
		"inside the program: the school estimates for ",
		"not built: the every-target tables",
		"built poker-dice strategy table in ",
		"s: " + path + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if out := cl.runOK(t, "solve", "--all"); !strings.Contains(out, "nothing to build") || strings.Contains(out, "to build:") {
		t.Errorf("second run:\n%s", out)
	}
	var got struct {
		Tables []struct {
			Table string `json:"table"`
			Path  string `json:"path"`
			Built bool   `json:"built"`
		} `json:"tables"`
	}
	if err := json.Unmarshal([]byte(cl.runOK(t, "solve", "--all", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Tables) != 5 || got.Tables[3].Path != path || got.Tables[3].Built {
		t.Errorf("--json: %+v", got.Tables)
	}
}
