package target

import (
	"math"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

// TestTableAgrees checks every chance of the every-target table of
// reduced games against the exact per-call solve, state by state and need
// by need, to the stated bound.
func TestTableAgrees(t *testing.T) {
	for _, c := range []struct {
		name string
		g    *engine.Game
	}{
		{"yahtzee", subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")},
		{"yahtzee forced joker", subset(t, "yahtzee", engine.Options{ForcedJoker: true}, "ones", "small-straight", "yahtzee", "chance")},
		{"yahtzee no joker", subset(t, "yahtzee", engine.Options{NoJoker: true}, "sixes", "large-straight", "yahtzee")},
		{"yatzy", subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "yatzy", "chance")},
		{"swedish", subset(t, "swedish", engine.Options{}, "fives", "sixes", "pair", "poker")},
		{"poker-dice", subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab, err := SolveTable(c.g, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			top := 0
			for cat := range c.g.Categories {
				most := 0
				for r := range engine.NumRolls {
					most = max(most, c.g.Score(cat, r))
				}
				top += most
			}
			top += 600 // bonuses, and needs out of reach
			sol := solve(t, c.g, engine.State{}, top)
			layers, shares, _ := layersFrom(c.g, engine.State{})
			worst, checked := 0.0, 0
			for k := range layers {
				states := layers[k]
				for _, sh := range shares[k] {
					states = append(states, sh[0])
				}
				for _, s := range states {
					for n := -2; n <= top; n++ {
						got, want := tab.Chance(s, n), sol.Value(s, n).P
						if d := math.Abs(got - want); d > worst {
							worst = d
						}
						if math.Abs(got-want) > Bound(c.g) {
							t.Fatalf("state %+v need %d: table %v, exact %v", s, n, got, want)
						}
						checked++
					}
				}
			}
			t.Logf("%d chances, %d stored, worst difference %.3g (bound %.3g)", checked, tab.Entries, worst, Bound(c.g))
		})
	}
}
