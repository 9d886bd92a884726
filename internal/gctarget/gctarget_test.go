package gctarget

import (
	"runtime/debug"
	"testing"
)

// percent returns the collector's target without changing it.
func percent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestTighten overlaps work in every order of ending: the lowest target
// asked for holds while any work runs, and the one from before comes
// back only when the last ends, whichever it is.
func TestTighten(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	for _, c := range []struct {
		name       string
		firstEnds  bool
		want, mid  int
		first, sec int
	}{
		{"the first ends first", true, 150, 25, 30, 25},
		{"the second ends first", false, 150, 25, 30, 25},
		{"a higher second keeps the lower", true, 150, 25, 25, 30},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Tighten(c.first)
			if got := percent(); got != c.first {
				t.Fatalf("one tightened to %d: target %d", c.first, got)
			}
			b := Tighten(c.sec)
			if got := percent(); got != c.mid {
				t.Fatalf("two, %d and %d: target %d, want %d", c.first, c.sec, got, c.mid)
			}
			first, second := a, b
			if !c.firstEnds {
				first, second = b, a
			}
			first()
			first() // a second call changes nothing
			if got := percent(); got != c.mid {
				t.Fatalf("one of two ended: target %d, want %d", got, c.mid)
			}
			second()
			if got := percent(); got != c.want {
				t.Fatalf("both ended: target %d, want %d", got, c.want)
			}
		})
	}
}
