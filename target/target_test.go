package target

import (
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
)

func subset(t testing.TB, game string, opts engine.Options, cats ...string) *engine.Game {
	t.Helper()
	g, err := engine.New(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(cats) == 0 {
		return g
	}
	if g, err = g.Subset(cats...); err != nil {
		t.Fatal(err)
	}
	return g
}

func solve(t testing.TB, g *engine.Game, from engine.State, need int) *Solution {
	t.Helper()
	sol, err := Solve(g, from, need, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// playTables returns g's every-target table and its expected-value
// optimum, the two that play by the table need, the optimum rounded to
// float32 as a strategy table holds it: solved once for all the tests
// that read them, which only read them.
func playTables(t testing.TB, g *engine.Game) (*Table, solver.Values) {
	t.Helper()
	key := name(g)
	for _, c := range g.Categories {
		key += " " + c.Name
	}
	solve, _ := solvedTables.LoadOrStore(key, sync.OnceValue(func() playTablesResult {
		tab, err := SolveTable(g, solver.Options{})
		if err != nil {
			return playTablesResult{err: err}
		}
		ev, err := solver.Solve(g, solver.Options{})
		if err != nil {
			return playTablesResult{err: err}
		}
		return playTablesResult{tab: tab, ev: func(s engine.State) float64 { return float64(float32(ev.Value(s))) }}
	}))
	r := solve.(func() playTablesResult)()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.tab, r.ev
}

// solvedTables holds playTables' answers by game, boxes and options.
var solvedTables sync.Map

type playTablesResult struct {
	tab *Table
	ev  solver.Values
	err error
}

// TestActionsAddUp checks that the best action of each first roll,
// weighted by the roll's probability, is worth the state's value, and
// that the best action of a final roll is the placement worth the most.
func TestActionsAddUp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		g    *engine.Game
		from engine.State
		need int
	}{
		{"yahtzee late", subset(t, "yahtzee", engine.Options{}), engine.State{Filled: 0b1110111111110, Upper: 40}, 60},
		{"yatzy late", subset(t, "yatzy", engine.Options{}), engine.State{Filled: 0b111111111110110, Upper: 30}, 40},
		{"swedish late", subset(t, "swedish", engine.Options{}), engine.State{Filled: 0b110111111111111, Upper: 63, FullBox: true}, 80},
		{"poker-dice", subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight"), engine.State{}, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sol := solve(t, c.g, c.from, c.need)
			for _, n := range []int{0, 1, c.need / 3, c.need / 2, c.need} {
				var sum Chance
				for r := range engine.NumRolls {
					as, ps, err := sol.Actions(c.from, n, engine.Roll(r), c.g.Rolls-1)
					if err != nil {
						t.Fatal(err)
					}
					q := engine.RollProbability(r)
					sum.P += q * ps[0]
					sum.E += q * as[0].Value
					for i := 1; i < len(as); i++ {
						if ps[i] > ps[0]*(1+Tolerance) {
							t.Fatalf("need %d, roll %v: action %d is likelier than the first", n, engine.Roll(r), i)
						}
					}
				}
				want := sol.Value(c.from, n)
				if math.Abs(sum.P-want.P) > 1e-12 || math.Abs(sum.E-want.E) > 1e-9 {
					t.Errorf("need %d: the best actions add up to %+v, the state is worth %+v", n, sum, want)
				}
				if n == 0 && math.Abs(want.E-sol.EV.Value(c.from)) > 1e-9 {
					t.Errorf("need 0: %v points expected, the expected-value optimum %v", want.E, sol.EV.Value(c.from))
				}
			}
		})
	}
}

