package strategy

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
	"dicepoker/tables"
)

func TestOpenSolvesOnceThenLoads(t *testing.T) {
	dir := t.TempDir()
	g, _ := engine.New("poker-dice", engine.Options{})
	notices := 0
	first, err := Open(dir, g, Load, solver.Options{}, func(string) { notices++ })
	if err != nil {
		t.Fatal(err)
	}
	second, err := Open(dir, g, Load, solver.Options{}, func(string) { notices++ })
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
	t.Run("a game file", func(t *testing.T) {
		g, err := engine.ParseRules("house.toml", []byte("name = \"house\"\ndice = 5\nrolls = 3\n[[box]]\nname = \"chance\"\npoints = \"sum\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := SolveCommand(g), "dicepoker solve --rules FILE, FILE the game file of house"; got != want {
			t.Errorf("SolveCommand = %q, want %q", got, want)
		}
	})
}

// TestPeek reads a table for look-ups: its ranking is Load's, to the
// bit, from a few blocks of the file; a damaged block it reads makes
// Actions fail, where Load refuses the file; and a table of the format
// before blocks (tables.Write) reads as before.
func TestPeek(t *testing.T) {
	dir := t.TempDir()
	g, _ := engine.New("yahtzee", engine.Options{})
	solved, err := Solve(g, solver.Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "y.dpt")
	if err := solved.Save(path); err != nil {
		t.Fatal(err)
	}
	dice, _ := engine.ParseDice("33556", g.Letters)
	rank := func(tb *Table) ([]engine.Ranked, error) { return tb.Actions(engine.State{}, dice, 2) }
	want, _ := rank(solved)

	for _, c := range []struct {
		name string
		load func(path string, g *engine.Game) (*Table, error)
	}{{"Load", Load}, {"LoadMapped", LoadMapped}, {"PeekMapped", PeekMapped}} {
		t.Run(c.name+" ranks as the solve", func(t *testing.T) {
			tb, err := c.load(path, g)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := rank(tb); err != nil || !slices.Equal(got, want) {
				t.Fatalf("ranking %v (%v), want the solve's", got[:1], err)
			}
		})
	}
	t.Run("reads few blocks", func(t *testing.T) {
		tb, err := Peek(path, g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := rank(tb)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("ranking %v (%v), want Load's", got[:1], err)
		}
		read := 0
		for k := 0; k < len(tb.Values); k += tables.BlockWords {
			if slices.ContainsFunc(tb.Values[k:min(len(tb.Values), k+tables.BlockWords)], func(v float32) bool { return v != 0 }) {
				read++
			}
		}
		if blocks := (len(tb.Values) + tables.BlockWords - 1) / tables.BlockWords; read*4 > blocks {
			t.Errorf("%d of %d blocks read for one ranking", read, blocks)
		}
		if err := tb.Check(); err != nil || !slices.EqualFunc(tb.Values, solved.Values, func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
			t.Errorf("after Check (%v), the values differ from the solve's", err)
		}
	})

	t.Run("damaged block", func(t *testing.T) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Damage the block of a state a ranking of a new sheet reads,
		// one box written with nothing in the upper section, other than
		// the new sheet's own block (which Peek checks).
		l := statespace.NewLayout(g)
		var s engine.State
		i := -1
		for c := range g.Categories {
			s = engine.State{Filled: 1 << c}
			if i = l.Index(s); i/tables.BlockWords != l.Index(engine.State{})/tables.BlockWords {
				break
			}
		}
		data[len(data)-4*len(solved.Values)+4*i] ^= 0x40
		bad := filepath.Join(dir, "bad.dpt")
		if err := os.WriteFile(bad, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tb, err := Peek(bad, g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rank(tb); !errors.Is(err, tables.ErrCorrupt) {
			t.Errorf("Actions = %v, want ErrCorrupt", err)
		}
		if v := tb.Value(s); !math.IsNaN(v) {
			t.Errorf("value of a state in the damaged block: %v, want NaN", v)
		}
		if _, err := Load(bad, g); !errors.Is(err, tables.ErrCorrupt) {
			t.Errorf("Load = %v, want ErrCorrupt", err)
		}
	})

	t.Run("format before blocks", func(t *testing.T) {
		old := filepath.Join(dir, "old.dpt")
		h := tables.Header{Game: g.Name, Options: g.Options.String(), Fingerprint: g.Fingerprint(), Expected: solved.Expected, States: uint64(len(solved.Values))}
		if err := tables.Write(old, h, solved.Values); err != nil {
			t.Fatal(err)
		}
		for _, load := range []func(string, *engine.Game) (*Table, error){Load, Peek} {
			tb, err := load(old, g)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := rank(tb); err != nil || !slices.Equal(got, want) {
				t.Errorf("ranking from the old format: %v (%v), want Load's", got[:1], err)
			}
		}
	})
}
