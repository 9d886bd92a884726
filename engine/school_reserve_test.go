package engine

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkSchoolReserveCheck reads the sheet whose reserve check has the
// most orders to follow: every School cell of five columns written.
func BenchmarkSchoolReserveCheck(b *testing.B) {
	g, _ := New("school", Options{Columns: 5})
	s := "ones=x/r/x/r/x,twos=x/r/x/r/x,threes=x/r/x/r/x,fours=x/r/x/r/x,fives=x/r/x/r/x,sixes=x/r/x/r/x"
	for b.Loop() {
		if _, err := g.ParseSchoolSheet(s); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReserveSetShift checks the word-at-a-time shift of a reserve set
// against moving its reserves one by one.
func TestReserveSetShift(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		top := rng.IntN(300)
		from := newReserveSet(top)
		for range rng.IntN(20) {
			from.add(rng.IntN(top + 1))
		}
		d := rng.IntN(260) - 130
		got := newReserveSet(top)
		got.addShifted(from, d)
		want := newReserveSet(top)
		for n := range 64 * len(from) {
			if from.has(n) {
				if m := n + d; m >= 0 && m < 64*len(want) {
					want.add(m)
				}
			}
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("top %d d %d: %x want %x", top, d, got, want)
			}
		}
	}
}

// TestSchoolReserveBruteForce writes every roll in the School rows ones,
// twos and threes of a two-column sheet, in every order, and checks that
// ParseSchoolSheet accepts exactly the marks and reserves that play
// reaches, among every sheet of those rows with a reserve up to 12.
func TestSchoolReserveBruteForce(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 2)
	rows := []int{0, 1, 2}
	reached := map[string]bool{"reserve=0": true}
	// Only the dice showing 1, 2 and 3 matter to these rows: one roll of
	// each count of them.
	var rolls []int
	seen := map[[3]uint8]bool{}
	for r := range NumRolls {
		m := Roll(r)
		if k := [3]uint8{m[0], m[1], m[2]}; !seen[k] {
			seen[k] = true
			rolls = append(rolls, r)
		}
	}
	type node struct {
		sh SchoolSheet
		s  SchoolState
	}
	layer := []node{{g.NewSchoolSheet(), g.NewSchoolState()}}
	var buf []SchoolWrite
	for len(layer) > 0 {
		var next []node
		for _, n := range layer {
			for _, r := range rolls {
				buf = g.SchoolMoves(n.s, r, false, buf[:0])
				for _, w := range buf {
					if !slices.Contains(rows, w.Row) {
						continue
					}
					sh := SchoolSheet{Cells: make([][]SchoolEntry, len(n.sh.Cells)), Reserve: n.sh.Reserve}
					for c := range sh.Cells {
						sh.Cells[c] = slices.Clone(n.sh.Cells[c])
					}
					sh.Apply(w)
					if key := formatSchool(g, &sh); !reached[key] {
						reached[key] = true
						next = append(next, node{sh, w.Next})
					}
				}
			}
		}
		layer = next
	}
	marks := []string{"", "x", "r", "0", "x/x", "x/r", "x/0", "r/x", "r/r", "r/0", "0/x", "0/r", "0/0"}
	accepted := 0
	for _, a := range marks {
		for _, b := range marks {
			for _, c := range marks {
				var items []string
				for i, m := range []string{a, b, c} {
					if m != "" {
						items = append(items, g.Categories[rows[i]].Name+"="+m)
					}
				}
				for reserve := range 13 {
					text := strings.Join(append(items, "reserve="+strconv.Itoa(reserve)), ",")
					_, err := g.ParseSchoolSheet(text)
					if (err == nil) != reached[text] {
						t.Errorf("%q: reached in play %v, but ParseSchoolSheet says %v", text, reached[text], err)
					}
					if err == nil {
						accepted++
					}
				}
			}
		}
	}
	if accepted < 100 {
		t.Errorf("only %d sheets accepted: the test checks too little", accepted)
	}
}
