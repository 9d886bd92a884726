package engine

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mustGame(t testing.TB, name string, opts Options) *Game {
	t.Helper()
	g, err := New(name, opts)
	if err != nil {
		t.Fatalf("New(%q, %+v): %v", name, opts, err)
	}
	return g
}

// scoreCase is one hand scored in one category under the plain rules.
type scoreCase struct {
	dice     string // in the game's notation
	category string
	want     int
}

func checkScores(t *testing.T, g *Game, cases []scoreCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.dice+" "+tc.category, func(t *testing.T) {
			// The seeds write hands as 1-3-2-4-4; ParseDice takes commas.
			m, err := ParseDice(strings.ReplaceAll(tc.dice, "-", ","), g.Letters)
			if err != nil {
				t.Errorf("%s: ParseDice(%q): %v", g.Name, tc.dice, err)
				return
			}
			c := g.Category(tc.category)
			if c < 0 {
				t.Errorf("%s: no category %q", g.Name, tc.category)
				return
			}
			if got := g.Score(c, RollIndex(m)); got != tc.want {
				t.Errorf("%s: %s in %s = %d, want %d", g.Name, tc.dice, tc.category, got, tc.want)
			}
		})
	}
}

func TestSheets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game    string
		names   string
		rolls   int
		turns   int
		letters string
		upper   UpperBonus
	}{
		{"yahtzee", "ones twos threes fours fives sixes three-of-a-kind four-of-a-kind full-house small-straight large-straight yahtzee chance",
			3, 13, DigitFaces, UpperBonus{63, 35}},
		{"yatzy", "ones twos threes fours fives sixes pair two-pairs three-of-a-kind four-of-a-kind small-straight large-straight full-house chance yatzy",
			3, 15, DigitFaces, UpperBonus{63, 50}},
		{"swedish", "ones twos threes fours fives sixes pair two-pairs three-of-a-kind four-of-a-kind full-house small-straight large-straight poker chance",
			3, 15, DigitFaces, UpperBonus{63, 35}},
		{"poker-dice", "aces kings queens jacks tens nines pair two-pairs three-of-a-kind straight full-house four-of-a-kind five-of-a-kind",
			2, 13, CardFaces, UpperBonus{15, 3}},
		{"school", "ones twos threes fours fives sixes pair three-of-a-kind two-pairs full-house four-of-a-kind five-of-a-kind small-straight large-straight sum",
			3, 45, DigitFaces, UpperBonus{}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := mustGame(t, tc.game, Options{})
			var names []string
			for _, c := range g.Categories {
				names = append(names, c.Name)
			}
			if got := strings.Join(names, " "); got != tc.names {
				t.Errorf("%s categories:\n got %s\nwant %s", tc.game, got, tc.names)
			}
			if g.Name != tc.game || g.Rolls != tc.rolls || g.Turns() != tc.turns || g.Letters != tc.letters || g.Upper != tc.upper {
				t.Errorf("%s: name %q rolls %d turns %d letters %q upper %+v; want %d %d %q %+v",
					tc.game, g.Name, g.Rolls, g.Turns(), g.Letters, g.Upper, tc.rolls, tc.turns, tc.letters, tc.upper)
			}
			if !strings.Contains(g.Describe(), tc.names) {
				t.Errorf("%s: Describe() = %q does not list the categories", tc.game, g.Describe())
			}
		})
	}
	if g := mustGame(t, "school", Options{Columns: 5}); g.Turns() != 75 || g.Columns != 5 {
		t.Errorf("school --columns 5: Turns %d Columns %d, want 75 5", g.Turns(), g.Columns)
	}
	if _, err := New("kniffel", Options{}); err == nil {
		t.Error(`New("kniffel"): no error`)
	}
	if got := strings.Join(GameNames, " "); got != "yahtzee yatzy swedish poker-dice school" {
		t.Errorf("GameNames = %s", got)
	}
}

