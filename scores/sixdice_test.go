package scores

import (
	"math"
	"reflect"
	"testing"

	"dicepoker/engine"
	"dicepoker/games"
	"dicepoker/policy"
	"dicepoker/solver"
)

// maxiSubset returns Maxi Yatzy (games/maxi-yatzy.toml) on the boxes
// named, with rolls rolls a turn: six dice, small enough to solve in a
// test.
func maxiSubset(t testing.TB, rolls int, boxes ...string) *engine.Game {
	t.Helper()
	data, err := games.Files.ReadFile("maxi-yatzy.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.ParseRules("maxi-yatzy.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	sub := *g
	sub.Rolls = rolls
	if g, err = engine.Define(sub); err != nil {
		t.Fatal(err)
	}
	if g, err = g.Subset(boxes...); err != nil {
		t.Fatal(err)
	}
	return g
}

// optimalOf returns the optimal policy of g and its expected score.
func optimalOf(t testing.TB, g *engine.Game) (*policy.Policy, float64) {
	t.Helper()
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return playing(t, g, sol.Value), sol.Expected()
}

// TestSixDiceDrawTables checks that rolling the dice a keep of six dice
// leaves gives each roll the probability of its new dice by the
// multinomial formula: m!/(c1!...c6!) sequences of 6^m.
func TestSixDiceDrawTables(t *testing.T) {
	t.Parallel()
	draws6Once.Do(makeDraws6)
	cup, err := engine.CupOf(engine.MaxDice)
	if err != nil {
		t.Fatal(err)
	}
	fact := []float64{1, 1, 2, 6, 24, 120, 720}
	for k := range cup.NumKeeps() {
		keep := cup.Keep(k)
		m := engine.MaxDice - keep.Size()
		if got, want := drawSpan6[k], uint64(math.Pow(6, float64(m))); got != want {
			t.Fatalf("keep %v: span %d, want %d", keep, got, want)
		}
		count := map[int]float64{}
		for _, r := range drawRoll6[drawStart6[k] : drawStart6[k]+int(drawSpan6[k])] {
			count[int(r)]++
		}
		total := 0.0
		for r, n := range count {
			ways := fact[m]
			for f, c := range cup.Roll(r) {
				if c < keep[f] {
					t.Fatalf("keep %v drew roll %v", keep, cup.Roll(r))
				}
				ways /= fact[c-keep[f]]
			}
			if n != ways {
				t.Errorf("keep %v: roll %v drawn %v times of %d, want %v", keep, cup.Roll(r), n, drawSpan6[k], ways)
			}
			total += n
		}
		if total != float64(drawSpan6[k]) {
			t.Errorf("keep %v: %v draws, want %d", keep, total, drawSpan6[k])
		}
	}
}

// TestSixDiceSimulationMatchesExact plays a reduced game of six dice by
// its optimal policy: the exact distribution's mean is the solver's
// expected score, which the simulation's 95% interval holds, and the
// simulation is the same to the bit on one thread and on three.
func TestSixDiceSimulationMatchesExact(t *testing.T) {
	t.Parallel()
	g := maxiSubset(t, 3, "fours", "sixes", "two-pairs", "villa", "full-straight", "chance")
	p, expected := optimalOf(t, g)
	d := Exact(p, Options{Threads: 2})
	if sum := d.Scores.Total(); math.Abs(sum-1) > 1e-12 {
		t.Errorf("exact probabilities add up to %.15f", sum)
	}
	if mean := d.Summary().Mean; math.Abs(mean-expected) > 1e-9 {
		t.Errorf("exact mean %.12f, expected score %.12f", mean, expected)
	}
	one, err := Simulate(p, 20000, 3, Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := one.CI95(); expected < lo || expected > hi {
		t.Errorf("expected score %.4f outside the simulation's 95%% interval %.3f..%.3f", expected, lo, hi)
	}
	three, err := Simulate(p, 20000, 3, Options{Threads: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("one thread and three play different games: %+v, %+v", one.Summary(), three.Summary())
	}
}
