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
	if got := SolveCommand(other); got != "dicepoker solve --game yahtzee --no-upper-bonus" {
		t.Errorf("solve command %q", got)
	}
	sw, _ := engine.New("swedish", engine.Options{UpperBonusThreshold: 70})
	if got := SolveCommand(sw); got != "dicepoker solve --game swedish --upper-bonus-threshold 70" {
		t.Errorf("solve command %q", got)
	}
}
