package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// lowerFilled fills every lower box of yahtzee but chance with 0 and the
// yahtzee box with 50, chance with 20: the forced joker's late case.
const lowerFilled = "three-of-a-kind=0,four-of-a-kind=0,full-house=0,small-straight=0,large-straight=0,yahtzee=50,chance=20"

// TestFiveAlikeBonusSheets checks hand-made sheets against the joker rules
// of docs/rules.md: each five-alike bonus needs a box that could hold five
// alike at its points when it was rolled.
func TestFiveAlikeBonusSheets(t *testing.T) {
	t.Parallel()
	free, _ := New("yahtzee", Options{})
	forced, _ := New("yahtzee", Options{ForcedJoker: true})
	noJoker, _ := New("yahtzee", Options{NoJoker: true})
	sw, _ := New("swedish", Options{})
	checkSheets(t, []sheetCase{
		{"own upper box", free, "yahtzee=50,fours=20,yahtzee-bonus=100", ""},
		{"other upper box at 0", free, "yahtzee=50,twos=0,yahtzee-bonus=100", ""},
		{"ones=3 holds no five-alike", free, "yahtzee=50,ones=3,yahtzee-bonus=100", "only 0 of the filled boxes"},
		{"joker full house needs an upper box", free, "yahtzee=50,full-house=25,yahtzee-bonus=100", "only 0"},
		{"joker full house after ones", free, "yahtzee=50,ones=3,full-house=25,yahtzee-bonus=100", ""},
		{"joker large straight after sixes", free, "yahtzee=50,sixes=18,large-straight=40,yahtzee-bonus=100", ""},
		{"joker large straight alone", free, "yahtzee=50,large-straight=40,yahtzee-bonus=100", "only 0"},
		{"full house 0 with its upper box open", free, "yahtzee=50,full-house=0,yahtzee-bonus=100", ""},
		{"chance 30 with sixes open", free, "yahtzee=50,chance=30,yahtzee-bonus=100", ""},
		{"chance 22", free, "yahtzee=50,chance=22,yahtzee-bonus=100", "only 0"},
		{"two boxes, two bonuses", free, "yahtzee=50,fours=20,full-house=25,yahtzee-bonus=200", ""},
		{"two boxes, three bonuses", free, "yahtzee=50,fours=20,full-house=25,yahtzee-bonus=300", "needs 1 more filled box"},
		{"three boxes, one fits", free, "yahtzee=50,ones=3,twos=4,chance=13,yahtzee-bonus=200", "only 0"},
		{"upper box holding 5 of another face", free, "yahtzee=50,ones=5,twos=4,yahtzee-bonus=200", "only 1"},

		{"forced: chance 30 with sixes open", forced, "yahtzee=50,chance=30,yahtzee-bonus=100", "forced joker"},
		{"forced: chance 30 after sixes", forced, "yahtzee=50,sixes=24,chance=30,yahtzee-bonus=100", ""},
		{"forced: upper 0 with lower boxes open", forced, "yahtzee=50,twos=0,yahtzee-bonus=100", "only 0"},
		{"forced: full house 0 is no joker", forced, "yahtzee=50,ones=3,full-house=0,yahtzee-bonus=100", "only 0"},
		{"forced: upper 0 when the lower boxes are full", forced, lowerFilled + ",ones=3,twos=0,yahtzee-bonus=100", ""},
		{"forced: upper 0 with no upper box before", forced, lowerFilled + ",ones=0,yahtzee-bonus=100", "only 0"},
		{"forced: two upper 0s need each other", forced, lowerFilled + ",ones=0,twos=0,yahtzee-bonus=200", "only 1"},
		{"forced: three upper 0s after one", forced, lowerFilled + ",ones=3,twos=0,threes=0,yahtzee-bonus=200", ""},
		{"forced: own upper box", forced, "yahtzee=50,sixes=30,yahtzee-bonus=100", ""},

		{"no joker: full house 25", noJoker, "yahtzee=50,ones=3,full-house=25,yahtzee-bonus=100", "without the joker"},
		{"no joker: full house 0", noJoker, "yahtzee=50,full-house=0,yahtzee-bonus=100", ""},
		{"no joker: chance 30", noJoker, "yahtzee=50,chance=30,yahtzee-bonus=100", ""},
		{"no joker: small straight 30", noJoker, "yahtzee=50,sixes=30,small-straight=30,yahtzee-bonus=200", "only 1"},

		{"swedish: pair 12", sw, "poker=50,pair=12,poker-bonus=100", "only 0"},
		{"swedish: pair 30 after sixes", sw, "poker=50,sixes=30,pair=30,poker-bonus=200", ""},
		{"swedish: pair 30 with sixes open", sw, "poker=50,pair=30,poker-bonus=100", "only 0"},
		{"swedish: two-pairs 0 as a joker", sw, "poker=50,ones=2,two-pairs=0,poker-bonus=100", ""},
		{"swedish: two-pairs 0 alone", sw, "poker=50,two-pairs=0,poker-bonus=100", "only 0"},
	})
}

