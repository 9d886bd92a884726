package engine

import "testing"

func TestSchoolWriteDetail(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w    SchoolWrite
		want string
	}{
		{SchoolWrite{Cell: SchoolEntry{Mark: Closed}}, "1: close"},
		{SchoolWrite{Column: 1, Cell: SchoolEntry{Mark: ClosedReserve}, Reserve: -2}, "2: close, reserve -2"},
		{SchoolWrite{Cell: SchoolEntry{Mark: Closed}, Reserve: 3}, "1: close, reserve +3"},
		{SchoolWrite{Column: 2, Cell: SchoolEntry{Mark: Zeroed, Points: -200}}, "3: zero (-200)"},
		{SchoolWrite{Column: 4, Cell: SchoolEntry{Mark: Crossed}}, "5: cross out"},
		{SchoolWrite{Cell: SchoolEntry{Mark: Scored, Points: 24}}, "1: score 24"},
	} {
		t.Run(c.want, func(t *testing.T) {
			t.Parallel()
			if got := c.w.Detail(); got != c.want {
				t.Errorf("%+v: %q, want %q", c.w, got, c.want)
			}
		})
	}
}

// TestRankWrites checks that the ranked writes of a position say what
// each write does, in order, each detail its own.
func TestRankWrites(t *testing.T) {
	t.Parallel()
	g, err := New("school", Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSchoolState()
	dice, _ := FromDice(2, 2, 2, 2, 3)
	writes := g.SchoolMoves(s, RollIndex(dice), true, nil)
	ranked := g.RankWrites(nil, writes, func(w *SchoolWrite) float64 { return float64(w.Total()) })
	if len(ranked) != len(writes) {
		t.Fatalf("%d ranked writes of %d", len(ranked), len(writes))
	}
	for i, w := range writes {
		want := Ranked{Action: Action{Box: g.Categories[w.Row].Name, Cross: w.Cell.Mark == Crossed},
			Points: w.Cell.Value(), Bonus: w.Bonus, Detail: w.Detail(), Value: float64(w.Total())}
		if ranked[i] != want {
			t.Errorf("write %d: %+v, want %+v", i, ranked[i], want)
		}
	}
}