// TestPlayerFollowsActions checks, in sampled positions, that the
// player's turns take the action that Actions ranks first.
func TestPlayerFollowsActions(t *testing.T) {
	t.Parallel()
	g := subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance")
	sol := solve(t, g, engine.State{}, 120)
	pl, err := sol.NewPlayer(120, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		s := engine.State{Filled: uint32(rng.IntN(1<<len(g.Categories) - 1))}
		totals := g.UpperTotals(s.Filled & g.UpperMask())
		s.Upper = totals[rng.IntN(len(totals))]
		if !s.Open(g.Extra.Box) {
			s.FullBox = rng.IntN(2) == 0
		}
		score := rng.IntN(120)
		r := rng.IntN(engine.NumRolls)
		if f := 1 + rng.IntN(engine.Faces); rng.IntN(4) == 0 {
			five, _ := engine.FromDice(f, f, f, f, f)
			r = engine.RollIndex(five)
		}
		left := rng.IntN(g.Rolls)
		as, _, err := sol.Actions(s, 120-score, engine.Roll(r), left)
		if err != nil {
			t.Fatal(err)
		}
		turn := pl.Turn(s, score)
		best := as[0]
		if left > 0 {
			keep, reroll := turn.Keep(r, left)
			if reroll != (best.Box == "") || reroll && engine.Keep(keep) != best.Keep {
				t.Errorf("%+v need %d, %v with %d left: turn keeps %v (reroll %v), advice %+v", s, 120-score, engine.Roll(r), left, engine.Keep(keep), reroll, best)
			}
			if reroll {
				continue
			}
		}
		if got := turn.Place(r); g.Placed(got, best.Value) != best {
			t.Errorf("%+v need %d, %v: turn writes %+v, advice %+v", s, 120-score, engine.Roll(r), got, best)
		}
	}
}

// TestDistributionAgrees checks the exact distribution of the player's
// final score against the solution (its chance of the target and its
// mean) and against simulated games.
func TestDistributionAgrees(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		g      *engine.Game
		target int
	}{
		{"yahtzee", subset(t, "yahtzee", engine.Options{}, "threes", "fours", "full-house", "yahtzee", "chance"), 90},
		{"yahtzee forced joker", subset(t, "yahtzee", engine.Options{ForcedJoker: true}, "ones", "small-straight", "yahtzee", "chance"), 60},
		{"yatzy", subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "chance"), 50},
		{"poker-dice", subset(t, "poker-dice", engine.Options{}, "aces", "kings", "pair", "straight", "full-house"), 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sol := solve(t, c.g, engine.State{}, c.target)
			pl, err := sol.NewPlayer(c.target, 0)
			if err != nil {
				t.Fatal(err)
			}
			h, states := pl.Distribution(scores.Options{})
			want := sol.Value(engine.State{}, c.target)
			reach, mean := h.AtLeast(c.target), 0.0
			for i, p := range h.W {
				mean += p * float64(h.Lo+i)
			}
			if math.Abs(h.Total()-1) > 1e-12 || math.Abs(reach-want.P) > 1e-12 || math.Abs(mean-want.E) > 1e-9 {
				t.Errorf("distribution: total %v, P(>= %d) %v, mean %v; solution %+v", h.Total(), c.target, reach, mean, want)
			}
			games := 20000
			sample, err := pl.Simulate(games, 7, scores.Options{})
			if err != nil {
				t.Fatal(err)
			}
			rate := sample.Scores.AtLeast(c.target) / float64(games)
			sd := math.Sqrt(want.P * (1 - want.P) / float64(games))
			if math.Abs(rate-want.P) > 4*sd {
				t.Errorf("%d games reach %d in %.4f of games, the exact chance is %.4f (sd %.4f)", games, c.target, rate, want.P, sd)
			}
			lo, hi := sample.CI95()
			t.Logf("%s: %d states, P(>= %d) = %.6f, simulated %.4f; mean %.4f, simulated %.2f..%.2f", c.g.Name, states, c.target, want.P, rate, want.E, lo, hi)
			if half := (hi - lo) / 2; math.Abs(sample.Summary().Mean-want.E) > 2*half {
				t.Errorf("simulated mean %.3f, exact %.3f", sample.Summary().Mean, want.E)
			}
		})
	}
}

