package policy

import (
	"fmt"
	"math"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/gametest"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
)

// sixDiceGame is the six-dice game the tests play: upper boxes whose
// points matter, groups, a straight and the chance.
func sixDiceGame(t testing.TB) *engine.Game {
	return gametest.Maxi(t, "fours", "sixes", "two-pairs", "villa", "full-straight", "chance")
}

// TestSixDiceAgreesWithActions checks, in sampled positions of a game of
// six dice, that the policy takes the action solver.Turn.Actions ranks
// first (its cup turn), with the solved values and with values that give
// many exact ties and few.
func TestSixDiceAgreesWithActions(t *testing.T) {
	t.Parallel()
	g := sixDiceGame(t)
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := statespace.NewLayout(g)
	for name, next := range map[string]solver.Values{"optimal": sol.Value, "whole": hashed(l, 40), "fraction": hashed(l, 0), "zero": func(engine.State) float64 { return 0 }} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, turn, rng := under(t, g, next, 11)
			for range 300 {
				s := randomState(g, rng)
				r := rng.IntN(engine.NumRolls6)
				rollsLeft := rng.IntN(g.Rolls)
				dice := g.Cup().Roll(r)
				actions, err := turn.Actions(s, dice, rollsLeft, next)
				if err != nil {
					t.Fatal(err)
				}
				if msg := cupDisagreement(g, p.Turn(s), r, rollsLeft, actions[0]); msg != "" {
					t.Errorf("%s values, state %+v, dice %v, %d rerolls left: %s", name, s, dice, rollsLeft, msg)
				}
			}
		})
	}
}

// cupDisagreement is disagreement for a turn of six dice.
func cupDisagreement(g *engine.Game, t *Turn, r, rollsLeft int, best engine.Ranked) string {
	if rollsLeft > 0 {
		keep, reroll := t.Keep(r, rollsLeft)
		if reroll != (best.Box == "") {
			return fmt.Sprintf("rerolls %v or scores unlike the advice %+v", reroll, best)
		}
		if reroll {
			if got := g.Cup().Keep(keep); got != best.Keep {
				return "keeps " + got.String() + ", advice " + best.Keep.String()
			}
			return ""
		}
		if keep != g.Cup().FirstRollKeep()+r {
			return fmt.Sprintf("writes now with keep %d", keep)
		}
	}
	if got := t.Place(r); g.Placed(got, best.Value) != best {
		return fmt.Sprintf("places %+v, advice %+v", got, best)
	}
	if t.End(r) != end(g, t.Place(r)) {
		return fmt.Sprintf("ends %+v, the move %+v", t.End(r), t.Place(r))
	}
	return ""
}

// TestSixDiceOutcomesAddUp checks that a six-dice turn's outcomes are
// ordered and distinct, have total probability 1 and are worth, points
// plus the next state's value, what the solver's turn gives the state.
func TestSixDiceOutcomesAddUp(t *testing.T) {
	t.Parallel()
	g := sixDiceGame(t)
	next := hashed(statespace.NewLayout(g), 0)
	p, turn, rng := under(t, g, next, 13)
	for range 100 {
		s := randomState(g, rng)
		total, value := 0.0, 0.0
		outs := p.Outcomes(s)
		for i, o := range outs {
			if i > 0 {
				a, b := outs[i-1], o
				ia, ib := p.layout.Index(a.Next), p.layout.Index(b.Next)
				if ia > ib || ia == ib && a.Points >= b.Points {
					t.Fatalf("%+v: outcome %+v after %+v", s, b, a)
				}
			}
			total += o.P
			value += o.P * (float64(o.Points) + next(o.Next))
		}
		if math.Abs(total-1) > 1e-12 {
			t.Errorf("%+v: outcomes add up to %.15f", s, total)
		}
		if want := turn.Value(s, next); math.Abs(value-want) > 1e-9*max(1, want) {
			t.Errorf("%+v: outcomes are worth %.12f, the turn %.12f", s, value, want)
		}
	}
}

// TestSixDiceBatchAgrees checks that the turns of a batch of six-dice
// states (Batch, Plays either way) take the decisions of each state
// planned alone, in every lane of batches of one to lanes.Lanes states,
// and that a batch's arcs are the outcomes of each state's turn.
func TestSixDiceBatchAgrees(t *testing.T) {
	t.Parallel()
	g := sixDiceGame(t)
	p, _, rng := under(t, g, hashed(statespace.NewLayout(g), 40), 17)
	for mode, b := range map[string]turnPlanner{"Plan": p.NewBatch(), "Plays.Plan": p.NewPlays(), "PlanSearching": searching{p.NewPlays()}} {
		for n := 1; n <= lanes.Lanes; n++ {
			states := make([]engine.State, n)
			for j := range states {
				states[j] = randomState(g, rng)
			}
			b.Plan(states)
			for j, s := range states {
				alone, batched := p.plan(s), b.Turn(j)
				for r := range engine.NumRolls6 {
					if a, b := alone.End(r), batched.End(r); a != b || alone.Box(r) != batched.Box(r) {
						t.Fatalf("%s %+v, roll %d: ends %+v alone, %+v in lane %d of %d", mode, s, r, a, b, j, n)
					}
					for left := 1; left < g.Rolls; left++ {
						ak, ar := alone.Keep(r, left)
						bk, br := batched.Keep(r, left)
						if ak != bk || ar != br {
							t.Fatalf("%s %+v, roll %d, %d rerolls left: keeps %d alone, %d in lane %d of %d", mode, s, r, left, ak, bk, j, n)
						}
					}
				}
			}
		}
	}
	b := p.NewBatch()
	out := make([][]Arc, lanes.Lanes)
	states := make([]engine.State, 5)
	for j := range states {
		states[j] = randomState(g, rng)
	}
	b.Plan(states)
	b.AppendArcs(nil, out)
	for j, s := range states {
		want := p.Outcomes(s)
		if len(out[j]) != len(want) {
			t.Fatalf("%+v: %d arcs, %d outcomes", s, len(out[j]), len(want))
		}
		for i, o := range want {
			if a := out[j][i]; int(a.Next) != p.layout.Index(o.Next) || int(a.Points) != o.Points || a.P != o.P {
				t.Fatalf("%+v, arc %d: %+v, outcome %+v", s, i, a, o)
			}
		}
	}
}
