package school

import (
	"testing"

	"dicepoker/engine"
)

// checkRows are the rows of the reduced sheet the check is tested on, and
// checkSheets hand-made sheets of it.
var (
	checkRows   = []string{"twos", "fives", "pair", "full-house", "small-straight", "sum"}
	checkSheets = []string{"sum=22", "twos=0,pair=-", "fives=x,reserve=10", "small-straight=-,full-house=28"}
)

// TestCheckExact runs the check with the exact values of a reduced
// one-column sheet, which play agrees with on every sheet: the advised
// values must lie within the games' 95% interval about as often as such
// an interval holds what it estimates, and the rollouts must find no action
// better than the best by more than their interval on most sheets.
func TestCheckExact(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, checkRows...)
	k := NewKernel(g)
	cases, err := k.Check(Fixed(sol.Value), CheckOptions{Sheets: 6, Games: 300, Seed: 3, Actions: 2, HandMade: checkSheets})
	if err != nil {
		t.Fatal(err)
	}
	if want := 6*(len(Styles)+1) + len(checkSheets); len(cases) != want {
		t.Fatalf("%d cases, want %d", len(cases), want)
	}
	outside, beaten := 0, 0
	for _, c := range cases {
		if c.Excess() > 0 {
			outside++
		}
		if c.Excess() > c.CI95 {
			t.Errorf("%s: advised %.2f, played %.2f ± %.2f: exact values cannot be that far off", c.Source, c.Advised, c.Played, c.CI95)
		}
		if c.Beaten > 0 {
			beaten++
		}
		if c.BeatenAgain > 0 {
			t.Errorf("%s %v: the exact ranking beaten twice, by %.2f and again by %.2f", c.Source, c.Sheet, c.Beaten, c.BeatenAgain)
		}
	}
	// Each interval misses with probability 5%; 20% of 40 would be a
	// chance of about 1e-4.
	if outside > len(cases)/5 || beaten > len(cases)/5 {
		t.Errorf("exact values outside the games' interval on %d of %d sheets, beaten on %d", outside, len(cases), beaten)
	}
	sums := Summarize(cases)
	if last := sums[len(sums)-1]; last.Source != "all" || last.Sheets != len(cases) {
		t.Errorf("summary of all: %+v", last)
	}
}

// TestCheckFindsErrors runs the check with values that are plainly wrong
// (every sheet after the turn worth 0: the greedy player's view): it must
// say so.
func TestCheckFindsErrors(t *testing.T) {
	t.Parallel()
	g, err := mustSchool(t, 1).Subset(checkRows...)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := NewKernel(g).Check(Fixed(func(engine.SchoolState) float64 { return 0 }), CheckOptions{Sheets: 4, Games: 200, Seed: 3, Actions: 3, HandMade: checkSheets})
	if err != nil {
		t.Fatal(err)
	}
	all := Summarize(cases)[len(Styles)+2]
	if all.Source != "all" || all.Within10 > 0.5 || all.MeanAbs < 20 {
		t.Errorf("values of 0 pass the check: %+v", all)
	}
	// Values of 0 rank the writes by their points alone: the games find
	// some of those rankings wrong, and find them wrong again.
	if all.BeatenAgain == 0 || all.BeatenAgain > all.Beaten {
		t.Errorf("values of 0: rankings beaten on %.0f%% of the sheets, again on %.0f%%", 100*all.Beaten, 100*all.BeatenAgain)
	}
}

// TestHandMade checks that the hand-made sheets are legal for every number
// of columns the check is run for.
func TestHandMade(t *testing.T) {
	t.Parallel()
	for columns := 1; columns <= engine.MaxColumns; columns++ {
		g := mustSchool(t, columns)
		for _, text := range HandMade(columns) {
			if _, err := g.ParseSchoolSheet(text); err != nil {
				t.Errorf("columns %d: %v", columns, err)
			}
		}
	}
}