// TestTargetBeatsExpectedValue checks that playing for the target
// reaches it more often than playing for the expected score, whose
// chance of it comes from its own exact distribution, and that the
// expected-value play expects more points.
func TestTargetBeatsExpectedValue(t *testing.T) {
	t.Parallel()
	g := subset(t, "yatzy", engine.Options{}, "fives", "sixes", "four-of-a-kind", "large-straight", "yatzy")
	const target = 70
	sol := solve(t, g, engine.State{}, target)
	pl, err := sol.NewPlayer(target, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := scores.Exact(pl.ev, scores.Options{})
	evReach := d.Scores.AtLeast(target)
	got := sol.Value(engine.State{}, target)
	if got.P <= evReach || got.E >= sol.EV.Expected() {
		t.Errorf("target play: P %.6f, E %.4f; expected-value play: P %.6f, E %.4f", got.P, got.E, evReach, sol.EV.Expected())
	}
	t.Logf("P(>= %d): %.6f playing for it, %.6f playing for the expected score", target, got.P, evReach)
}

// TestChances checks the curve: playing for a total never reaches it
// less often than expected-value play, sometimes more, and as often as
// the exact distribution of the play for it says.
func TestChances(t *testing.T) {
	t.Parallel()
	g := subset(t, "yatzy", engine.Options{}, "fives", "sixes", "four-of-a-kind", "large-straight", "yatzy")
	from := engine.State{Filled: 1 << g.Category("fives"), Upper: 15}
	tab, ev := playTables(t, g)
	c, err := tab.Chances(from, 15, 0, ev, scores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	more := 0
	for i := range c.Best {
		if c.Best[i] < c.EV[i]-Bound(g) {
			t.Errorf("total %d: %v playing for it, %v for the expected score", c.Lo+i, c.Best[i], c.EV[i])
		}
		if c.Best[i] > c.EV[i]+1e-6 {
			more++
		}
	}
	top := c.Lo + len(c.Best) - 1
	if more == 0 || c.EV[len(c.EV)-1] >= TopChance || len(c.EV) > 1 && c.EV[len(c.EV)-2] < TopChance {
		t.Errorf("curve %d..%d: %d totals likelier, last chances %v", c.Lo, top, more, c.EV[len(c.EV)-2:])
	}
	for _, total := range []int{c.Lo + 5, (c.Lo + top) / 2} {
		sol := solve(t, g, from, total-15)
		pl, err := sol.NewPlayer(total, 15)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := pl.Distribution(scores.Options{})
		if got, want := h.AtLeast(total-15), c.Best[total-c.Lo]; math.Abs(got-want) > Bound(g) {
			t.Errorf("total %d: the play's distribution reaches it with %v, the curve says %v", total, got, want)
		}
	}
}

// evPolicy returns g's expected-value play.
func evPolicy(t *testing.T, g *engine.Game) *policy.Policy {
	t.Helper()
	ev, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := policy.New(g, ev.Value)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBeat checks the play against an opponent: against a brute force
// with the same worth of the end of the game, in every state and every
// need its window holds; its value against the win chance its own exact
// distribution gives with the opponent's; and against expected-value
// play, which wins less often. With the yahtzee bonus, the opponent's
// total has the bonus's tail, and the player's yahtzee box is open.
func TestBeat(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		opts   engine.Options
		cats   []string
		theirs engine.State // filled: chance, 20 points
		score  int          // the opponent's
	}{
		{"no-bonus", engine.Options{NoYahtzeeBonus: true}, []string{"threes", "full-house", "yahtzee", "chance"}, engine.State{Filled: 1 << 2}, 50},
		{"bonus", engine.Options{}, []string{"threes", "yahtzee", "chance"}, engine.State{Filled: 1 << 1, FullBox: true}, 50},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := subset(t, "yahtzee", c.opts, c.cats...)
			me := engine.State{Filled: 1 << g.Category("chance")}
			opp := []Opponent{{State: c.theirs, Score: c.score}}
			sol, need, err := Beat(g, me, 20, opp, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			worth := sol.rows[sol.Layout.Index(engine.State{Filled: 1<<len(g.Categories) - 1})].c
			b := newBrute(g, need)
			b.worth = make([]float64, len(worth))
			for i, w := range worth {
				b.worth[i] = w.P
			}
			checked := 0
			for i, ev := range sol.EV.Values {
				s := sol.Layout.State(i)
				if math.IsNaN(ev) || s.Filled&me.Filled != me.Filled {
					continue
				}
				want := b.value(s)
				for n := sol.rows[i].skip + 1; n <= need; n++ {
					got := sol.Value(s, n)
					if math.Abs(got.P-want[n].P) > 1e-12 || math.Abs(got.E-want[n].E) > 1e-9 {
						t.Errorf("%+v need %d: solve %+v, brute force %+v", s, n, got, want[n])
					}
					checked++
				}
			}
			// BeatActions, which lets rows go as it solves, ranks as the
			// whole solution does.
			for _, pos := range []struct {
				dice      []int
				rollsLeft int
			}{{[]int{3, 3, 5, 5, 6}, 2}, {[]int{1, 2, 3, 4, 6}, 1}, {[]int{6, 6, 6, 6, 6}, 0}} {
				dice, _ := engine.FromDice(pos.dice...)
				want, wantP, err := sol.Actions(me, need, dice, pos.rollsLeft)
				if err != nil {
					t.Fatal(err)
				}
				got, gotP, n, err := BeatActions(g, me, 20, opp, dice, pos.rollsLeft, solver.Options{})
				if err != nil || n != need || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotP, wantP) {
					t.Errorf("%v, %d rerolls: BeatActions need %d, %v %v (%v), the solution's %d, %v %v", pos.dice, pos.rollsLeft, n, got, gotP, err, need, want, wantP)
				}
			}
			if lo := sol.rows[sol.Layout.Index(me)].skip + 1; lo != need-(lane.Lanes-1) {
				t.Errorf("the starting state holds needs from %d, want %d", lo, need-(lane.Lanes-1))
			}
			pl, err := sol.NewPlayer(20+need, 20)
			if err != nil {
				t.Fatal(err)
			}
			mine, _ := pl.Distribution(scores.Options{})
			p := evPolicy(t, g)
			theirs := scores.ExactFrom(p, opp[0].State, scores.Options{}).Scores
			evMine := scores.ExactFrom(p, me, scores.Options{}).Scores
			win := func(mine scores.Histogram) float64 {
				w := 0.0
				for i, q := range mine.W {
					x := 20 + mine.Lo + i - c.score // my total less the opponent's sheet
					w += q * (1 - theirs.AtLeast(x) + (theirs.AtLeast(x)-theirs.AtLeast(x+1))/2)
				}
				return w
			}
			// The play's value counts the totals within Slack of a sure
			// win as won, within Slack of a loss as lost.
			got := sol.Value(me, need).P
			if w := win(mine); math.Abs(w-got) > Slack+1e-12 {
				t.Errorf("the play's distribution wins %v, its value says %v", w, got)
			}
			if w := win(evMine); w >= got {
				t.Errorf("expected-value play wins %v, the play to win %v", w, got)
			} else {
				t.Logf("%d values agree; need %d, win chance %.6f playing to win, %.6f playing for the expected score", checked, need, got, w)
			}
		})
	}
}

