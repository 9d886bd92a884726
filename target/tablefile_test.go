package target

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/tables"
)

// TestTableFile checks the table's file: it reads back to the same
// values, lazily and whole; a flipped byte is refused, whole or where a
// chance is read; a table for other rules is refused.
func TestTableFile(t *testing.T) {
	t.Parallel()
	g := subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house")
	tab, err := SolveTable(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := TablePath(dir, g)
	if err := tab.Save(path); err != nil {
		t.Fatal(err)
	}
	layers, _, _ := layersFrom(g, engine.State{})
	ev := func(s engine.State) float64 { return 40 - float64(s.Upper) }
	same := func(t *testing.T, got *Table) {
		t.Helper()
		for _, layer := range layers {
			for _, s := range layer {
				for n := 0; n < 40; n++ {
					if a, b := got.Value(s, n, ev), tab.Value(s, n, ev); a != b || got.Chance(s, n) != a.P {
						t.Fatalf("state %+v need %d: read %+v, solved %+v", s, n, a, b)
					}
				}
			}
		}
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("lazily", func(t *testing.T) {
		got, err := LoadTable(path, g)
		if err != nil {
			t.Fatal(err)
		}
		same(t, got)
	})
	t.Run("whole", func(t *testing.T) {
		got, err := LoadTable(path, g)
		if err == nil {
			err = got.ReadAll()
		}
		if err != nil {
			t.Fatal(err)
		}
		same(t, got)
	})
	t.Run("opened", func(t *testing.T) {
		got, err := OpenTable(dir, g, LoadTable, solver.Options{}, func(string) { t.Error("solved again") })
		if err != nil {
			t.Fatal(err)
		}
		same(t, got)
	})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.dpt")
	data[len(data)-5] ^= 0x10 // a chance in the last row
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("flipped, whole", func(t *testing.T) {
		got, err := LoadTable(bad, g)
		if err != nil {
			t.Fatal(err)
		}
		if err := got.ReadAll(); !errors.Is(err, tables.ErrCorrupt) || !strings.Contains(err.Error(), TableCommand(g)) {
			t.Errorf("got %v, want a corrupt table and how to rebuild it", err)
		}
		got.Release() // dropped: its words are given back, the damage still told
		if got.words != nil || !errors.Is(got.Err(), tables.ErrCorrupt) {
			t.Errorf("released: %d words kept, Err %v; want none, and a corrupt table", len(got.words), got.Err())
		}
	})
	t.Run("flipped, lazily", func(t *testing.T) {
		got, err := LoadTable(bad, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, layer := range layers {
			for _, s := range layer {
				got.Chance(s, 10)
			}
		}
		if err := got.Err(); !errors.Is(err, tables.ErrCorrupt) {
			t.Errorf("got %v, want a corrupt table", err)
		}
	})
	t.Run("other rules", func(t *testing.T) {
		other := subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight")
		if _, err := LoadTable(path, other); !errors.Is(err, tables.ErrRules) {
			t.Errorf("got %v, want a table for other rules", err)
		}
	})
}
