package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/internal/tablestest"
)

func TestExport(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		args  []string
		file  string
		rows  int    // data rows, the header not counted
		first string // the first data line
	}{
		{"states by extension", []string{"--what", "states"}, "states.csv", 111872,
			"0,0,false,false,false,false,false,false,false,false,false,false,false,false,false,0,false,31.423012"},
		{"positions", []string{"--what", "positions", "--sample", "3", "--seed", "5", "--format", "csv"}, "positions.txt", -1, "0,"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, tc.file)
			args := append([]string{"export", "--game", "poker-dice", "--table", table, "--out", file}, tc.args...)
			out := runOK(t, args...)
			records := readCSV(t, file)
			if tc.rows >= 0 && len(records)-1 != tc.rows {
				t.Errorf("%d rows, want %d", len(records)-1, tc.rows)
			}
			if first := strings.Join(records[1], ","); !strings.HasPrefix(first, tc.first) {
				t.Errorf("first row %s, want %s", first, tc.first)
			}
			if want := "rows of " + tc.args[1] + " written to " + file; !strings.Contains(out, want) {
				t.Errorf("stdout %q, want it to say %q", out, want)
			}
			if matches, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(matches) > 0 {
				t.Errorf("temporary files left: %v", matches)
			}
		})
	}
}

// readCSV reads the CSV file written by an export.
func readCSV(t *testing.T, file string) [][]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return records
}

func TestExportStdout(t *testing.T) {
	t.Parallel()
	out := runOK(t, "export", "--game", "poker-dice", "--table", pokerTable(t), "--what", "positions", "--sample", "2", "--format", "jsonl", "--out", "-")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], `{"position":0,"turn":`) || !strings.Contains(lines[0], `"rank":1,`) || !strings.HasSuffix(lines[0], `"loss":0,"tie":true}`) {
		t.Errorf("first line %s", lines[0])
	}
}

// TestExportSchool samples one-column school positions, with a table
// made up for the test: the school columns are there, and every position
// has a best action, fresh on its turn's first roll.
func TestExportSchool(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	_, table := schoolExact(t, tablestest.Scrambled)
	file := filepath.Join(t.TempDir(), "school.csv")
	cl.runOK(t, "export", "--game", "school", "--columns", "1", "--table", table, "--what", "positions", "--sample", "20", "--out", file)
	records := readCSV(t, file)
	want := "position,turn,sheet,sheet_score,rolls_left,dice,fresh,rank,action,keep,reroll,category,points,bonus,detail,expected,loss,tie"
	if got := strings.Join(records[0], ","); got != want {
		t.Fatalf("columns %s, want %s", got, want)
	}
	best := 0
	for _, r := range records[1:] {
		if r[7] == "1" {
			best++
			if r[4] == "2" && r[6] != "true" {
				t.Errorf("a first roll that is not fresh: %v", r)
			}
		}
		if r[8] != "keep" && r[14] == "" {
			t.Errorf("a write without its detail: %v", r)
		}
	}
	if best != 20 {
		t.Errorf("%d positions ranked, want 20", best)
	}
}

// TestExportThroughLink writes through a symbolic link to the file it
// names, and keeps the link.
func TestExportThroughLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target.csv"), filepath.Join(dir, "link.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runOK(t, "export", "--game", "poker-dice", "--table", pokerTable(t), "--out", link)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
	if data, _ := os.ReadFile(target); !strings.HasPrefix(string(data), "index,filled,aces") {
		t.Errorf("the target holds %.40q", data)
	}
	// A link to a file still to be made, relative to its directory.
	dangling := filepath.Join(dir, "dangling.csv")
	if err := os.Symlink("new.csv", dangling); err != nil {
		t.Fatal(err)
	}
	runOK(t, "export", "--game", "poker-dice", "--table", pokerTable(t), "--out", dangling)
	if fi, err := os.Lstat(dangling); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the dangling link is gone: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "new.csv")); !strings.HasPrefix(string(data), "index,filled,aces") {
		t.Errorf("the new target holds %.40q", data)
	}
}

func TestExportBadInput(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	dir := t.TempDir()
	base := []string{"export", "--game", "poker-dice", "--table", table}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "missing --out"},
		{[]string{"--out", filepath.Join(dir, "x")}, "has no extension that names one"},
		{[]string{"--out", "-"}, "has no extension that names one"},
		{[]string{"--out", filepath.Join(dir, "x.xlsx")}, `no format "xlsx"`},
		{[]string{"--out", "x.csv", "--what", "games"}, `--what "games": want states or positions`},
		{[]string{"--out", "x.csv", "--sample", "5"}, "--sample belongs to --what positions"},
		{[]string{"--out", "x.csv", "--what", "positions", "--sample", "0"}, "--sample 0"},
		{[]string{"--out", dir, "--format", "csv"}, "is not a regular file"},
		{[]string{"--out", "/dev/null", "--format", "csv"}, "is not a regular file"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(append(append([]string{}, base...), c.args...), &stdout, &stderr)
		line := stderr.String()
		if status != 2 || !strings.Contains(line, c.want) || strings.Count(line, "\n") != 1 || stdout.Len() != 0 {
			t.Errorf("%q: status %d, stderr %q; want status 2 and one line containing %q", c.args, status, line, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", "x.csv"}, "school with 3 columns has no table of states"},
		{[]string{"--out", "x.csv", "--what", "positions"}, "school with 3 columns is not solved exactly"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"export", "--game", "school"}, c.args...), &stdout, &stderr)
		if status != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("school %q: status %d, %q; want 2 and %q", c.args, status, stderr.String(), c.want)
		}
	}
}
