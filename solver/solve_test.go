package solver

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
)

// solved holds the solutions that several tests read, by game and rule
// options, each solved once (a sync.OnceValues) and shared between tests.
var solved sync.Map

type solvedKey struct {
	game string
	opts engine.Options
}

// solve returns the solution of a game; those solved with every core
// (threads 0) are solved once and shared between tests.
func solve(t *testing.T, game string, opts engine.Options, threads int) *Solution {
	t.Helper()
	run := func() (*Solution, error) {
		g, err := engine.New(game, opts)
		if err != nil {
			return nil, err
		}
		return Solve(g, Options{Threads: threads})
	}
	if threads == 0 {
		once, _ := solved.LoadOrStore(solvedKey{game, opts}, sync.OnceValues(run))
		run = once.(func() (*Solution, error))
	}
	sol, err := run()
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// TestPublishedOptima checks the optimal expected scores published for
// Yahtzee (Verhoeff 1999, Glenn 2006) and Scandinavian Yatzy (docs/rules.md),
// and the number of reachable states: every filled set, the upper totals
// its upper boxes can add up to, and both five-alike flags where that box
// is filled.
func TestPublishedOptima(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game   string
		want   float64
		states int
	}{
		{"yahtzee", 254.5896095, 536448},
		{"yatzy", 248.4399894, 1430528},
	} {
		t.Run(c.game, func(t *testing.T) {
			t.Parallel()
			sol := solve(t, c.game, engine.Options{}, 0)
			if got := sol.Expected(); math.Abs(got-c.want) > 1e-6 {
				t.Errorf("%s: optimal expected score %.7f, published %.7f", c.game, got, c.want)
			}
			if sol.States != c.states {
				t.Errorf("%s: %d states, want %d", c.game, sol.States, c.states)
			}
		})
	}
}

func TestDeterministicAcrossThreads(t *testing.T) {
	t.Parallel()
	g, err := engine.New("swedish", engine.Options{UpperBonusThreshold: 20})
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.Subset("ones", "twos", "fives", "sixes", "pair", "two-pairs", "full-house", "poker", "chance")
	if err != nil {
		t.Fatal(err)
	}
	var first []float64
	for _, threads := range []int{1, 2, 3, 8} {
		sol, err := Solve(g, Options{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = sol.Values
			continue
		}
		for i, v := range sol.Values {
			if math.Float64bits(v) != math.Float64bits(first[i]) {
				t.Fatalf("threads %d: state %d is %v, with one thread %v", threads, i, v, first[i])
			}
		}
	}
}

func TestProgressReachesTotal(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	calls, last, total := 0, 0, 0
	sol, err := Solve(g, Options{Progress: func(done, all int) {
		if done < last {
			t.Errorf("progress went back from %d to %d", last, done)
		}
		calls, last, total = calls+1, done, all
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(g.Categories)+1 || last != sol.States || total != sol.States {
		t.Errorf("progress: %d calls ending at %d/%d, want %d calls ending at %d", calls, last, total, len(g.Categories)+1, sol.States)
	}
}

func TestSolveRefusesSchoolSheet(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("school", engine.Options{})
	if _, err := Solve(g, Options{}); err == nil {
		t.Error("solving a three-column school sheet did not fail")
	}
}

// TestYahtzeeOptions checks the rule options against each other and
// against the figures they are known by: without the Yahtzee bonus and
// joker the optimum is 245.870775, and without both bonuses 229.6385 (the
// figure of 13-box solvers that track no upper total); the others are
// our own. The forced joker only narrows the free joker's choices, the
// joker only adds choices and the bonus only adds points, so none of these
// options can raise the optimum.
func TestYahtzeeOptions(t *testing.T) {
	t.Parallel()
	def := solve(t, "yahtzee", engine.Options{}, 0).Expected()
	forced := solve(t, "yahtzee", engine.Options{ForcedJoker: true}, 0).Expected()
	noJoker := solve(t, "yahtzee", engine.Options{NoJoker: true}, 0).Expected()
	noBonus := solve(t, "yahtzee", engine.Options{NoYahtzeeBonus: true}, 0).Expected()
	neither := solve(t, "yahtzee", engine.Options{NoYahtzeeBonus: true, NoUpperBonus: true}, 0).Expected()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"forced joker", forced, 254.5877287},
		{"no joker", noJoker, 253.9702412},
		{"no Yahtzee bonus", noBonus, 245.8707745},
		{"no bonuses", neither, 229.6384996},
	} {
		t.Run(c.name, func(t *testing.T) {
			if math.Abs(c.got-c.want) > 1e-6 {
				t.Errorf("%s: %.7f, want %.7f", c.name, c.got, c.want)
			}
		})
	}
	if !(noBonus <= noJoker && noJoker <= def && forced <= def) {
		t.Errorf("want no bonus %.4f <= no joker %.4f <= free joker %.4f and forced joker %.4f <= free", noBonus, noJoker, def, forced)
	}
}

// TestStandins checks each state's stand-in against a turn played from
// it: the stand-in has the state's filled set and five-alike box and
// stands for itself, and the two states' turns, each played alone from
// the solved values of the states after them, are worth the same to the
// bit, on random states of every filled set. Solve copies a stand-in's
// value to the states it stands for, so comparing the solution's values
// would prove nothing.
func TestStandins(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"yahtzee", "yatzy"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			sol := solve(t, game, engine.Options{}, 0)
			g, l := sol.Game, sol.Layout
			to := statespace.Standins(g)
			if len(to) != l.Size() {
				t.Fatalf("%d stand-ins for %d indices", len(to), l.Size())
			}
			turn := NewTurn(g)
			rng := rand.New(rand.NewPCG(3, 4))
			others, played := 0, 0
			for i, s := range to {
				if int(s) == i {
					continue
				}
				others++
				a, b := l.State(i), l.State(int(s))
				if a.Filled != b.Filled || a.FullBox != b.FullBox || to[s] != s {
					t.Fatalf("%+v stands for %+v, whose stand-in is %d", b, a, to[s])
				}
				if math.IsNaN(sol.Values[i]) || a.Filled == 1<<len(g.Categories)-1 || rng.IntN(50) != 0 {
					continue
				}
				played++
				if x, y := turn.Value(a, sol.Value), turn.Value(b, sol.Value); math.Float64bits(x) != math.Float64bits(y) {
					t.Fatalf("%+v's turn is worth %v, its stand-in %+v's %v", a, x, b, y)
				}
			}
			if others == 0 || played < 100 {
				t.Fatalf("%d states stood for by another, %d of them played", others, played)
			}
		})
	}
}
