package coach

import (
	"strings"
	"testing"

	"dicepoker/engine"
)

// TestTerms checks each kind of sheet's words: boxes and no legend for
// a single sheet, rows, crosses and the zero's points for school.
func TestTerms(t *testing.T) {
	cases := []struct {
		game       string
		box, boxes string
		legend     string // a part of the legend; "" for none
		write      []string
	}{
		{"yatzy", "box", "boxes", "", []string{"score BOX"}},
		{"school", "row", "rows", "0 a zero (-200)", []string{"score ROW", "cross ROW"}},
	}
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			sh, err := ParseSheet(game(t, c.game, engine.Options{}), "")
			if err != nil {
				t.Fatal(err)
			}
			tm := sh.Terms()
			if tm.Box != c.box || tm.Boxes != c.boxes || (c.legend == "") != (tm.Legend == "") || !strings.Contains(tm.Legend, c.legend) {
				t.Errorf("terms %q %q, legend %q; want %q %q and %q", tm.Box, tm.Boxes, tm.Legend, c.box, c.boxes, c.legend)
			}
			for _, w := range c.write {
				if !strings.Contains(tm.Write, w) || !strings.HasSuffix(tm.Write, "\n") {
					t.Errorf("write help %q lacks %q or its last newline", tm.Write, w)
				}
			}
		})
	}
}
