package strategy

import (
	"errors"
	"math"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/tables"
)

// TestEncodeDecode reads back the bytes of a table as the table, and
// refuses them for other rules, damaged, or cut short.
func TestEncodeDecode(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	table, err := Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := table.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data, g, "tables/poker-dice.dpt")
	if err != nil {
		t.Fatal(err)
	}
	if back.Expected != table.Expected || back.Path != "tables/poker-dice.dpt" ||
		!slices.EqualFunc(back.Values, table.Values, func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
		t.Fatalf("decoded table differs: expected %v, want %v", back.Expected, table.Expected)
	}
	dice, _ := engine.ParseDice("AAKKQ", engine.CardFaces)
	a1, _ := table.Actions(engine.State{}, dice, 1)
	a2, err := back.Actions(engine.State{}, dice, 1)
	if err != nil || !slices.Equal(a1, a2) {
		t.Errorf("decoded table ranks %v (%v), want %v", a2, err, a1)
	}

	yahtzee, _ := engine.New("yahtzee", engine.Options{})
	damaged := slices.Clone(data)
	damaged[len(damaged)-1] ^= 1
	for _, tt := range []struct {
		name string
		data []byte
		g    *engine.Game
		want error
	}{
		{"other game", data, yahtzee, tables.ErrRules},
		{"damaged", damaged, g, tables.ErrCorrupt},
		{"cut short", data[:len(data)-4], g, tables.ErrCorrupt},
		{"empty", nil, g, tables.ErrCorrupt},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.data, tt.g, "site/table")
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if e, ok := errors.AsType[*tables.Error](err); !ok || e.Path != "site/table" {
				t.Errorf("error %v does not name where the bytes came from", err)
			}
		})
	}
}

// FuzzDecode decodes any bytes as poker-dice's table: a table or an
// error that is a *tables.Error naming where the bytes came from, never
// a panic. "go test -fuzz=FuzzDecode ./strategy" runs it for longer.
func FuzzDecode(f *testing.F) {
	g, _ := engine.New("poker-dice", engine.Options{})
	table, err := Solve(g, solver.Options{})
	if err != nil {
		f.Fatal(err)
	}
	data, err := table.Encode()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:100])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data, g, "fuzz")
		if err != nil {
			if e, ok := errors.AsType[*tables.Error](err); !ok || e.Path != "fuzz" {
				t.Fatalf("error %v is not a *tables.Error of the bytes", err)
			}
			return
		}
		if len(got.Values) != got.Layout.Size() {
			t.Fatalf("%d values for %d states", len(got.Values), got.Layout.Size())
		}
	})
}