func TestUpperBoxes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		want [Faces + 1]string // want[face]: name of its upper box
	}{
		{"yahtzee", [Faces + 1]string{"", "ones", "twos", "threes", "fours", "fives", "sixes"}},
		{"poker-dice", [Faces + 1]string{"", "nines", "tens", "jacks", "queens", "kings", "aces"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := mustGame(t, tc.game, Options{})
			for f := 1; f <= Faces; f++ {
				c := g.UpperBox(f)
				if c < 0 || g.Categories[c].Name != tc.want[f] || !g.Categories[c].Upper() {
					t.Errorf("%s: UpperBox(%d) = %d, want %s", tc.game, f, c, tc.want[f])
				}
			}
		})
	}
	g := mustGame(t, "school", Options{})
	for f := 1; f <= Faces; f++ {
		if c := g.UpperBox(f); c != -1 {
			t.Errorf("school: UpperBox(%d) = %d; School rows are no upper section", f, c)
		}
	}
}

// Seed 002 (yahtzee) and seed 003 (yahtzee with rule options).
func TestYahtzeeSeedExamples(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "yahtzee", Options{})
	checkScores(t, g, []scoreCase{
		// seed 002, upper scores: 3, 4, 3, 6, 3
		{"3,4,3,6,3", "threes", 9},
		{"3,4,3,6,3", "ones", 0},
		{"3,4,3,6,3", "twos", 0},
		{"3,4,3,6,3", "fives", 0},
		{"3,4,3,6,3", "fours", 4},
		{"3,4,3,6,3", "sixes", 6},
		// 3 and 4 of a kind: 5, 2, 5, 5, 3
		{"5,2,5,5,3", "three-of-a-kind", 20},
		{"5,2,5,5,3", "four-of-a-kind", 0},
		// straights: 1, 2, 3, 4, 5 is both
		{"1,2,3,4,5", "small-straight", 30},
		{"1,2,3,4,5", "large-straight", 40},
		// full house, 5 of a kind, chance
		{"2,2,2,5,5", "full-house", 25},
		{"5,5,5,5,5", "yahtzee", 50},
		{"5,5,5,5,5", "three-of-a-kind", 25},
		{"5,5,5,5,5", "four-of-a-kind", 25},
		{"5,5,5,5,5", "chance", 25},
		{"1,3,4,6,6", "chance", 20},
		// seed 003: 1-3-2-4-4
		{"1-3-2-4-4", "ones", 1},
		{"1-3-2-4-4", "fours", 8},
		{"1-3-2-4-4", "small-straight", 30},
		{"1-3-2-4-4", "large-straight", 0},
		{"1-3-2-4-4", "chance", 14},
		// seed 003: 4 of a kind "4 or more", small straight "4 or more"
		{"2,2,2,2,6", "four-of-a-kind", 14},
		{"2,3,4,5,6", "small-straight", 30},
	})
}

// Edge cases docs/rules.md singles out for yahtzee.
func TestYahtzeeEdges(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "yahtzee", Options{})
	checkScores(t, g, []scoreCase{
		// five alike is no full house (plain rules; the joker is in place_test.go)
		{"3,3,3,3,3", "full-house", 0},
		{"3,3,3,3,3", "small-straight", 0},
		{"3,3,3,3,3", "large-straight", 0},
		// four alike is no full house
		{"3,3,3,3,2", "full-house", 0},
		{"3,3,3,3,2", "four-of-a-kind", 14},
		{"3,3,3,3,2", "yahtzee", 0},
		// small straights: 1234, 2345, 3456, with any fifth die
		{"1,2,3,4,6", "small-straight", 30},
		{"1,2,3,4,6", "large-straight", 0},
		{"1,2,3,4,4", "small-straight", 30},
		{"3,4,5,6,1", "small-straight", 30},
		{"3,4,5,6,6", "small-straight", 30},
		{"2,3,4,6,6", "small-straight", 0},
		{"1,2,3,5,6", "small-straight", 0},
		{"1,2,4,5,6", "small-straight", 0},
		{"2,3,4,5,6", "large-straight", 40},
		{"1,2,3,4,6", "chance", 16},
		{"1,1,2,2,3", "three-of-a-kind", 0},
		{"6,6,6,1,1", "three-of-a-kind", 20},
	})
}

