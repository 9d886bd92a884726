package target

import (
	"math"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/scores"
)

// tableGames are reduced games, one of each game and of each yahtzee rule
// option, whose every-target tables the tests check.
func tableGames(t *testing.T) []*engine.Game {
	return []*engine.Game{
		subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance"),
		subset(t, "yahtzee", engine.Options{ForcedJoker: true}, "ones", "small-straight", "yahtzee", "chance"),
		subset(t, "yahtzee", engine.Options{NoJoker: true}, "sixes", "large-straight", "yahtzee"),
		subset(t, "yahtzee", engine.Options{NoYahtzeeBonus: true, NoUpperBonus: true}, "fives", "full-house", "yahtzee", "chance"),
		subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "yatzy", "chance"),
		subset(t, "swedish", engine.Options{}, "fives", "sixes", "pair", "poker"),
		subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house"),
	}
}

// name names a reduced game in a subtest.
func name(g *engine.Game) string { return strings.TrimSpace(g.Name + " " + g.Options.String()) }

// everyState returns every state of g between turns, those that share
// another's row included.
func everyState(g *engine.Game) []engine.State {
	layers, shares, _ := layersFrom(g, engine.State{})
	var states []engine.State
	for k := range layers {
		states = append(states, layers[k]...)
		for _, sh := range shares[k] {
			states = append(states, sh[0])
		}
	}
	return states
}

// TestTableAgrees checks every value of the every-target table of reduced
// games against the exact per-call solve, state by state and need by
// need: the chances to the stated bound; the expected points, which are
// those of the table's play (TestTablePlaysItsValues), never above the
// expected-value optimum and on average within 0.01 points of the exact
// play's. The two plays part where chances differ by less than the
// table tells apart, the exact one then giving up points for the larger
// chance, the table's taking the most points.
func TestTableAgrees(t *testing.T) {
	t.Parallel()
	for _, g := range tableGames(t) {
		t.Run(name(g), func(t *testing.T) {
			t.Parallel()
			tab, ev := playTables(t, g)
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
			worst, worstE, sumE, checked := 0.0, 0.0, 0.0, 0
			for _, s := range everyState(g) {
				for n := -2; n <= top; n++ {
					got, want := tab.Value(s, n, ev), sol.Value(s, n)
					if got.P != tab.Chance(s, n) {
						t.Fatalf("state %+v need %d: Value's chance %v, Chance's %v", s, n, got.P, tab.Chance(s, n))
					}
					d, dE := math.Abs(got.P-want.P), math.Abs(got.E-want.E)
					worst, worstE, sumE = max(worst, d), max(worstE, dE), sumE+dE
					if d > Bound(g) {
						t.Fatalf("state %+v need %d: table %v, exact %v", s, n, got.P, want.P)
					}
					if got.E > ev(s)+tab.EBound() || got.E < 0 {
						t.Fatalf("state %+v need %d: table expects %v points, the expected-value optimum %v", s, n, got.E, ev(s))
					}
					checked++
				}
			}
			if mean := sumE / float64(checked); mean > 0.01 {
				t.Errorf("the expected points differ from the exact play's by %.4f on average", mean)
			}
			t.Logf("%d values, %d stored; chances: worst difference %.3g (bound %.3g); points: mean difference %.2g, worst %.3g",
				checked, tab.Entries, worst, Bound(g), sumE/float64(checked), worstE)
		})
	}
}

