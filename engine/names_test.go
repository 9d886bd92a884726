package engine

import (
	"strconv"
	"strings"
	"testing"
)

// TestOldBoxNames checks that a box's old name reads as its name does,
// in the sheet notation and in JSON, and that output uses the name.
func TestOldBoxNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game, old, name string
		points          int
	}{
		{"yatzy", "one-pair", "pair", 12},
		{"poker-dice", "two-pair", "two-pairs", 2},
	} {
		t.Run(tc.game+" "+tc.old, func(t *testing.T) {
			t.Parallel()
			g := mustGame(t, tc.game, Options{})
			c := g.Category(tc.name)
			if c < 0 || g.Category(tc.old) != c {
				t.Fatalf("Category(%q) = %d, Category(%q) = %d: want the same box", tc.name, c, tc.old, g.Category(tc.old))
			}
			entry := "=" + strconv.Itoa(tc.points)
			want, err := ParseSheet(g, tc.name+entry)
			if err != nil {
				t.Fatal(err)
			}
			for _, parse := range []func() (Sheet, error){
				func() (Sheet, error) { return ParseSheet(g, tc.old+entry) },
				func() (Sheet, error) { return ParseSheet(g, strings.ToUpper(tc.old)+entry) },
				func() (Sheet, error) { return ParseSheetJSON(g, []byte(`{"`+tc.old+`": `+strconv.Itoa(tc.points)+`}`)) },
			} {
				got, err := parse()
				if err != nil {
					t.Fatal(err)
				}
				if got.Format(g) != want.Format(g) || !got.Filled[c] || got.Points[c] != tc.points {
					t.Errorf("sheet %q, want %q", got.Format(g), want.Format(g))
				}
			}
			if s := want.Format(g); s != tc.name+entry {
				t.Errorf("sheet written as %q, want %q", s, tc.name+entry)
			}
			if _, err := ParseSheet(g, tc.old+entry+","+tc.name+entry); err == nil || !strings.Contains(err.Error(), "given twice") {
				t.Errorf("both names given: error %v, want one saying given twice", err)
			}
		})
	}
}

// TestBoxNamesAcrossGames checks that one concept has one name: every
// game that has a pair box and a two-pairs box calls them so.
func TestBoxNamesAcrossGames(t *testing.T) {
	t.Parallel()
	for _, game := range GameNames {
		g := mustGame(t, game, Options{})
		for _, c := range g.Categories {
			if c.Name == "one-pair" || c.Name == "two-pair" {
				t.Errorf("%s calls a box %s", game, c.Name)
			}
		}
		if game == "yahtzee" { // it has no pair boxes
			continue
		}
		for _, name := range []string{"pair", "two-pairs"} {
			if c := g.Category(name); c < 0 || g.Categories[c].Name != name {
				t.Errorf("%s has no box named %s", game, name)
			}
		}
	}
}

// TestRefusedPointsSayWhatFits checks, for real boxes of every
// single-sheet game, that a value a box cannot hold is refused with the
// values it can.
func TestRefusedPointsSayWhatFits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ game, entry, want string }{
		{"yahtzee", "full-house=17", "full-house holds 0 or 25, not 17"},
		{"yahtzee", "chance=31", "chance holds 5 to 30, not 31"},
		{"yahtzee", "threes=4", "threes holds 0, 3, 6, 9, 12 or 15, not 4"},
		{"yahtzee", "three-of-a-kind=4", "three-of-a-kind holds 0 or 5 to 30, not 4"},
		{"yatzy", "one-pair=7", "one-pair holds 0, 2, 4, 6, 8, 10 or 12, not 7"},
		{"yatzy", "two-pairs=4", "two-pairs holds 0, 6, 8, 10, 12, 14, 16, 18, 20 or 22, not 4"},
		{"yatzy", "full-house=10", "full-house holds 0, 7 to 9, 11 to 24 or 26 to 28, not 10"},
		{"swedish", "pair=3", "pair holds 0 or 5 to 30, not 3"},
		{"swedish", "poker=25", "poker holds 0 or 50, not 25"},
		{"poker-dice", "pair=4", "pair holds 0 or 1, not 4"},
		{"poker-dice", "two-pair=1", "two-pair holds 0 or 2, not 1"},
		{"poker-dice", "aces=6", "aces holds 0 to 5, not 6"},
	} {
		t.Run(tc.game+" "+tc.entry, func(t *testing.T) {
			t.Parallel()
			_, err := ParseSheet(mustGame(t, tc.game, Options{}), tc.entry)
			if err == nil || err.Error() != "sheet: "+tc.want {
				t.Errorf("error %v, want %q", err, "sheet: "+tc.want)
			}
		})
	}
}

func TestPointsText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ps   []int
		want string
	}{
		{[]int{0}, "0"},
		{[]int{0, 25}, "0 or 25"},
		{[]int{0, 1, 2}, "0 to 2"},
		{[]int{0, 1, 3}, "0, 1 or 3"},
		{[]int{0, 5, 6, 7, 9}, "0, 5 to 7 or 9"},
		{[]int{1, 2, 3, 5, 6, 7}, "1 to 3 or 5 to 7"},
	} {
		if got := PointsText(tc.ps); got != tc.want {
			t.Errorf("PointsText(%v) = %q, want %q", tc.ps, got, tc.want)
		}
	}
}
