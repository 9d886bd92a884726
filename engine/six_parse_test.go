package engine

import "testing"

// TestGameParseKeep checks that a game's keeps hold up to as many dice as
// it rolls: five of five dice, six of six.
func TestGameParseKeep(t *testing.T) {
	t.Parallel()
	five, err := New("yatzy", Options{})
	if err != nil {
		t.Fatal(err)
	}
	rules := *five
	rules.Dice = MaxDice
	six, err := Define(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		g    *Game
		in   string
		want string // the error, "" for none
	}{
		{five, "none", ""},
		{five, "11234", ""},
		{five, "112345", `dice "112345": at most 5 dice, got 6`},
		{six, "112345", ""},
		{six, "1123456", `dice "1123456": at most 6 dice, got 7`},
	} {
		t.Run(tc.g.Name+" "+tc.in, func(t *testing.T) {
			m, err := tc.g.ParseKeep(tc.in)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%v", err)
			case tc.want != "" && (err == nil || err.Error() != tc.want):
				t.Errorf("error %v, want %q", err, tc.want)
			case tc.want == "" && tc.in != "none" && m.Size() != len(tc.in):
				t.Errorf("%d dice read", m.Size())
			}
		})
	}
}