// Seed 004 (swedish), with the three-of-a-kind typo corrected (docs/rules.md).
func TestSwedishSeedExamples(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "swedish", Options{})
	checkScores(t, g, []scoreCase{
		{"5-5-3-2-1", "pair", 16},
		{"2-2-5-5-1", "two-pairs", 15},
		{"5-5-5-2-5", "three-of-a-kind", 22}, // the seed says 21: a typo, docs/rules.md
		{"1-1-1-1-3", "four-of-a-kind", 7},
		{"2-2-2-3-3", "full-house", 25},
		{"2-3-4-5-5", "small-straight", 30},
		{"2-3-4-5-6", "large-straight", 40},
		{"3-3-3-3-3", "poker", 50},
		{"2-3-5-6-6", "chance", 22},
		// edges
		{"2-2-2-3-3", "two-pairs", 12}, // a full house counts as two pairs
		{"4-4-4-4-2", "two-pairs", 0},  // four alike does not
		{"3-3-3-3-3", "two-pairs", 0},  // nor five alike
		{"3-3-3-3-3", "full-house", 0}, // five alike is no full house
		{"3-3-3-3-3", "pair", 15},      // but is a pair,
		{"3-3-3-3-3", "four-of-a-kind", 15},
		{"1-2-3-4-6", "small-straight", 30},
		{"1-2-3-4-6", "pair", 0},
		{"6-6-5-5-5", "pair", 27}, // the sum of all dice
		{"2-3-5-6-6", "sixes", 12},
	})
}

// Seed 001 (poker dice), in card letters.
func TestPokerDiceSeedExamples(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "poker-dice", Options{})
	checkScores(t, g, []scoreCase{
		{"J,J,J,J,Q", "jacks", 4},
		{"J,J,J,J,Q", "four-of-a-kind", 4},
		{"J,J,J,J,Q", "three-of-a-kind", 3}, // "you may record this in three of a kind"
		{"J,J,J,J,Q", "full-house", 0},      // "cannot be recorded under full-house"
		{"J,J,J,J,Q", "two-pair", 0},        // four alike is not two pairs (docs/rules.md)
		{"J,J,J,J,Q", "pair", 1},
		{"T,J,J,Q,K", "jacks", 2},
		{"A,A,T,T,K", "aces", 2},
		{"A,A,T,T,K", "tens", 2},
		{"A,A,T,T,K", "kings", 1},
		{"A,A,T,T,K", "two-pair", 2},
		{"A,A,T,T,K", "queens", 0},
		{"A,A,T,Q,K", "aces", 2},
		{"T,J,Q,K,A", "straight", 4},
		{"9,T,J,Q,K", "straight", 4},
		{"9,T,J,Q,A", "straight", 0},
		{"9,9,9,A,A", "full-house", 4},
		{"9,9,9,A,A", "two-pair", 2}, // a full house counts as two pairs
		{"9,9,9,A,A", "three-of-a-kind", 3},
		{"Q,Q,Q,Q,K", "four-of-a-kind", 4},
		{"K,K,K,K,K", "five-of-a-kind", 5},
		{"K,K,K,K,K", "three-of-a-kind", 3},
		{"K,K,K,K,K", "four-of-a-kind", 4},
		{"K,K,K,K,K", "full-house", 0},
		{"K,K,K,K,K", "two-pair", 0},
		{"K,K,K,K,K", "kings", 5},
		{"9,T,J,Q,K", "pair", 0},
	})
}

