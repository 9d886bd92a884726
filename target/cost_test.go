package target

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/cost"
)

// TestTableCost checks the cost of an every-target table: as measured for
// a measured game, whatever its rules, else yatzy's scaled by the
// states; its time spread over the cores.
func TestTableCost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game string
		opts engine.Options
		want cost.Cost
	}{
		{"yahtzee", engine.Options{}, measured["yahtzee"]},
		{"yahtzee", engine.Options{ForcedJoker: true}, measured["yahtzee"]},
		{"swedish", engine.Options{}, cost.Cost{Seconds: 2 * 58, Disk: 2 * 835e6, Memory: 2 * 2.45e9}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			g, err := engine.New(tt.game, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			got := TableCost(g, 1)
			want := tt.want
			want.Seconds *= cost.Rated
			if got != want {
				t.Errorf("%+v, want %+v", got, want)
			}
		})
	}
}