// sheetCase is a sheet that ParseSheet must accept (want "") or refuse
// with an error saying want.
type sheetCase struct {
	name  string
	g     *Game
	sheet string
	want  string
}

// checkSheets runs the cases; an accepted sheet must not keep the upper
// bonus entry, which follows from the boxes.
func checkSheets(t *testing.T, cases []sheetCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sh, err := ParseSheet(tc.g, tc.sheet)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%q refused: %v", tc.sheet, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%q: error %v, want one saying %q", tc.sheet, err, tc.want)
			case err == nil && strings.Contains(sh.Format(tc.g), UpperBonusKey):
				t.Errorf("%q: Format %q keeps the upper bonus", tc.sheet, sh.Format(tc.g))
			}
		})
	}
}

// TestFiveAlikeBonusReachable plays random games in which a third of the
// rolls are five alike, each written in a random box the rules allow, and
// checks that every sheet met is accepted: the check refuses no sheet that
// play can reach, under every joker rule.
func TestFiveAlikeBonusReachable(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 13))
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"yahtzee", Options{}},
		{"yahtzee", Options{ForcedJoker: true}},
		{"yahtzee", Options{NoJoker: true}},
		{"swedish", Options{}},
	} {
		g, err := New(tc.name, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(g.Name+" "+g.Options.String(), func(t *testing.T) {
			bonuses := 0
			for range 500 {
				sh := NewSheet(g)
				for turn := 1; turn < len(g.Categories); turn++ {
					r := rng.IntN(NumRolls)
					if rng.IntN(3) == 0 {
						var five Multiset
						five[rng.IntN(Faces)] = Dice
						r = RollIndex(five)
					}
					ps := g.Placements(sh.State(g), r, nil)
					sh.Apply(ps[rng.IntN(len(ps))])
					if _, err := ParseSheet(g, sh.Format(g)); err != nil {
						t.Fatalf("%q, reached in play, refused: %v", sh.Format(g), err)
					}
				}
				bonuses += sh.Bonus / g.Extra.Bonus
			}
			if bonuses < 250 {
				t.Errorf("only %d five-alike bonuses in 500 games: the test checks too little", bonuses)
			}
		})
	}
}

func TestUpperBonusEntry(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	pd, _ := New("poker-dice", Options{})
	noUpper, _ := New("yahtzee", Options{NoUpperBonus: true})
	yz, _ := New("yatzy", Options{})
	checkSheets(t, []sheetCase{
		{"earned", y, "fours=16,fives=20,sixes=30,upper-bonus=35", ""},
		{"not yet, 0", y, "fours=16,upper-bonus=0", ""},
		{"not yet, 35", y, "fours=16,upper-bonus=35", "follows from the upper boxes, which hold 16 of the 63 that earn 35"},
		{"case-blind", y, "Fours=16,FIVES=20,sixes=30,Upper-Bonus=35", ""},
		{"earned, 0", y, "fours=16,fives=20,sixes=30,upper-bonus=0", "hold 66 of the 63"},
		{"poker-dice", pd, "aces=5,kings=5,queens=5,upper-bonus=3", ""},
		{"no upper bonus", noUpper, "ones=3,upper-bonus=0", "upper-bonus: these rules of yahtzee pay no such bonus"},
		{"yatzy has no five-alike bonus", yz, "yatzy=50,yatzy-bonus=100", "yatzy-bonus: these rules of yatzy pay no such bonus"},
	})
}

func TestSheetNames(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	for _, tc := range []struct{ sheet, want string }{
		{"ONES=3,Full-House=25", "ones=3,full-house=25"},
		{"Yahtzee=50,FOURS=20,yahtzee-BONUS=100", "fours=20,yahtzee=50,yahtzee-bonus=100"},
	} {
		sh, err := ParseSheet(y, tc.sheet)
		if err != nil || sh.Format(y) != tc.want {
			t.Errorf("%q: %q, %v; want %q", tc.sheet, sh.Format(y), err, tc.want)
		}
	}
	for _, tc := range []struct{ sheet, want string }{
		{"ones=1,ONES=2", "ones is given twice"},
		{"fullhouse=25", `yahtzee has no category "fullhouse", did you mean full-house? (categories: ones, twos,`},
		{"chanse=20", "did you mean chance?"},
		{"bananas=3", `no category "bananas" (categories: ones,`},
		{strings.Repeat("x", 5000) + "=3", `no category "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (5000 bytes)`},
	} {
		_, err := ParseSheet(y, tc.sheet)
		if err == nil || !strings.Contains(err.Error(), tc.want) || len(err.Error()) > 400 {
			t.Errorf("%.50q: error %v, want one saying %q", tc.sheet, err, tc.want)
		}
	}
}

