package engine

import (
	"errors"
	"testing"
)

func TestSingleSheet(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		o    Options
		want string // the error, or "" for none
	}{
		{"yahtzee", Options{}, ""},
		{"poker-dice", Options{}, ""},
		{"school", Options{Columns: 1}, "school cannot be solved exactly yet: not a single-sheet game"},
		{"school", Options{Columns: 3}, "school cannot be solved exactly yet: not a single-sheet game"},
	} {
		t.Run(c.game+" "+c.o.String(), func(t *testing.T) {
			t.Parallel()
			g, err := New(c.game, c.o)
			if err != nil {
				t.Fatal(err)
			}
			err = g.SingleSheet("cannot be solved exactly yet")
			switch {
			case c.want == "" && err != nil:
				t.Errorf("SingleSheet: %v, want nil", err)
			case c.want != "" && (err == nil || err.Error() != c.want || !errors.Is(err, ErrNotSingleSheet)):
				t.Errorf("SingleSheet: %v, want %q wrapping ErrNotSingleSheet", err, c.want)
			}
		})
	}
}
