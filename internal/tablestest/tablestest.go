// Package tablestest gives tests a tables directory of their own, and
// school strategy tables built in no time where the real ones take
// minutes to solve, so that the command line's tests and the server's
// read the same fixtures.
package tablestest

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/tables"
)

// Dir points the tables directory ($DICEPOKER_TABLES) at a new empty
// directory for the rest of t, and returns it: nothing solved before is
// found there, and nothing solved is left behind.
func Dir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(tables.EnvDir, dir)
	return dir
}

// SchoolExact saves at path an exact one-column school table whose value of the
// state at index i is value(i), and returns its game.
func SchoolExact(t testing.TB, path string, value func(i int) float32) *engine.Game {
	t.Helper()
	g, err := engine.New("school", engine.Options{Columns: 1})
	if err != nil {
		t.Fatal(err)
	}
	l, err := school.NewLayout(g)
	if err != nil {
		t.Fatal(err)
	}
	vs := make([]float32, l.Size())
	for i := range vs {
		vs[i] = value(i)
	}
	if err := (&school.Exact{Game: g, Layout: l, Values: vs}).Save(path); err != nil {
		t.Fatal(err)
	}
	return g
}

// Scrambled values the states of a one-column sheet by a fixed pattern:
// not the optimum, but not greedy either, so that an advisor's choices
// depend on the table.
func Scrambled(i int) float32 { return float32(i*7%23) - 11 }

// Zero values every state at 0: the greedy player.
func Zero(int) float32 { return 0 }

// SchoolEstimate saves at path the estimate of three-column school that values
// every sheet at 0 (no weights fitted: the greedy player).
func SchoolEstimate(t testing.TB, path string) {
	t.Helper()
	g, err := engine.New("school", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := school.NewEstimate(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Save(path); err != nil {
		t.Fatal(err)
	}
}

// SchoolRace saves in the tables directory dir the three-column estimate
// of SchoolEstimate and its race timing, measured over a few games of
// that greedy player, so that the race strategy opens at once, and
// returns the game.
func SchoolRace(t testing.TB, dir string) *engine.Game {
	t.Helper()
	g, err := engine.New("school", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	SchoolEstimate(t, school.EstimatePath(dir, g))
	e, err := school.NewEstimate(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	tm := school.MeasureTiming(g, e.After, 40, 1, 1)
	tm.Expected = e.Expected
	if err := tm.Save(school.TimingPath(dir, g)); err != nil {
		t.Fatal(err)
	}
	return g
}
