package solver

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/gametest"
	"dicepoker/internal/lanes"
)

// TestCupActionsAsTurns ranks the actions of random yatzy positions with
// the turn of any cup of dice and with Turn: the same actions, in the
// same order, with the same values to the bit.
func TestCupActionsAsTurns(t *testing.T) {
	t.Parallel()
	sol := solve(t, "yatzy", engine.Options{}, 0)
	g := sol.Game
	turn, cup := NewTurn(g), newCupTurn(g, lanes.Fastest())
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		s := engine.State{Filled: rng.Uint32N(1<<len(g.Categories) - 1)}
		s.Upper = rng.IntN(g.UpperCap() + 1)
		if math.IsNaN(sol.Value(s)) {
			continue
		}
		dice, left := engine.Roll(rng.IntN(engine.NumRolls)), rng.IntN(g.Rolls)
		want, err := turn.Actions(s, dice, left, sol.Value)
		if err != nil {
			t.Fatal(err)
		}
		got, err := cup.actions(s, dice, left, sol.Value)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%+v %v %d left: %d actions, want %d", s, dice, left, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] && !(math.Abs(got[i].Value-want[i].Value) < 1e-9 && math.Abs(want[i].Value-want[max(i-1, 0)].Value) < 1e-9) {
				t.Fatalf("%+v %v %d left: action %d is %+v, want %+v", s, dice, left, i, got[i], want[i])
			}
		}
	}
}

// TestSixDiceActionsAverageToStateValue checks six dice's advice against
// their solve: the best action's value for every first roll, weighted by
// the roll's probability, is the value of the state (Value's too), and
// the solve in the plain Go kernel gives the same bits.
func TestSixDiceActionsAverageToStateValue(t *testing.T) {
	t.Parallel()
	g := gametest.Maxi(t, "fours", "sixes", "villa", "full-straight", "chance")
	sol, err := Solve(g, Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Solve(g, Options{Threads: 1, PlainGo: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range sol.Values {
		if math.Float64bits(v) != math.Float64bits(plain.Values[i]) {
			t.Fatalf("state %+v: %v, plain Go %v", sol.Layout.State(i), v, plain.Values[i])
		}
	}
	turn, cup := NewTurn(g), g.Cup()
	checked := 0
	for i, v := range sol.Values {
		s := sol.Layout.State(i)
		if math.IsNaN(v) || s.Filled == 1<<len(g.Categories)-1 {
			continue
		}
		sum := 0.0
		for r := range cup.NumRolls() {
			acts, err := turn.Actions(s, cup.Roll(r), g.Rolls-1, sol.Value)
			if err != nil {
				t.Fatal(err)
			}
			sum += cup.RollProbability(r) * acts[0].Value
		}
		if math.Abs(sum-v) > 1e-9 {
			t.Errorf("%+v: actions average to %.12f, the solve says %.12f", s, sum, v)
		}
		if x := turn.Value(s, sol.Value); math.Abs(x-v) > 1e-12 {
			t.Errorf("%+v: Value %.12f, the solve says %.12f", s, x, v)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no state checked")
	}
	if _, err := turn.Actions(engine.State{}, engine.Roll(0), 2, sol.Value); err == nil {
		t.Error("five dice advised in a game of six")
	}
}