// Seed 000 (school): the combination table, with dice that make each example.
func TestSchoolSeedExamples(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "school", Options{})
	checkScores(t, g, []scoreCase{
		{"5,5,1,2,3", "pair", 10},
		{"4,4,4,1,2", "three-of-a-kind", 12},
		{"5,5,3,3,1", "two-pairs", 16},
		{"5,5,5,2,2", "full-house", 19},
		{"6,6,6,6,1", "four-of-a-kind", 44},
		{"2,2,2,2,2", "five-of-a-kind", 60},
		{"1,2,3,4,5", "small-straight", 15},
		{"2,3,4,5,6", "large-straight", 20},
		{"1,3,4,6,6", "sum", 20},
		// the dice a combination does not use do not count
		{"6,6,5,5,1", "pair", 12},
		{"6,6,6,6,6", "pair", 12},
		{"6,6,6,5,5", "two-pairs", 22},
		{"1,1,1,1,1", "five-of-a-kind", 55},
		{"1,1,1,1,1", "four-of-a-kind", 24},
		// straights are exact
		{"1,2,3,4,6", "small-straight", 0},
		{"2,3,4,5,5", "small-straight", 0},
		{"1,2,3,4,5", "large-straight", 0},
		{"4,4,4,4,2", "two-pairs", 0},
		{"4,4,4,4,4", "full-house", 0},
		{"5,5,1,2,3", "five-of-a-kind", 0},
		{"5,5,1,2,3", "four-of-a-kind", 0},
		// School rows score no points; CloseSchool decides them.
		{"3,3,3,3,1", "threes", 0},
	})
}

// Yatzy edges docs/rules.md singles out.
func TestYatzyEdges(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "yatzy", Options{})
	checkScores(t, g, []scoreCase{
		{"6,6,5,5,1", "one-pair", 12},  // the highest pair
		{"3,3,3,2,2", "two-pairs", 10}, // a full house counts as two pairs
		{"3,3,3,3,2", "two-pairs", 0},  // four alike does not
		{"3,3,3,3,3", "two-pairs", 0},  // nor five alike
		{"3,3,3,3,3", "full-house", 0}, // five alike is no full house
		{"3,3,3,3,3", "one-pair", 6},
		{"3,3,3,3,3", "three-of-a-kind", 9},
		{"3,3,3,3,3", "four-of-a-kind", 12},
		{"3,3,3,3,3", "yatzy", 50},
		{"3,3,3,2,2", "full-house", 13},
		{"1,2,3,4,5", "small-straight", 15},
		{"1,2,3,4,5", "large-straight", 0},
		{"1,2,3,4,6", "small-straight", 0}, // only exactly 1-2-3-4-5
		{"2,3,4,5,5", "small-straight", 0},
		{"2,3,4,5,6", "large-straight", 20},
		{"2,3,4,5,6", "small-straight", 0},
		{"1,2,3,4,6", "chance", 16},
	})
}

