package school

import (
	"strconv"
	"testing"

	"dicepoker/engine"
)

// TestShake shakes sheets of one to three columns, new and with two turns
// left, and checks what the fit then learns from: one to shakeWrites
// cells written (one with two turns left), or, on about one new sheet in
// shakeSchool, School cells only until at most shakeSchoolN are left
// open; a turn always left, each write one the engine makes, the reserve
// grown by what the writes put in and at most shakeReserve more; and,
// over the sheets, every kind of write a hand-written sheet has (a zero,
// a close with and without the reserve's help, a cross, a score) and a
// reserve added about half the time.
func TestShake(t *testing.T) {
	t.Parallel()
	for _, columns := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(columns), func(t *testing.T) {
			g := mustSchool(t, columns)
			f := fitter{k: NewKernel(g)}
			late := g.NewSchoolState() // two turns left
			for c := range g.Categories {
				late.Fill[c] = uint8(columns)
			}
			late.Fill[0], late.Fill[len(g.Categories)-1] = uint8(columns-1), uint8(columns-1)
			const n = 400
			added, school := 0, 0
			marks := map[engine.SchoolMark]int{}
			for i := range n {
				from := g.NewSchoolState()
				if i%4 == 3 {
					from = late
				}
				s, writes := f.shake(from, gameRand(9, i))
				left := g.SchoolTurnsLeft(&from)
				// A shake that closed the School wrote School cells only,
				// as many as it took to leave at most shakeSchoolN.
				closed := schoolCells(g, &s) <= shakeSchoolN
				most := shakeWrites
				for _, w := range writes {
					closed = closed && g.Categories[w.Row].School
				}
				if closed {
					most = left
				}
				if closed && i%4 != 3 {
					school++
				}
				if w := len(writes); w < 1 && !closed || w > min(most, left-1) || g.SchoolTurnsLeft(&s) != left-w {
					t.Fatalf("sheet %d: %d cells written of %d turns left, %d left after", i, w, left, g.SchoolTurnsLeft(&s))
				}
				at := from
				for _, w := range writes {
					if w.Row < 0 || int(at.Fill[w.Row]) != w.Column || w.Next.Fill[w.Row] != at.Fill[w.Row]+1 {
						t.Fatalf("sheet %d: write %+v on fills %v", i, w, at.Fill)
					}
					marks[w.Cell.Mark]++
					at = w.Next
				}
				if d := s.Reserve - at.Reserve; d < 0 || d > shakeReserve || s.Fill != at.Fill || s.RowBonus != at.RowBonus || s.ColBonus != at.ColBonus {
					t.Fatalf("sheet %d: %+v after the writes' %+v", i, s, at)
				} else if d > 0 {
					added++
				}
			}
			if added < n/3 || added > n*2/3 {
				t.Errorf("a reserve added to %d sheets of %d, want about half", added, n)
			}
			if fresh := n * 3 / 4; school < fresh/shakeSchool*2/3 || school > fresh/shakeSchool*3/2 {
				t.Errorf("the School closed on %d new sheets of %d, want about 1 in %d", school, fresh, shakeSchool)
			}
			for _, m := range []engine.SchoolMark{engine.Zeroed, engine.Closed, engine.ClosedReserve, engine.Crossed, engine.Scored} {
				if marks[m] == 0 {
					t.Errorf("no write marked %v in %d sheets: %v", m, n, marks)
				}
			}
		})
	}
}

// schoolCells returns the open School cells of s.
func schoolCells(g *engine.Game, s *engine.SchoolState) int {
	n := 0
	for c, cat := range g.Categories {
		if cat.School {
			n += g.Columns - int(s.Fill[c])
		}
	}
	return n
}