// TestBeatWorth checks the worth of the final totals against opponents
// whose totals are those of expected-value yahtzee from a sheet with
// chance filled, the bonus's long tail included (where differences of
// tail sums once rounded below 0 and a turn's choice found no option):
// against P(< x) + P(= x)/2 summed plainly, between Slack and 1-Slack
// and rising with the total, the totals cut off within Slack of 0 or 1.
func TestBeatWorth(t *testing.T) {
	t.Parallel()
	g := subset(t, "yahtzee", engine.Options{})
	p := evPolicy(t, g)
	one := scores.ExactFrom(p, engine.State{Filled: 1 << g.Category("chance")}, scores.Options{}).Scores
	one.Lo += 20
	two := scores.Histogram{Lo: 150, W: []float64{0.35, 0.2, 0.15, 0.2, 0.05, 0.05}}
	plain := func(finals []scores.Histogram, x int) float64 {
		w := 1.0
		for _, h := range finals {
			below := 0.0
			for i, q := range h.W {
				if h.Lo+i < x {
					below += q
				}
			}
			if i := x - h.Lo; i >= 0 && i < len(h.W) {
				below += h.W[i] / 2
			}
			w *= below
		}
		return w
	}
	for _, c := range []struct {
		name   string
		finals []scores.Histogram
	}{
		{"one", []scores.Histogram{one}},
		{"two", []scores.Histogram{one, two}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			worth, sure := beatWorth(c.finals)
			if len(worth) == 0 {
				t.Fatal("no total between a sure loss and a sure win")
			}
			low := sure - len(worth)
			for x := low - 50; x < sure+50; x++ {
				want := plain(c.finals, x)
				switch {
				case x < low && want > Slack+1e-15:
					t.Errorf("total %d counts as lost, is worth %v", x, want)
				case x >= sure && want < 1-Slack-1e-15:
					t.Errorf("total %d counts as won, is worth %v", x, want)
				case x >= low && x < sure:
					got := worth[sure-1-x]
					if math.Abs(got-want) > 1e-15 || got <= Slack || got >= 1-Slack {
						t.Errorf("total %d: worth %v, want %v within Slack..1-Slack", x, got, want)
					}
					if x > low && got < worth[sure-x] {
						t.Errorf("total %d is worth %v, less than %d's %v", x, got, x-1, worth[sure-x])
					}
				}
			}
			t.Logf("totals %d..%d of %d..%d", low, sure-1, c.finals[0].Lo, c.finals[0].Lo+len(c.finals[0].W)-1)
		})
	}
}
