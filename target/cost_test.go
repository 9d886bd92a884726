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

// TestMemoryModels checks the memory of a distribution for a target and
// of a ranking against opponents: the measured rate of the game times
// the states of its layout, the largest rate for a game not measured.
func TestMemoryModels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game                    string
		states                  int64
		distribution, opponents int64
	}{
		{"yahtzee", 1 << 20, 400, 2400},
		{"yatzy", 1 << 21, 400, 1250},
		{"poker-dice", 1 << 17, 500, 400},
		{"swedish", 1 << 22, 500, 2400},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			g, err := engine.New(tt.game, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := DistributionMemory(g), tt.distribution*tt.states; got != want {
				t.Errorf("DistributionMemory = %d, want %d", got, want)
			}
			if got, want := OpponentsMemory(g), tt.opponents*tt.states; got != want {
				t.Errorf("OpponentsMemory = %d, want %d", got, want)
			}
		})
	}
}
