package record

import (
	"bytes"
	"strings"
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
)

// TestWriteGameFile writes the decisions of a game from a game file,
// whose name engine.New does not know: the writer checks them against
// the game it is given.
func TestWriteGameFile(t *testing.T) {
	t.Parallel()
	g, err := engine.ParseRules("g.toml", []byte("name = \"house\"\ndice = 5\nrolls = 2\n"+
		"[[box]]\nname = \"full-house\"\ngroups = [3, 2]\nexact = true\npoints = 25\n"+
		"[[box]]\nname = \"chance\"\npoints = \"sum\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	sheet, _ := coach.ParseSheet(g, "")
	dice, _ := engine.ParseDice("22255", g.Letters)
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 0}
	if err := w.Write(p, coach.Action{Box: "full-house"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"game":"house"`) || len(w.Record().Entries) != 1 {
		t.Errorf("wrote %q", out.String())
	}
	other, _ := engine.New("yatzy", engine.Options{})
	p.Game = other
	if err := w.Write(p, coach.Action{Box: "chance"}); err == nil || !strings.Contains(err.Error(), "a record holds one game") {
		t.Errorf("a decision of another game: %v", err)
	}
}
