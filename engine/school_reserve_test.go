package engine

import (
	"math/rand/v2"
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
