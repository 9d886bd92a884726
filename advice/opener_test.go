package advice_test

import (
	"path/filepath"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/school"
)

// TestEstimateEndgame checks that the estimate strategy values the last
// school.EndgameTurns turns exactly and the others by its estimate: on an
// estimate of zeros, a late sheet is worth what the endgame alone gives
// it, and an earlier one 0.
func TestEstimateEndgame(t *testing.T) {
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
