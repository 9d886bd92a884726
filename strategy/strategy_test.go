package strategy

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/tables"
)

func TestOpenSolvesOnceThenLoads(t *testing.T) {
	dir := t.TempDir()
	g, _ := engine.New("poker-dice", engine.Options{})
	notices := 0
	first, err := Open(dir, g, solver.Options{}, func(string) { notices++ })
	if err != nil {
		t.Fatal(err)
	}
	second, err := Open(dir, g, solver.Options{}, func(string) { notices++ })
	if err != nil {
		t.Fatal(err)
	}
	if notices != 1 {
		t.Errorf("%d notices of a solve, want 1", notices)
	}
	if first.Path != Path(dir, g) || second.Path != first.Path || filepath.Base(first.Path) != "poker-dice.dpt" {
		t.Errorf("paths %q and %q", first.Path, second.Path)
	}
	if math.Abs(second.Expected-31.4230112) > 1e-6 || second.Expected != first.Expected {
		t.Errorf("expected score %.7f after loading, %.7f when solved", second.Expected, first.Expected)
	}
	for i, v := range first.Values {
		if math.Float64bits(float64(v)) != math.Float64bits(float64(second.Values[i])) {
			t.Fatalf("state %d: %v solved, %v loaded", i, v, second.Values[i])
		}
	}
	// A solved table and a loaded one advise alike.
	dice, _ := engine.ParseDice("AAKKQ", engine.CardFaces)
	a1, _ := first.Actions(engine.State{}, dice, 1)
	a2, _ := second.Actions(engine.State{}, dice, 1)
	if a1[0] != a2[0] {
		t.Errorf("best action %+v solved, %+v loaded", a1[0], a2[0])
	}
}

func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	y, _ := engine.New("yahtzee", engine.Options{NoUpperBonus: true, NoYahtzeeBonus: true})
	sol, err := solver.Solve(y, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "y.dpt")
	if err := FromSolution(sol).Save(path); err != nil {
		t.Fatal(err)
	}
	other, _ := engine.New("yahtzee", engine.Options{NoUpperBonus: true})
	if _, err := Load(path, other); !errors.Is(err, tables.ErrRules) {
		t.Errorf("a table of other rules: %v, want ErrRules", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.dpt"), y); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing table: %v, want fs.ErrNotExist", err)
	}
}

// TestSolveCommand checks the rebuild hints: each option as its flag,
// and taken=, which has none, in the sheet of the advise that builds it.
func TestSolveCommand(t *testing.T) {
	cases := []struct {
		name string
		game string
		o    engine.Options
		want string
	}{
		{"default rules", "yatzy", engine.Options{}, "dicepoker solve --game yatzy"},
		{"a switch", "yahtzee", engine.Options{NoUpperBonus: true}, "dicepoker solve --game yahtzee --no-upper-bonus"},
		{"a number", "swedish", engine.Options{UpperBonusThreshold: 70}, "dicepoker solve --game swedish --upper-bonus-threshold 70"},
		{"taken bonuses", "school", engine.Options{Columns: 1, Taken: "twos+pair"},
			"dicepoker advise --game school --columns 1 --sheet taken=twos+pair --dice 11111 (after removing the file: advise builds it on first use)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := engine.New(c.game, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if got := SolveCommand(g); got != c.want {
				t.Errorf("SolveCommand = %q, want %q", got, c.want)
			}
		})
	}
}