// TestTablePlaysItsValues checks, on the reduced games, that the table's
// values are those of the play that follows it: every state's chance and
// expected points, need by need, against those of the table player's
// turns (their exact outcomes, policy.Policy.TurnOutcomes), carried back
// from the end of the game: the chances to Bound, the points to EBound.
func TestTablePlaysItsValues(t *testing.T) {
	t.Parallel()
	for _, g := range tableGames(t) {
		t.Run(name(g), func(t *testing.T) {
			t.Parallel()
			tab, ev := playTables(t, g)
			const total = 10_000 // the target: need n is a score of total - n
			pl, err := tab.NewPlayer(engine.State{}, total, 0, ev)
			if err != nil {
				t.Fatal(err)
			}
			type key struct {
				s engine.State
				n int
			}
			memo := map[key]Chance{}
			full := uint32(1)<<len(g.Categories) - 1
			var play func(s engine.State, n int) Chance
			play = func(s engine.State, n int) Chance {
				if s.Filled == full {
					if n <= 0 {
						return Chance{P: 1}
					}
					return Chance{}
				}
				if _, hi := tab.with(ev).span(s); n >= hi || n <= 0 {
					n = min(max(n, 0), hi) // the same play for every need met, and for every one out of reach
				}
				if v, ok := memo[key{s, n}]; ok {
					return v
				}
				var v Chance
				for _, o := range pl.ev.TurnOutcomes(pl.Turn(s, total-n)) {
					next := play(o.Next, n-o.Points)
					v.P += o.P * next.P
					v.E += o.P * (float64(o.Points) + next.E)
				}
				memo[key{s, n}] = v
				return v
			}
			worst, worstE, checked := 0.0, 0.0, 0
			for _, s := range everyState(g) {
				_, hi := tab.with(ev).span(s)
				for n := 0; n <= hi; n++ {
					got, want := tab.Value(s, n, ev), play(s, n)
					d, dE := math.Abs(got.P-want.P), math.Abs(got.E-want.E)
					worst, worstE = max(worst, d), max(worstE, dE)
					if d > Bound(g) || dE > tab.EBound() {
						t.Fatalf("state %+v need %d: table %+v, its play %+v", s, n, got, want)
					}
					checked++
				}
			}
			t.Logf("%d values: worst differences %.3g in chance (bound %.3g), %.3g in points (bound %.3g)", checked, worst, Bound(g), worstE, tab.EBound())
		})
	}
}

// TestTablePlayer checks the play by the table: its exact distribution
// reaches the target as often as the table says, to the bound, and
// scores the table's expected points; simulated games reach it as often;
// its advice ranks the actions with the chances of the exact solve.
func TestTablePlayer(t *testing.T) {
	t.Parallel()
	g := subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")
	tab, ev := playTables(t, g)
	const target = 90
	pl, err := tab.NewPlayer(engine.State{}, target, 0, ev)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := pl.Distribution(scores.Options{})
	want := tab.Value(engine.State{}, target, ev)
	mean := 0.0
	for i, p := range h.W {
		mean += p * float64(h.Lo+i)
	}
	if got := h.AtLeast(target); math.Abs(got-want.P) > Bound(g) || math.Abs(h.Total()-1) > 1e-12 || math.Abs(mean-want.E) > tab.EBound() {
		t.Errorf("the play's distribution reaches %d with %v (total %v), mean %v; the table says %+v", target, got, h.Total(), mean, want)
	}
	games := 20000
	sample, err := pl.Simulate(games, 3, scores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rate := sample.Scores.AtLeast(target) / float64(games)
	if sd := math.Sqrt(want.P * (1 - want.P) / float64(games)); math.Abs(rate-want.P) > 4*sd {
		t.Errorf("%d games reach %d in %.4f of games, the table says %.4f (sd %.4f)", games, target, rate, want.P, sd)
	}
	from := engine.State{Filled: 1 << g.Category("threes"), Upper: 9}
	sol := solve(t, g, from, 80)
	dice := engine.Multiset{0, 0, 3, 2} // three fours, two threes
	for _, need := range []int{20, 50, 80} {
		got, gotP, err := tab.Actions(from, need, dice, 1, ev)
		if err != nil {
			t.Fatal(err)
		}
		exact, exactP, err := sol.Actions(from, need, dice, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(exact) || math.Abs(gotP[0]-exactP[0]) > Bound(g) {
			t.Fatalf("need %d: %d actions, the best with chance %v; exactly %d, %v", need, len(got), gotP[0], len(exact), exactP[0])
		}
	}
}
