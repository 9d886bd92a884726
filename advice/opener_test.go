package advice_test

import (
	"math"
	"path/filepath"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/school"
)

// zeroEstimate returns three-column school and its estimate strategy on
// an estimate of zeros.
func zeroEstimate(t *testing.T) (*engine.Game, *advice.SchoolStrategy) {
	t.Helper()
	g, err := engine.New("school", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "estimate.dpt")
	tablestest.SchoolEstimate(t, path)
	st, err := advice.Opener{File: path}.Named(g, "estimate")
	if err != nil {
		t.Fatal(err)
	}
	return g, st
}

// TestEstimateEndgame checks that the estimate strategy values the last
// school.EndgameTurns turns exactly and the others by its estimate: on an
// estimate of zeros, a late sheet is worth what the endgame alone gives
// it, and an earlier one 0.
func TestEstimateEndgame(t *testing.T) {
	g, st := zeroEstimate(t)
	exact := school.NewEndgame(school.NewKernel(g), nil, school.EndgameTurns, school.EndgameLostTurns).Values(nil)
	for _, c := range []struct {
		sheet string
		exact bool
	}{
		{"ones=x/x/x,twos=x/x/x,threes=x/x/x,fours=x/x/x,fives=x/x/x,sixes=x/x/x,pair=4/6/8,three-of-a-kind=12/15/18,two-pairs=14/16/18," +
			"full-house=20/22/24,four-of-a-kind=24/28/32,five-of-a-kind=55/60/60,small-straight=15/30/15,large-straight=20/40/20,sum=20", true},
		{"ones=x/x/x,twos=x/x/x,threes=x/x/x,fours=x/x/x,fives=x/x/x,sixes=x/x,pair=4/6/8,three-of-a-kind=12/15/18,two-pairs=14/16/18," +
			"full-house=20/22/24,four-of-a-kind=24/28/32,five-of-a-kind=55/60/60,small-straight=15/30/15,large-straight=20/40,sum=20/21,reserve=3", true},
		{"sum=20", false},
	} {
		sh, err := g.ParseSchoolSheet(c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		s := sh.State(g)
		want := 0.0
		if c.exact {
			want = exact(s)
		}
		if got := st.Value(s); got != want || c.exact && want == 0 {
			t.Errorf("%s: valued %g, want %g", c.sheet, got, want)
		}
		// The player's values of the sheets after a write agree.
		after := st.Player(&s)
		for _, m := range g.SchoolMoves(s, 0, true, nil) {
			want := 0.0
			if c.exact || g.SchoolTurnsLeft(&m.Next) <= school.EndgameTurns {
				want = exact(m.Next)
			}
			if got := after(m.Next); got != want {
				t.Errorf("%s, after %+v: valued %g, want %g", c.sheet, m, got, want)
			}
		}
	}
}

// TestEstimateAdvisorLooksAhead checks that the estimate's advisor values
// the sheets after a turn by the search of their next turn: on an estimate
// of zeros, an early sheet after a write is worth the points its next turn
// is expected to bring, played for the most points (the mean over the
// first rolls of the best action's value, as the greedy player ranks
// them), where the estimate's player values it 0; the greedy strategy
// ranks with its player.
func TestEstimateAdvisorLooksAhead(t *testing.T) {
	g, st := zeroEstimate(t)
	greedy, err := advice.Opener{}.Named(g, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	k := school.NewKernel(g)
	s := g.NewSchoolState()
	player, advisor, plain := st.Player(&s), st.Advisor(&s), greedy.Advisor(&s)
	for _, m := range g.SchoolMoves(s, engine.RollIndex(engine.Multiset{0, 0, 2, 0, 2, 1}), true, nil)[:4] {
		next := m.Next
		want := 0.0
		for r := range engine.NumRolls {
			actions, err := k.Actions(next, engine.Roll(r), g.Rolls-1, true, greedy.Player(&next))
			if err != nil {
				t.Fatal(err)
			}
			want += engine.RollProbability(r) * actions[0].Value
		}
		if got := advisor(next); math.Abs(got-want) > 1e-9 || want < 10 {
			t.Errorf("after %+v: the advisor values %g, want the next turn's points %g", m, got, want)
		}
		if got := player(next); got != 0 {
			t.Errorf("after %+v: the player values %g, want 0", m, got)
		}
		if got := plain(next); got != 0 {
			t.Errorf("after %+v: the greedy advisor values %g, want 0", m, got)
		}
	}
}
