package school

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/scores"
)

// handTiming returns a timing of g whose chances are within(b, m, t, u)
// for u >= 1 (and 0 for u = 0).
func handTiming(g *engine.Game, within func(b, m, t, u int) float64) *Timing {
	n := dimsOf(g)
	tm := &Timing{Game: g, F: make([]float32, n.size()), n: n}
	for b := range n.bonuses {
		for m := 1; m < n.needs; m++ {
			for t := m; t < n.turns; t++ {
				for u := 1; u <= t; u++ {
					tm.F[n.at(b, m, t)+u] = float32(within(b, m, t, u))
				}
			}
		}
	}
	return tm
}

// TestChance checks the chance of earning a bonus first on timings where
// it is known.
func TestChance(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	const b = 6 // pair
	// The player earns the bonus at its u-th turn to come with chance
	// mine[u], the other players by their u-th with theirs[u].
	for _, c := range []struct {
		name         string
		mine, theirs []float64
		others       []int
		want         float64
	}{
		{"the other cannot earn it", []float64{0, 1}, []float64{0, 1}, []int{0}, 1},
		{"the other earns it at its next turn", []float64{0, 1}, []float64{0, 1}, []int{1}, 0},
		{"the other's next turn, one time in two", []float64{0, 1}, []float64{0, 0.5}, []int{1}, 0.5},
		// Earned at the second turn: the other has played two turns by
		// then, and earned it in them with chance 0.6.
		{"at the second turn", []float64{0, 0, 1}, []float64{0, 0.3, 0.6}, []int{1}, 0.4},
		// Half at the second turn, half at the third; earned only half
		// the time, which the chance is given.
		{"given that it is earned", []float64{0, 0, 0.25, 0.5}, []float64{0, 0.3, 0.6, 0.8}, []int{1}, 0.5*0.4 + 0.5*0.2},
		{"two others", []float64{0, 0, 1}, []float64{0, 0.3, 0.6}, []int{1, 1}, 0.4 * 0.4},
		{"never earned: nothing to race for", []float64{0, 0, 0}, []float64{0, 1, 1}, []int{1}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			tm := handTiming(g, func(bonus, m, left, u int) float64 {
				switch {
				case bonus != b:
					return 0
				case m == 2: // the player's sheet, 2 short
					return c.mine[min(u, len(c.mine)-1)]
				}
				return c.theirs[min(u, len(c.theirs)-1)]
			})
			turns := slices.Repeat([]int{30}, len(c.others))
			if got := tm.Chance(b, 2, 30, c.others, turns); math.Abs(got-c.want) > 1e-6 {
				t.Errorf("Chance = %v, want %v", got, c.want)
			}
		})
	}
}

// randomEstimate returns an estimate of g with weights drawn at random:
// its values of the sheets with a bonus in reach and out of it differ.
func randomEstimate(t testing.TB, g *engine.Game) *Estimate {
	e, err := NewEstimate(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range e.W {
		e.W[i] = rng.Float64()*20 - 5
	}
	return e
}

// TestRaceSeat checks the race's values of the sheets after a write on
// hand-made tables: an opponent who has lost the pair bonus, or who is
// further from it, leaves it whole (the estimate's values); one who
// earns it surely at their next turn takes it all, the loss being what
// the estimate says it is worth.
func TestRaceSeat(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	const pair = 6
	e := randomEstimate(t, g)
	// Every sheet earns the pair bonus at its next turn that can, surely;
	// no other bonus is ever earned.
	tm := handTiming(g, func(b, m, left, u int) float64 {
		if b == pair {
			return 1
		}
		return 0
	})
	r := &Race{Estimate: e, Timing: tm}
	mine, err := g.ParseSchoolSheet("ones=x,pair=12")
	if err != nil {
		t.Fatal(err)
	}
	me := mine.State(g)
	after := e.After(&me)
	worth := func(s engine.SchoolState, v Values) float64 { return max(0, v(s)-v(without(g, s, pair))) }
	for _, c := range []struct {
		name, opponent string
		lost           bool
	}{
		{"opponent crossed the pair", "pair=10/-", false},
		{"opponent has one pair to write", "pair=10/8", true},
		{"opponent three short: later than the player", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			sh, err := g.ParseSchoolSheet(c.opponent)
			if err != nil {
				t.Fatal(err)
			}
			values := r.Seat([]engine.SchoolState{me, sh.State(g)}, 0)
			differ := false // the race's values differ from the estimate's
			for _, w := range g.SchoolMoves(me, engine.RollIndex(engine.Multiset{0, 2, 0, 0, 3, 0}), true, nil) {
				want := after(w.Next)
				if c.lost && need(g, &w.Next, pair) > 0 {
					if w.Row == pair {
						want -= worth(w.Next, after)
					} else {
						want -= worth(me, e.Value)
					}
				}
				if got := values(w.Next); math.Abs(got-want) > 1e-9 {
					t.Errorf("%s %d: value %v, want %v", g.Categories[w.Row].Name, w.Cell.Points, got, want)
				}
				differ = differ || math.Abs(want-after(w.Next)) > 1
			}
			if differ != c.lost {
				t.Errorf("the race's values differ from the estimate's: %v, want %v", differ, c.lost)
			}
		})
	}
	if got, want := r.Seat([]engine.SchoolState{me}, 0)(me), after(me); got != want {
		t.Errorf("alone: %v, want the estimate's %v", got, want)
	}
}

