package coach

import (
	"strings"
	"testing"

	"dicepoker/engine"
)

func TestTake(t *testing.T) {
	t.Parallel()
	school := game(t, "school", engine.Options{Columns: 1})
	yatzy := game(t, "yatzy", engine.Options{})
	for _, c := range []struct {
		name  string
		g     *engine.Game
		sheet string
		bonus string
		want  string // the sheet afterwards, or the error
	}{
		{"a row", school, "pair=12", "twos", "pair=12,taken=twos"},
		{"a column", school, "pair=12,taken=twos", "column1", "pair=12,taken=twos+column1"},
		{"given back", school, "pair=12,taken=twos+column1", "twos", "pair=12,taken=column1"},
		{"the last given back", school, "taken=twos", "twos", ""},
		{"an earned bonus", school, "sixes=x", "sixes", "the sixes bonus is earned on this sheet: no other player can take it"},
		{"sum has none", school, "", "sum", "sum has no row bonus"},
		{"a single sheet", yatzy, "ones=3", "ones", "yatzy has no bonuses that other players take"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sh, err := ParseSheet(c.g, c.sheet)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if next, err := sh.Take(c.bonus); err != nil {
				got = err.Error()
			} else {
				got = next.String()
			}
			if !containsOrIs(got, c.want) {
				t.Errorf("Take(%q) of %q: %q, want %q", c.bonus, c.sheet, got, c.want)
			}
		})
	}
}

// containsOrIs reports whether got is want, or for an error holds it.
func containsOrIs(got, want string) bool {
	return got == want || (want != "" && strings.Contains(got, want))
}

// visited records which of its methods a sheet's visit called.
type visited struct{ single, school int }

func (v *visited) Single(*engine.Game, engine.Sheet)       { v.single++ }
func (v *visited) School(*engine.Game, engine.SchoolSheet) { v.school++ }

func TestVisit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game         string
		o            engine.Options
		single, schl int
	}{
		{"yahtzee", engine.Options{}, 1, 0},
		{"poker-dice", engine.Options{}, 1, 0},
		{"school", engine.Options{Columns: 1}, 0, 1},
		{"school", engine.Options{Columns: 3}, 0, 1},
	} {
		t.Run(c.game+" "+c.o.String(), func(t *testing.T) {
			t.Parallel()
			var v visited
			NewSheet(game(t, c.game, c.o)).Visit(&v)
			if v.single != c.single || v.school != c.schl {
				t.Errorf("visit of a new %s sheet: single %d, school %d; want %d, %d", c.game, v.single, v.school, c.single, c.schl)
			}
		})
	}
}
