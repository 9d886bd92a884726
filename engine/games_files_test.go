package engine

import (
	"fmt"
	"testing"
)

func TestFileGamesMatchConstructors(t *testing.T) {
	old := map[string]func(Options) *Game{"yahtzee": yahtzee, "yatzy": yatzy, "swedish": swedish, "poker-dice": pokerDice}
	for _, c := range optionCases {
		t.Run(c.game+"+"+c.opts.String(), func(t *testing.T) {
			g, err := New(c.game, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			o, _ := c.opts.normalize(c.game)
			w := old[c.game](o)
			w.Name, w.Options = c.game, o
			want, err := Define(*w)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("%q: \"%x\",\n", c.game+"+"+o.String(), g.Fingerprint())
			if g.Fingerprint() != want.Fingerprint() {
				t.Errorf("fingerprint differs")
			}
			for i := range g.Categories {
				a, b := g.Categories[i], want.Categories[i]
				if a.Name != b.Name || a.OldName != b.OldName || a.Face != b.Face || a.Joker != b.Joker || a.School != b.School || a.RowBonus != b.RowBonus || a.BonusTaken != b.BonusTaken {
					t.Errorf("category %d: %+v, want %+v", i, a, b)
				}
				for r := range NumRolls {
					if g.Score(i, r) != want.Score(i, r) {
						t.Errorf("%s %v: %d, want %d", a.Name, Roll(r), g.Score(i, r), want.Score(i, r))
					}
				}
			}
			if g.Rolls != want.Rolls || g.Letters != want.Letters || g.Upper != want.Upper || (g.Extra == nil) != (want.Extra == nil) || g.Extra != nil && *g.Extra != *want.Extra || len(g.Categories) != len(want.Categories) {
				t.Errorf("game %+v, want %+v", g, want)
			}
		})
	}
}

var optionCases = []struct {
	game string
	opts Options
}{
	{"yahtzee", Options{}},
	{"yahtzee", Options{ForcedJoker: true}},
	{"yahtzee", Options{NoJoker: true}},
	{"yahtzee", Options{NoYahtzeeBonus: true}},
	{"yahtzee", Options{NoUpperBonus: true}},
	{"yahtzee", Options{NoUpperBonus: true, ForcedJoker: true}},
	{"yahtzee", Options{NoUpperBonus: true, NoJoker: true}},
	{"yahtzee", Options{NoUpperBonus: true, NoYahtzeeBonus: true}},
	{"yatzy", Options{}},
	{"swedish", Options{}},
	{"swedish", Options{UpperBonusThreshold: 70}},
	{"swedish", Options{UpperBonusThreshold: 1}},
	{"swedish", Options{UpperBonusThreshold: 105}},
	{"poker-dice", Options{}},
}
