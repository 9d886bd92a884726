package target

import (
	"math"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/solver"
)

// TestTableAgrees checks every chance of the every-target table of
// reduced games, one of each game and joker rule, against the exact
// per-call solve, state by state and need by need, to the stated bound.
func TestTableAgrees(t *testing.T) {
	for _, g := range []*engine.Game{
		subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance"),
		subset(t, "yahtzee", engine.Options{ForcedJoker: true}, "ones", "small-straight", "yahtzee", "chance"),
		subset(t, "yahtzee", engine.Options{NoJoker: true}, "sixes", "large-straight", "yahtzee"),
		subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "yatzy", "chance"),
		subset(t, "swedish", engine.Options{}, "fives", "sixes", "pair", "poker"),
		subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house"),
	} {
		t.Run(strings.TrimSpace(g.Name+" "+g.Options.String()), func(t *testing.T) {
			tab, err := SolveTable(g, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			top := 0
			for cat := range g.Categories {
				most := 0
				for r := range engine.NumRolls {
					most = max(most, g.Score(cat, r))
				}
				top += most
			}
			top += 600 // bonuses, and needs out of reach
			sol := solve(t, g, engine.State{}, top)
			layers, shares, _ := layersFrom(g, engine.State{})
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
						if math.Abs(got-want) > Bound(g) {
							t.Fatalf("state %+v need %d: table %v, exact %v", s, n, got, want)
						}
						checked++
					}
				}
			}
			t.Logf("%d chances, %d stored, worst difference %.3g (bound %.3g)", checked, tab.Entries, worst, Bound(g))
		})
	}
}

// TestTablePlayer checks the play by the table: its exact distribution
// reaches the target as often as the table says, to the bound, and as
// often as simulated games do; its advice ranks the actions with the
// chances of the exact solve.
func TestTablePlayer(t *testing.T) {
	g := subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")
	tab, ev := playTables(t, g)
	const target = 90
	pl, err := tab.NewPlayer(engine.State{}, target, 0, ev)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := pl.Distribution(scores.Options{})
	want := tab.Chance(engine.State{}, target)
	if got := h.AtLeast(target); math.Abs(got-want) > Bound(g) || math.Abs(h.Total()-1) > 1e-12 {
		t.Errorf("the play's distribution reaches %d with %v (total %v), the table says %v", target, got, h.Total(), want)
	}
	games := 20000
	sample, err := pl.Simulate(games, 3, scores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rate := sample.Scores.AtLeast(target) / float64(games)
	if sd := math.Sqrt(want * (1 - want) / float64(games)); math.Abs(rate-want) > 4*sd {
		t.Errorf("%d games reach %d in %.4f of games, the table says %.4f (sd %.4f)", games, target, rate, want, sd)
	}
	from := engine.State{Filled: 1 << g.Category("threes"), Upper: 9}
	sol := solve(t, g, from, 80)
	dice := engine.Multiset{0, 0, 3, 2} // three fours, two threes
	for _, need := range []int{20, 50, 80} {
		got, err := tab.Actions(from, need, dice, 1, ev)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := sol.Actions(from, need, dice, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(exact) || math.Abs(got[0].P-exact[0].P) > Bound(g) {
			t.Fatalf("need %d: %d actions, the best with chance %v; exactly %d, %v", need, len(got), got[0].P, len(exact), exact[0].P)
		}
	}
}
