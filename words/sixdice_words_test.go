package words

import (
	"strings"
	"testing"

	"dicepoker/coach"
	"dicepoker/internal/gametest"
)

// TestSixDiceKeepWords reads keeps in a game of six dice as its own
// dice: six dice kept are read, for the rules to refuse as no reroll, and
// the hint of an empty keep rerolls all six.
func TestSixDiceKeepWords(t *testing.T) {
	t.Parallel()
	g := gametest.Maxi(t)
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		t.Fatal(err)
	}
	dice, err := g.ParseDice("123456")
	if err != nil {
		t.Fatal(err)
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 2, Fresh: true}
	for _, c := range []struct{ text, want string }{
		{"keep 1 2 3 4 5 6", "keeping all six dice is not a reroll: write them in a box now"},
		{"keep", "keep which dice? say 'keep 3 3 5', or 'keep none' to reroll all six"},
		{"keep 1 1 2 2 3 3 4", `dice "1 1 2 2 3 3 4": at most 6 dice, got 7`},
	} {
		t.Run(c.text, func(t *testing.T) {
			t.Parallel()
			a, ok, err := Parse(p, coach.NewSheet(g).Terms(), c.text)
			if err == nil && ok {
				_, err = coach.Check(p, a)
			}
			if !ok || err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: %v; want %q", c.text, err, c.want)
			}
		})
	}
	a, _, err := Parse(p, coach.NewSheet(g).Terms(), "keep 1 2 3 4 5")
	if err != nil || a.Keep.Size() != 5 {
		t.Errorf("keep 1 2 3 4 5 of six dice: %+v, %v; want five dice kept", a, err)
	}
}