// TestYatzyKata checks every case of the Yatzy refactoring kata's test suite
// (shared/testdata/yatzy-kata.json). Its rules agree with docs/rules.md's
// yatzy on every extracted case: where the kata's prose says one pair and two
// pairs score "the sum of the matched dice", that is 2 x face and the four
// dice of the pairs, as in docs/rules.md. Where the two could differ, the
// case asserts docs/rules.md's value and says why.
func TestYatzyKata(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "shared", "testdata", "yatzy-kata.json")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is missing: shared/ must lie beside the checkout", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	var kata struct {
		Cases []struct {
			Dice     []int
			Category string
			Expected int
		}
	}
	if err := json.Unmarshal(data, &kata); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(kata.Cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	// The kata spells categories with underscores and calls one-pair "pair".
	name := func(kata string) string {
		if kata == "pair" {
			return "one-pair"
		}
		return strings.ReplaceAll(kata, "_", "-")
	}
	// docs/rules.md's value where it differs from the kata's expected one, and why.
	// Empty today: every extracted case agrees (the kata's full house scores
	// the sum, as ours does; its two pairs accept a full house, as ours does).
	overrides := map[string]struct {
		want   int
		reason string
	}{}
	g := mustGame(t, "yatzy", Options{})
	for _, tc := range kata.Cases {
		m, err := FromDice(tc.Dice...)
		if err != nil || m.Size() != Dice {
			t.Errorf("kata dice %v: %v", tc.Dice, err)
			continue
		}
		c := g.Category(name(tc.Category))
		if c < 0 {
			t.Errorf("kata category %q: no yatzy category %q", tc.Category, name(tc.Category))
			continue
		}
		want := tc.Expected
		key := m.String() + " " + tc.Category
		if o, ok := overrides[key]; ok {
			want = o.want
		}
		if got := g.Score(c, RollIndex(m)); got != want {
			t.Errorf("kata: %v in %s = %d, want %d", tc.Dice, tc.Category, got, want)
		}
	}
}

