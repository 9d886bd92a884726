package engine

import "testing"

func TestSheetFormat(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	sw, _ := New("swedish", Options{})
	pd, _ := New("poker-dice", Options{})
	for _, c := range []struct {
		g          *Game
		in, format string
	}{
		{y, "", ""},
		{y, "fives=15, ones=3", "ones=3,fives=15"},
		{y, "yahtzee-bonus=100,yahtzee=50,fours=20", "fours=20,yahtzee=50,yahtzee-bonus=100"},
		{y, "yahtzee=0,chance=5,full-house=25", "full-house=25,yahtzee=0,chance=5"},
		{sw, "poker=50,poker-bonus=200,sixes=30,chance=30", "sixes=30,poker=50,chance=30,poker-bonus=200"},
		{pd, "nines=0,aces=3,straight=4", "aces=3,nines=0,straight=4"},
	} {
		t.Run(c.g.Name+" "+c.in, func(t *testing.T) {
			sh, err := ParseSheet(c.g, c.in)
			if err != nil {
				t.Fatalf("%s %q: %v", c.g.Name, c.in, err)
			}
			got := sh.Format(c.g)
			if got != c.format {
				t.Errorf("%s %q: Format %q, want %q", c.g.Name, c.in, got, c.format)
			}
			back, err := ParseSheet(c.g, got)
			if err != nil || back.Format(c.g) != got || back.Score(c.g) != sh.Score(c.g) || back.State(c.g) != sh.State(c.g) {
				t.Errorf("%s %q: round trip gave %q, %v", c.g.Name, got, back.Format(c.g), err)
			}
		})
	}
}

// TestSheetFormatRoundTrip writes random reachable sheets of every
// single-sheet game, a box at a time as play does, and reads them back.
func TestSheetFormatRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"yahtzee", "yatzy", "swedish", "poker-dice"} {
		t.Run(name, func(t *testing.T) {
			g, _ := New(name, Options{})
			seed := uint32(len(name))
			next := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>16) % n }
			for game := 0; game < 50; game++ {
				sh := NewSheet(g)
				for turn := 1; turn < len(g.Categories); turn++ {
					r := next(NumRolls)
					if game%5 == 0 {
						r = RollIndex(Multiset{0, 0, 0, 0, 0, 5}) // five sixes: bonuses and jokers
					}
					ps := g.Placements(sh.State(g), r, nil)
					sh.Apply(ps[next(len(ps))])
					text := sh.Format(g)
					back, err := ParseSheet(g, text)
					if err != nil {
						t.Fatalf("%s: %q: %v", name, text, err)
					}
					if back.Format(g) != text || back.Score(g) != sh.Score(g) || back.State(g) != sh.State(g) {
						t.Fatalf("%s: %q read back as %q", name, text, back.Format(g))
					}
				}
			}
		})
	}
}
