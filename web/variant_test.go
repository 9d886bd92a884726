package web

import (
	"os"
	"testing"
	"time"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// TestSchoolVariantSolvedInMemory checks that one-column school with a
// bonus taken, a variant, is solved exactly in memory when its table is
// missing, whatever strategy the source plays otherwise, and not saved;
// and that without the bonus taken the source's own strategy plays. The
// sheets are reduced to a few rows: the full sheet's solve is the same
// code, for minutes.
func TestSchoolVariantSolvedInMemory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c := newCache(withTables(testSource, dir), time.Minute, 1<<30)
	for _, tc := range []struct {
		taken, want string
	}{
		{"threes", "optimal"},
		{"", "greedy"},
	} {
		full, err := engine.New("school", engine.Options{Columns: 1, Taken: tc.taken})
		if err != nil {
			t.Fatal(err)
		}
		g, err := full.Subset("threes", "sixes", "pair", "sum")
		if err != nil {
			t.Fatal(err)
		}
		st, err := c.School(g, "")
		if err != nil {
			t.Fatal(err)
		}
		if st.Name != tc.want {
			t.Errorf("taken=%s: the %s strategy plays, want %s", tc.taken, st.Name, tc.want)
		}
		if tc.want != "optimal" {
			continue
		}
		sol, err := school.Solve(g, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st.Expected != sol.Expected() {
			t.Errorf("taken=%s: expected score %v, want the solve's %v", tc.taken, st.Expected, sol.Expected())
		}
		if _, err := os.Stat(strategy.Path(dir, g)); err == nil {
			t.Errorf("taken=%s: the variant's table was saved", tc.taken)
		}
	}
}