// TestScoreTables checks every category against a direct reading of
// docs/rules.md over all 252 rolls.
func TestScoreTables(t *testing.T) {
	t.Parallel()
	type rule func(counts [Faces + 1]int, sum int) int
	ofAKind := func(c [Faces + 1]int, n int) int { // highest face with >= n dice
		for f := Faces; f >= 1; f-- {
			if c[f] >= n {
				return f
			}
		}
		return 0
	}
	pairs := func(c [Faces + 1]int) (hi, lo int) {
		for f := Faces; f >= 1; f-- {
			if c[f] >= 2 {
				if hi == 0 {
					hi = f
				} else if lo == 0 {
					lo = f
				}
			}
		}
		return
	}
	full := func(c [Faces + 1]int) bool {
		three, two := false, false
		for f := 1; f <= Faces; f++ {
			three = three || c[f] == 3
			two = two || c[f] == 2
		}
		return three && two
	}
	run := func(c [Faces + 1]int, from, n int) bool {
		for f := from; f < from+n; f++ {
			if c[f] == 0 {
				return false
			}
		}
		return true
	}
	small := func(c [Faces + 1]int) bool { return run(c, 1, 4) || run(c, 2, 4) || run(c, 3, 4) }
	large := func(c [Faces + 1]int) bool { return run(c, 1, 5) || run(c, 2, 5) }
	exact := func(c [Faces + 1]int, from int) bool {
		for f := 1; f <= Faces; f++ {
			if (c[f] == 1) != (f >= from && f < from+5) || c[f] > 1 {
				return false
			}
		}
		return true
	}
	if2 := func(ok bool, p int) int {
		if ok {
			return p
		}
		return 0
	}
	upper := func(face int) rule { return func(c [Faces + 1]int, _ int) int { return face * c[face] } }
	rules := map[string][]rule{
		"yahtzee": {upper(1), upper(2), upper(3), upper(4), upper(5), upper(6),
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 3) > 0, s) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 4) > 0, s) },
			func(c [Faces + 1]int, s int) int { return if2(full(c), 25) },
			func(c [Faces + 1]int, s int) int { return if2(small(c), 30) },
			func(c [Faces + 1]int, s int) int { return if2(large(c), 40) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 5) > 0, 50) },
			func(c [Faces + 1]int, s int) int { return s },
		},
		"yatzy": {upper(1), upper(2), upper(3), upper(4), upper(5), upper(6),
			func(c [Faces + 1]int, s int) int { return 2 * ofAKind(c, 2) },
			func(c [Faces + 1]int, s int) int { hi, lo := pairs(c); return if2(lo > 0, 2*hi+2*lo) },
			func(c [Faces + 1]int, s int) int { return 3 * ofAKind(c, 3) },
			func(c [Faces + 1]int, s int) int { return 4 * ofAKind(c, 4) },
			func(c [Faces + 1]int, s int) int { return if2(exact(c, 1), 15) },
			func(c [Faces + 1]int, s int) int { return if2(exact(c, 2), 20) },
			func(c [Faces + 1]int, s int) int { return if2(full(c), s) },
			func(c [Faces + 1]int, s int) int { return s },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 5) > 0, 50) },
		},
		"swedish": {upper(1), upper(2), upper(3), upper(4), upper(5), upper(6),
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 2) > 0, s) },
			func(c [Faces + 1]int, s int) int { _, lo := pairs(c); return if2(lo > 0, s) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 3) > 0, s) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 4) > 0, s) },
			func(c [Faces + 1]int, s int) int { return if2(full(c), 25) },
			func(c [Faces + 1]int, s int) int { return if2(small(c), 30) },
			func(c [Faces + 1]int, s int) int { return if2(large(c), 40) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 5) > 0, 50) },
			func(c [Faces + 1]int, s int) int { return s },
		},
		"poker-dice": {
			func(c [Faces + 1]int, _ int) int { return c[6] },
			func(c [Faces + 1]int, _ int) int { return c[5] },
			func(c [Faces + 1]int, _ int) int { return c[4] },
			func(c [Faces + 1]int, _ int) int { return c[3] },
			func(c [Faces + 1]int, _ int) int { return c[2] },
			func(c [Faces + 1]int, _ int) int { return c[1] },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 2) > 0, 1) },
			func(c [Faces + 1]int, s int) int { _, lo := pairs(c); return if2(lo > 0, 2) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 3) > 0, 3) },
			func(c [Faces + 1]int, s int) int { return if2(exact(c, 1) || exact(c, 2), 4) },
			func(c [Faces + 1]int, s int) int { return if2(full(c), 4) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 4) > 0, 4) },
			func(c [Faces + 1]int, s int) int { return if2(ofAKind(c, 5) > 0, 5) },
		},
		"school": {
			func([Faces + 1]int, int) int { return 0 },
			func([Faces + 1]int, int) int { return 0 },
			func([Faces + 1]int, int) int { return 0 },
			func([Faces + 1]int, int) int { return 0 },
			func([Faces + 1]int, int) int { return 0 },
			func([Faces + 1]int, int) int { return 0 },
			func(c [Faces + 1]int, s int) int { return 2 * ofAKind(c, 2) },
			func(c [Faces + 1]int, s int) int { return 3 * ofAKind(c, 3) },
			func(c [Faces + 1]int, s int) int { hi, lo := pairs(c); return if2(lo > 0, 2*hi+2*lo) },
			func(c [Faces + 1]int, s int) int { return if2(full(c), s) },
			func(c [Faces + 1]int, s int) int { f := ofAKind(c, 4); return if2(f > 0, 4*f+20) },
			func(c [Faces + 1]int, s int) int { f := ofAKind(c, 5); return if2(f > 0, 5*f+50) },
			func(c [Faces + 1]int, s int) int { return if2(exact(c, 1), 15) },
			func(c [Faces + 1]int, s int) int { return if2(exact(c, 2), 20) },
			func(c [Faces + 1]int, s int) int { return s },
		},
	}
	for _, name := range GameNames {
		t.Run(name, func(t *testing.T) {
			g := mustGame(t, name, Options{})
			rs := rules[name]
			if len(rs) != len(g.Categories) {
				t.Fatalf("%s: %d rules for %d categories", name, len(rs), len(g.Categories))
			}
			for r := range NumRolls {
				m := Roll(r)
				var c [Faces + 1]int
				for f := 1; f <= Faces; f++ {
					c[f] = m.Count(f)
				}
				for i, rule := range rs {
					if got, want := g.Score(i, r), rule(c, m.Sum()); got != want {
						t.Errorf("%s: %v in %s = %d, want %d", name, m, g.Categories[i].Name, got, want)
					}
				}
			}
		})
	}
}