// TestTiming checks a measured timing against the games it was measured
// on: chances that grow with the turns to come, none before the need can
// be written, and, from a new sheet, each bonus's share of games earned.
func TestTiming(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 1)
	p := Fixed(func(engine.SchoolState) float64 { return 0 })
	const games = 300
	tm := MeasureTiming(g, p, games, 5, 2)
	turns := g.Turns()
	for b := range tm.n.bonuses {
		for m := 1; m < tm.n.needs; m++ {
			for left := m; left <= turns; left++ {
				if tm.Within(b, m, left, m-1) != 0 {
					t.Fatalf("bonus %d, %d short, %d turns: earned in fewer turns than the need", b, m, left)
				}
				for u := m; u <= left; u++ {
					if a, z := tm.Within(b, m, left, u-1), tm.Within(b, m, left, u); z < a || z > 1 {
						t.Fatalf("bonus %d, %d short, %d turns: %v then %v", b, m, left, a, z)
					}
				}
			}
		}
	}
	// The same games, played again: the share that earned each row bonus.
	k := NewKernel(g)
	earned := make([]int, len(g.Categories))
	for i := range games {
		s, rolls := g.NewSchoolState(), seatRolls(5, i)
		for turn := range turns {
			m, _ := k.Turn(s, p(&s), rolls(turn, 0), k.alone(k.newScratch()))
			for c := range earned {
				earned[c] += int(m.EarnedRows >> c & 1)
			}
			s = m.Next
		}
	}
	for c := range earned {
		if !g.HasRowBonus(c) {
			continue
		}
		if got, want := tm.Within(c, 1, turns, turns), float64(earned[c])/games; math.Abs(got-want) > 1e-6 {
			t.Errorf("%s: earned from a new sheet %v, the games %v", g.Categories[c].Name, got, want)
		}
	}
}

// TestRoundsMirrored checks that rounds seat every strategy everywhere on
// the same dice: two seats that play alike score each other's scores
// game for game, win half each with an interval of width 0, and the
// first game of each round is Simulate's game of that round.
func TestRoundsMirrored(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 1)
	k := NewKernel(g)
	p := Fixed(func(s engine.SchoolState) float64 { return float64(s.Reserve) })
	const games = 40
	rounds := k.Rounds([]Seat{Alone(p), Alone(p)}, games-1, 9, 2)
	if len(rounds) != games {
		t.Fatalf("%d games, want %d (whole rounds)", len(rounds), games)
	}
	alone := k.Simulate([]Player{p, p}, games/2, 9, 1)
	for b := range games / 2 {
		first, second := rounds[2*b], rounds[2*b+1]
		if !slices.Equal(first, []int{second[1], second[0]}) || !slices.Equal(first, alone[b]) {
			t.Fatalf("round %d: %v and %v, Simulate %v", b, first, second, alone[b])
		}
	}
	for i, w := range scores.WinRates(rounds, 2) {
		if w.Rate != 0.5 || w.CI95 != [2]float64{0.5, 0.5} {
			t.Errorf("seat %d: wins %v %v, want exactly a half", i, w.Rate, w.CI95)
		}
	}
}
