package scores

import (
	"math"
	"sync"
	"testing"
	"time"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// tables holds the strategy tables the tests share, by game name; each is
// solved once.
var tables sync.Map

func table(t testing.TB, name string) *strategy.Table {
	t.Helper()
	once, _ := tables.LoadOrStore(name, sync.OnceValues(func() (*strategy.Table, error) {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return nil, err
		}
		sol, err := solver.Solve(g, solver.Options{})
		if err != nil {
			return nil, err
		}
		return strategy.FromSolution(sol), nil
	}))
	tab, err := once.(func() (*strategy.Table, error))()
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func optimal(t testing.TB, name string) *policy.Policy {
	t.Helper()
	tab := table(t, name)
	p, err := policy.New(tab.Game, tab.Value)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExactMatchesTable(t *testing.T) {
	for _, name := range []string{"poker-dice", "yahtzee"} {
		start := time.Now()
		d, err := Exact(optimal(t, name), Options{})
		if err != nil {
			t.Fatal(err)
		}
		sum := d.Summary()
		t.Logf("%s: %v, %d states, mean %.9f sd %.4f %v", name, time.Since(start), d.States, sum.Mean, sum.SD, sum.Percentiles)
		if total := d.Scores.Total(); math.Abs(total-1) > 1e-12 {
			t.Errorf("%s: probabilities add up to 1%+.3g", name, total-1)
		}
		if want := table(t, name).Expected; math.Abs(sum.Mean-want) > 1e-6 {
			t.Errorf("%s: mean %.9f, the table expects %.9f", name, sum.Mean, want)
		}
	}
}

func TestSimulationMatchesExact(t *testing.T) {
	for _, tc := range []struct {
		game  string
		games int
	}{
		{"poker-dice", 20000},
		{"yahtzee", 4000},
	} {
		start := time.Now()
		s, err := Simulate(optimal(t, tc.game), tc.games, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := s.CI95()
		want := table(t, tc.game).Expected
		t.Logf("%s: %d games in %v: mean %.3f, 95%% CI %.3f..%.3f, expected %.4f", tc.game, tc.games, time.Since(start), s.Summary().Mean, lo, hi, want)
		if want < lo || want > hi {
			t.Errorf("%s: expected score %.4f outside the simulation's 95%% interval %.3f..%.3f", tc.game, want, lo, hi)
		}
	}
}
