package engine

import (
	"fmt"
	"slices"
	"testing"
)

// schoolGame returns the school game with the given columns.
func schoolGame(t testing.TB, columns int) *Game {
	t.Helper()
	return mustGame(t, "school", Options{Columns: columns})
}

// fillAll returns a state of g with every row filled to the given number
// of cells, without touching the bonuses.
func fillAll(g *Game, cells int) SchoolState {
	s := g.NewSchoolState()
	for c := range g.Categories {
		s.Fill[c] = uint8(cells)
	}
	return s
}

func TestSchoolWrites(t *testing.T) {
	t.Parallel()
	g1, g2 := schoolGame(t, 1), schoolGame(t, 2)
	row := func(g *Game, name string) int { return g.Category(name) }
	// last leaves only the named row open in a one-column sheet.
	last := func(name string) SchoolState {
		s := fillAll(g1, 1)
		s.Fill[row(g1, name)] = 0
		return s
	}
	withReserve := func(s SchoolState, r int) SchoolState { s.Reserve = r; return s }
	for _, tc := range []struct {
		name  string
		write func() SchoolWrite
		mark  SchoolMark
		total int // cell + reserve change + bonus
		bonus int
		next  func(n SchoolState) bool
	}{
		{"four twos close and add 2, row bonus 10 alone in the row", func() SchoolWrite {
			return g1.SchoolClose(g1.NewSchoolState(), row(g1, "twos"), 4)
		}, Closed, 2 + 10, 10, func(n SchoolState) bool { return n.Reserve == 2 && n.Fill[1] == 1 }},
		{"two threes pay 3 from a reserve of 4: no row bonus", func() SchoolWrite {
			return g1.SchoolClose(withReserve(g1.NewSchoolState(), 4), row(g1, "threes"), 2)
		}, ClosedReserve, -3, 0, func(n SchoolState) bool { return n.Reserve == 1 && n.RowBonus&(1<<2) == 0 && n.ColBonus == 1 }},
		{"one five without the reserve to pay: a zero, column bonus lost", func() SchoolWrite {
			return g1.SchoolClose(withReserve(g1.NewSchoolState(), 9), row(g1, "fives"), 1)
		}, Zeroed, -200, 0, func(n SchoolState) bool { return n.Reserve == 9 && n.ColBonus == 0 && n.RowBonus&(1<<4) == 0 }},
		{"no die of the face: a zero whatever the reserve", func() SchoolWrite {
			return g1.SchoolClose(withReserve(g1.NewSchoolState(), 100), row(g1, "ones"), 0)
		}, Zeroed, -200, 0, func(n SchoolState) bool { return n.Reserve == 100 }},
		{"pair 10 in one column: the row bonus is the cell", func() SchoolWrite {
			return g1.SchoolScore(g1.NewSchoolState(), row(g1, "pair"), 10)
		}, Scored, 20, 10, func(n SchoolState) bool { return n.ColBest[0] == 10 && n.RowBest[6] == 10 }},
		{"sum has no row bonus", func() SchoolWrite {
			return g1.SchoolScore(g1.NewSchoolState(), row(g1, "sum"), 22)
		}, Scored, 22, 0, func(n SchoolState) bool { return n.ColBest[0] == 22 }},
		{"a cross loses row and column bonus", func() SchoolWrite {
			return g1.SchoolScore(g1.NewSchoolState(), row(g1, "five-of-a-kind"), 0)
		}, Crossed, 0, 0, func(n SchoolState) bool { return n.ColBonus == 0 && n.RowBonus&(1<<11) == 0 }},
		{"the last cell completes the column: its best cell", func() SchoolWrite {
			s := last("sum")
			s.ColBest[0] = 44
			return g1.SchoolScore(s, row(g1, "sum"), 20)
		}, Scored, 20 + 44, 44, func(n SchoolState) bool { return g1.SchoolFull(&n) }},
		{"the last cell beats the column's best", func() SchoolWrite {
			s := last("five-of-a-kind")
			s.ColBest[0] = 44
			return g1.SchoolScore(s, row(g1, "five-of-a-kind"), 110)
		}, Scored, 110 + 110 + 110, 220, nil},
		{"last cell closes a School row: row and column bonus", func() SchoolWrite {
			s := last("sixes")
			s.ColBest[0] = 30
			return g1.SchoolClose(s, row(g1, "sixes"), 3)
		}, Closed, 30 + 30, 60, nil},
		{"column taken by another player: no column bonus", func() SchoolWrite {
			s := last("sixes")
			s.ColBest[0] = 30
			s.Take(0, 1)
			return g1.SchoolClose(s, row(g1, "sixes"), 3)
		}, Closed, 30, 30, nil},
		{"two columns: the first pair cell earns nothing yet", func() SchoolWrite {
			return g2.SchoolScore(g2.NewSchoolState(), row(g2, "pair"), 8)
		}, Scored, 8, 0, func(n SchoolState) bool { return n.RowBest[6] == 8 && n.ColBest[0] == 8 && n.Fill[6] == 1 }},
		{"two columns: the second pair cell earns the row's best", func() SchoolWrite {
			s := g2.SchoolScore(g2.NewSchoolState(), row(g2, "pair"), 8).Next
			return g2.SchoolScore(s, row(g2, "pair"), 24)
		}, Scored, 24 + 24, 24, func(n SchoolState) bool { return n.ColBest[1] == 24 && n.ColBest[0] == 8 }},
		{"two columns: a cross in the first cell costs the row bonus", func() SchoolWrite {
			s := g2.SchoolScore(g2.NewSchoolState(), row(g2, "pair"), 0).Next
			return g2.SchoolScore(s, row(g2, "pair"), 24)
		}, Scored, 24, 0, func(n SchoolState) bool { return n.ColBonus == 0b10 }},
		{"two columns: the row bonus of a School row needs both closed without the reserve", func() SchoolWrite {
			s := g2.SchoolClose(g2.NewSchoolState(), row(g2, "fours"), 5).Next
			return g2.SchoolClose(s, row(g2, "fours"), 3)
		}, Closed, 20, 20, func(n SchoolState) bool { return n.Reserve == 8 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.write()
			if w.Cell.Mark != tc.mark || w.Total() != tc.total || w.Bonus != tc.bonus || tc.next != nil && !tc.next(w.Next) {
				t.Errorf("%s: got %+v, total %d; want mark %d, total %d, bonus %d", tc.name, w, w.Total(), tc.mark, tc.total, tc.bonus)
			}
		})
	}
}

