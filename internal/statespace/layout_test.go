package statespace

import (
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/gametest"
)

// TestPackedLayout packs Maxi Yatzy's states: one entry a bonus class of
// the reachable upper totals of each filled set, 32,112,640 in all, each
// entry's state indexed back to it, and two states share an entry just
// when they have the same filled set and class.
func TestPackedLayout(t *testing.T) {
	t.Parallel()
	g := gametest.Maxi(t)
	l := NewLayout(g)
	if l.packed == nil || l.Size() != 32112640 {
		t.Fatalf("packed %v, %d entries; want 32112640", l.packed != nil, l.Size())
	}
	c := NewUpperClasses(g)
	first := make([]int, g.UpperCap()+2)
	// Every filled set of the upper boxes, with lower boxes of both ends.
	for _, lower := range []uint32{0, 1<<14 - 1, 0b10110010011001} {
		for u := range uint32(1 << 6) {
			m := lower<<6 | u
			seen := map[int]int{} // entry -> class
			calls := 0
			c.Share(m, first, func(s engine.State, i, from int) {
				calls++
				if i != from || l.Index(s) != i || l.State(i) != s {
					t.Fatalf("state %+v: index %d, from %d, entry's state %+v", s, i, from, l.State(i))
				}
			})
			for _, total := range g.UpperTotals(u) {
				s := engine.State{Filled: m, Upper: total}
				i := l.Index(s)
				if i < 0 || i >= l.Size() || l.State(i).Filled != m {
					t.Fatalf("state %+v: entry %d of %d, whose state is %+v", s, i, l.Size(), l.State(i))
				}
				class := c.Class(m, total)
				if k, ok := seen[i]; ok && k != class {
					t.Fatalf("state %+v of class %d shares entry %d with class %d", s, class, i, k)
				}
				seen[i] = class
			}
			if calls != len(seen) {
				t.Fatalf("filled set %b: %d states played, %d entries", m, calls, len(seen))
			}
		}
	}
}

// TestFiveDiceLayoutDense keeps five dice's layout as every table of
// them has it: a dense entry for every filled set, upper total and
// five-alike flag.
func TestFiveDiceLayoutDense(t *testing.T) {
	t.Parallel()
	g, err := engine.New("yahtzee", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(g)
	if l.packed != nil || l.Size() != 1<<13*64*2 {
		t.Fatalf("packed %v, %d entries", l.packed != nil, l.Size())
	}
	s := engine.State{Filled: 5, Upper: 7, FullBox: true}
	if i := l.Index(s); i != (5*64+7)*2+1 || l.State(i) != s {
		t.Errorf("%+v: entry %d", s, i)
	}
}