// BenchmarkParseSheetBonus reads a sheet with three Yahtzee bonuses under
// the forced joker, whose check tries the late boxes' orders.
func BenchmarkParseSheetBonus(b *testing.B) {
	g, _ := New("yahtzee", Options{ForcedJoker: true})
	sheet := lowerFilled + ",ones=3,twos=0,threes=0,fours=0,yahtzee-bonus=300"
	for b.Loop() {
		if _, err := ParseSheet(g, sheet); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFiveAlikeBonusBruteForce plays every roll and every legal placement
// of small games (four or five boxes, the five-alike box among them) from a new
// sheet to the last turn, and checks that ParseSheet accepts exactly the
// sheets that play reaches, among every sheet of possible points with up
// to three five-alike bonuses.
func TestFiveAlikeBonusBruteForce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		opts  Options
		boxes []string
	}{
		{"yahtzee", Options{}, []string{"ones", "twos", "full-house", "large-straight", "yahtzee"}},
		{"yahtzee", Options{ForcedJoker: true}, []string{"ones", "twos", "full-house", "large-straight", "yahtzee"}},
		{"yahtzee", Options{NoJoker: true}, []string{"ones", "twos", "full-house", "large-straight", "yahtzee"}},
		{"swedish", Options{}, []string{"ones", "twos", "full-house", "large-straight", "poker"}},
		// Every face has a box that takes its five alike: the upper boxes of
		// 1 and 6, and three-of-a-kind at any face.
		{"yahtzee", Options{}, []string{"ones", "sixes", "three-of-a-kind", "yahtzee"}},
		{"yahtzee", Options{ForcedJoker: true}, []string{"ones", "sixes", "three-of-a-kind", "yahtzee"}},
		{"swedish", Options{}, []string{"ones", "sixes", "pair", "poker"}},
	} {
		full, _ := New(tc.game, tc.opts)
		g, err := full.Subset(tc.boxes...)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(g.Name+" "+g.Options.String(), func(t *testing.T) {
			reached := map[string]bool{"": true}
			layer := []Sheet{NewSheet(g)}
			for turn := 1; turn < len(g.Categories); turn++ { // the last turn's sheets are full
				var next []Sheet
				for _, sh := range layer {
					placed := map[Placement]bool{} // many rolls make the same move
					for r := range NumRolls {
						for _, p := range g.Placements(sh.State(g), r, nil) {
							if placed[p] {
								continue
							}
							placed[p] = true
							n := Sheet{Filled: slices.Clone(sh.Filled), Points: slices.Clone(sh.Points), Bonus: sh.Bonus}
							n.Apply(p)
							if key := n.Format(g); !reached[key] {
								reached[key] = true
								next = append(next, n)
							}
						}
					}
				}
				layer = next
			}
			accepted, bonuses := 0, 0
			forEachSheet(g, func(sh Sheet) {
				text := sh.Format(g)
				_, err := ParseSheet(g, text)
				if (err == nil) != reached[text] {
					t.Errorf("%q: reached in play %v, but ParseSheet says %v", text, reached[text], err)
				}
				if err == nil {
					accepted++
					if sh.Bonus > 0 {
						bonuses++
					}
				}
			})
			if accepted != len(reached) || bonuses == 0 {
				t.Errorf("%d sheets accepted, %d with bonuses; play reaches %d", accepted, bonuses, len(reached))
			}
		})
	}
}

// forEachSheet calls f with every sheet of g that is not full: each box
// open or holding points it can hold, and 0 to 3 five-alike bonuses.
func forEachSheet(g *Game, f func(Sheet)) {
	sh := NewSheet(g)
	var fill func(c, filled int)
	fill = func(c, filled int) {
		if c == len(g.Categories) {
			if filled == len(g.Categories) {
				return
			}
			for n := range 4 {
				sh.Bonus = n * g.Extra.Bonus
				f(sh)
			}
			sh.Bonus = 0
			return
		}
		sh.Filled[c] = false
		fill(c+1, filled)
		for _, p := range g.Possible(c) {
			sh.Filled[c], sh.Points[c] = true, p
			fill(c+1, filled+1)
		}
		sh.Filled[c], sh.Points[c] = false, 0
	}
	fill(0, 0)
}