// moveStrings writes the legal writes of dice in s, "row:mark:total".
func moveStrings(t *testing.T, g *Game, s SchoolState, dice []int, fresh bool) []string {
	t.Helper()
	var out []string
	for _, w := range g.SchoolMoves(s, RollIndex(mustDice(t, dice...)), fresh, nil) {
		out = append(out, fmt.Sprintf("%s:%d:%d", g.Categories[w.Row].Name, w.Cell.Mark, w.Total()))
	}
	return out
}

func TestSchoolMoves(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 3)
	open := func(names ...string) SchoolState {
		s := fillAll(g, 3)
		s.ColBonus = 0 // no column completes a bonus here
		for _, n := range names {
			s.Fill[g.Category(n)] = 0
		}
		return s
	}
	for _, tc := range []struct {
		name  string
		s     SchoolState
		dice  []int
		fresh bool
		want  []string
	}{
		{"a fresh five ones: (5 + 50) x 2", open("five-of-a-kind"), []int{1, 1, 1, 1, 1}, true,
			[]string{"five-of-a-kind:5:110", "five-of-a-kind:4:0"}},
		{"the same dice kept from an earlier roll", open("five-of-a-kind"), []int{1, 1, 1, 1, 1}, false,
			[]string{"five-of-a-kind:5:55", "five-of-a-kind:4:0"}},
		{"a failing condition can only be crossed out", open("full-house", "small-straight"), []int{1, 2, 3, 4, 6}, true,
			[]string{"full-house:4:0", "small-straight:4:0"}},
		{"School rows close or take a zero; never doubled", open("ones", "threes"), []int{3, 3, 3, 3, 2}, true,
			[]string{"ones:3:-200", "threes:1:3"}},
		{"every open row, in sheet order", open("sixes", "pair", "sum"), []int{6, 6, 2, 2, 1}, false,
			[]string{"sixes:3:-200", "pair:5:12", "pair:4:0", "sum:5:17", "sum:4:0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := moveStrings(t, g, tc.s, tc.dice, tc.fresh)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestSchoolStateNew(t *testing.T) {
	t.Parallel()
	for c := 1; c <= MaxColumns; c++ {
		g := schoolGame(t, c)
		s := g.NewSchoolState()
		if s.RowBonus != 1<<14-1 || s.ColBonus != 1<<c-1 || g.SchoolTurnsLeft(&s) != 15*c || g.SchoolFull(&s) {
			t.Errorf("columns %d: new sheet %+v, %d turns left", c, s, g.SchoolTurnsLeft(&s))
		}
	}
}
