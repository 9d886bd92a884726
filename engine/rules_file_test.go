package engine

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"dicepoker/engine/gamefile"
	"dicepoker/games"
)

const fileHead = "name = \"test\"\ndice = 5\nrolls = 3\n"

func TestParseRulesRefusesWhatNoSolverPlays(t *testing.T) {
	t.Parallel()
	var many strings.Builder
	many.WriteString(fileHead)
	for i := range MaxCategories + 1 {
		fmt.Fprintf(&many, "[[box]]\nname = \"b%d\"\npoints = 1\n", i)
	}
	for _, c := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"too many boxes", many.String(), 0, "33 categories, at most 32"},
		{"five-alike box of many points", fileHead + "[five-alike]\nbox = \"five\"\nbonus = 100\njoker = \"free\"\n" +
			"[[box]]\nname = \"five\"\ngroups = [5]\npoints = \"sum\"\n", 4, "the same points above 0 for every five alike"},
		{"upper box of many points", fileHead + "[upper-bonus]\nthreshold = 10\npoints = 5\n" +
			"[[box]]\nname = \"chance\"\npoints = 0\n[[box]]\nname = \"ones\"\nface = 1\npoints = \"sum\"\n", 10, "point values"},
		{"two boxes of a face", fileHead + "[[box]]\nname = \"a\"\nface = 1\npoints = \"face-sum\"\n" +
			"[[box]]\nname = \"b\"\nface = 1\npoints = \"face-count\"\n", 4, "both collect face 1"},
		{"a group of six", fileHead + "faces = \"9TJQKA\"\n[[box]]\nname = \"a\"\ngroups = [6]\npoints = 1\n", 5, "1..5 dice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseRules("t.toml", []byte(c.text))
			var e *gamefile.Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseRules: %v, want a *gamefile.Error", err)
			}
			if e.File != "t.toml" || e.Line != c.line || !strings.Contains(e.Reason, c.want) {
				t.Errorf("ParseRules: %v, want t.toml line %d saying %q", err, c.line, c.want)
			}
		})
	}
}

func TestParseRules(t *testing.T) {
	t.Parallel()
	// The house yatzy scores as yatzy but for its full house, 25.
	data, err := os.ReadFile("gamefile/testdata/house-yatzy.toml")
	if err != nil {
		t.Fatal(err)
	}
	house, err := ParseRules("gamefile/testdata/house-yatzy.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	yatzy, err := New("yatzy", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if house.Name != "house-yatzy" || len(house.Categories) != len(yatzy.Categories) || house.Upper != yatzy.Upper || house.Extra != nil {
		t.Fatalf("house: %s", house.Describe())
	}
	for c, cat := range yatzy.Categories {
		if house.Categories[c].Name != cat.Name {
			t.Fatalf("box %d: %s, want %s", c, house.Categories[c].Name, cat.Name)
		}
		for r := range NumRolls {
			want := yatzy.Score(c, r)
			if cat.Name == "full-house" && want > 0 {
				want = 25
			}
			if got := house.Score(c, r); got != want {
				t.Errorf("%s %v: %d, want %d", cat.Name, Roll(r), got, want)
			}
		}
	}
	if _, err := ParseRules("long.toml", []byte(strings.Repeat("#", gamefile.MaxFileBytes+1))); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a long file: %v", err)
	}
}

// FuzzParseRules holds ParseRules to an answer for any text: a game that
// Define accepted or a *gamefile.Error naming the file, never a panic.
func FuzzParseRules(f *testing.F) {
	entries, err := games.Files.ReadDir(".")
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		data, err := games.Files.ReadFile(e.Name())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseRules("f.toml", data)
		if err != nil {
			var e *gamefile.Error
			if !errors.As(err, &e) || e.File != "f.toml" {
				t.Fatalf("error %v is not a *gamefile.Error of the file", err)
			}
			return
		}
		if len(g.Categories) == 0 || g.Turns() != len(g.Categories) {
			t.Fatalf("accepted %s", g.Describe())
		}
	})
}
