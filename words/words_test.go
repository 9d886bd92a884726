package words

import (
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
)

// TestTextParsesBack writes actions in play's words and reads them back.
func TestTextParsesBack(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ game, sheet, text string }{
		{"yahtzee", "", "keep 5 5"},
		{"yahtzee", "", "keep none"},
		{"yahtzee", "", "score full-house"},
		{"poker-dice", "", "keep K K"},
		{"school", "", "cross pair"},
		{"school", "", "score pair"},
	} {
		t.Run(c.game+" "+c.text, func(t *testing.T) {
			g, err := engine.New(c.game, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sheet, err := coach.ParseSheet(g, c.sheet)
			if err != nil {
				t.Fatal(err)
			}
			dice, _ := engine.FromDice(2, 5, 5, 5, 6)
			p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 1}
			a, ok, err := Parse(p, sheet.Terms(), c.text)
			if !ok || err != nil {
				t.Fatalf("%q: ok %t, %v", c.text, ok, err)
			}
			if got := Text(g, a); got != c.text {
				t.Errorf("%q read as %+v, written %q", c.text, a, got)
			}
		})
	}
}

// FuzzParse reads any text: an action, an error, or no action, never
// an error without one, never a box the game has not.
func FuzzParse(f *testing.F) {
	g, err := engine.New("yahtzee", engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	sheet, err := coach.ParseSheet(g, "chance=20")
	if err != nil {
		f.Fatal(err)
	}
	dice, err := engine.FromDice(2, 2, 5, 5, 5)
	if err != nil {
		f.Fatal(err)
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 1}
	for _, s := range []string{"keep 5 5", "keep none", "keep all", "score full house", "score s", "cross ones", "KEEP 2 2 5", "keep", "score", "hint"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, ok, err := Parse(p, coach.NewSheet(g).Terms(), text)
		if !ok && err != nil {
			t.Fatalf("%q: not an action, yet an error: %v", text, err)
		}
		if ok && err == nil && a.Box != "" && g.Category(a.Box) < 0 {
			t.Fatalf("%q: read as box %q, which yahtzee has not", text, a.Box)
		}
	})
}
