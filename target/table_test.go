package target

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/tables"
)

// TestTableAgrees checks every chance of the every-target table of
// reduced games against the exact per-call solve, state by state and need
// by need, to the stated bound.
func TestTableAgrees(t *testing.T) {
	for _, c := range []struct {
		name string
		g    *engine.Game
	}{
		{"yahtzee", subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")},
		{"yahtzee forced joker", subset(t, "yahtzee", engine.Options{ForcedJoker: true}, "ones", "small-straight", "yahtzee", "chance")},
		{"yahtzee no joker", subset(t, "yahtzee", engine.Options{NoJoker: true}, "sixes", "large-straight", "yahtzee")},
		{"yatzy", subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "yatzy", "chance")},
		{"swedish", subset(t, "swedish", engine.Options{}, "fives", "sixes", "pair", "poker")},
		{"poker-dice", subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab, err := SolveTable(c.g, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			top := 0
			for cat := range c.g.Categories {
				most := 0
				for r := range engine.NumRolls {
					most = max(most, c.g.Score(cat, r))
				}
				top += most
			}
			top += 600 // bonuses, and needs out of reach
			sol := solve(t, c.g, engine.State{}, top)
			layers, shares, _ := layersFrom(c.g, engine.State{})
			worst, checked := 0.0, 0
			for k := range layers {
				states := layers[k]
				for _, sh := range shares[k] {
					states = append(states, sh[0])
				}
				for _, s := range states {
					for n := -2; n <= top; n++ {
						got, want := tab.Chance(s, n), sol.Value(s, n).P
						if d := math.Abs(got - want); d > worst {
							worst = d
						}
						if math.Abs(got-want) > Bound(c.g) {
							t.Fatalf("state %+v need %d: table %v, exact %v", s, n, got, want)
						}
						checked++
					}
				}
			}
			t.Logf("%d chances, %d stored, worst difference %.3g (bound %.3g)", checked, tab.Entries, worst, Bound(c.g))
		})
	}
}

// TestTablePlayer checks the play by the table: its exact distribution
// reaches the target as often as the table says, to the bound, and as
// often as simulated games do; its advice ranks the actions with the
// chances of the exact solve.
func TestTablePlayer(t *testing.T) {
	g := subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")
	tab, err := SolveTable(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const target = 90
	pl, err := tab.NewPlayer(engine.State{}, target, 0, ev.Value)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := pl.Distribution(scores.Options{})
	want := tab.Chance(engine.State{}, target)
	if got := h.AtLeast(target); math.Abs(got-want) > Bound(g) || math.Abs(h.Total()-1) > 1e-12 {
		t.Errorf("the play's distribution reaches %d with %v (total %v), the table says %v", target, got, h.Total(), want)
	}
	games := 20000
	sample, err := pl.Simulate(games, 3, scores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rate := sample.Scores.AtLeast(target) / float64(games)
	if sd := math.Sqrt(want * (1 - want) / float64(games)); math.Abs(rate-want) > 4*sd {
		t.Errorf("%d games reach %d in %.4f of games, the table says %.4f (sd %.4f)", games, target, rate, want, sd)
	}
	from := engine.State{Filled: 1 << g.Category("threes"), Upper: 9}
	sol := solve(t, g, from, 80)
	dice := engine.Multiset{0, 0, 3, 2} // three fours, two threes
	for _, need := range []int{20, 50, 80} {
		got, err := tab.Actions(from, need, dice, 1, ev.Value)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := sol.Actions(from, need, dice, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(exact) || math.Abs(got[0].P-exact[0].P) > Bound(g) {
			t.Fatalf("need %d: %d actions, the best with chance %v; exactly %d, %v", need, len(got), got[0].P, len(exact), exact[0].P)
		}
	}
}

// TestTableFile checks the table's file: it reads back to the same
// chances, lazily and whole; a flipped byte is refused, whole or where a
// chance is read; a table for other rules is refused.
func TestTableFile(t *testing.T) {
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
	same := func(t *testing.T, got *Table) {
		t.Helper()
		for _, layer := range layers {
			for _, s := range layer {
				for n := 0; n < 40; n++ {
					if a, b := got.Chance(s, n), tab.Chance(s, n); a != b {
						t.Fatalf("state %+v need %d: read %v, solved %v", s, n, a, b)
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
		got, err := OpenTable(dir, g, solver.Options{}, func(string) { t.Error("solved again") })
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
