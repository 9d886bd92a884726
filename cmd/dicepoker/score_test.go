package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

func score(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := runScore(os.Getenv, args, &out); err != nil {
		t.Fatalf("score %q: %v", args, err)
	}
	return out.String()
}

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{
			[]string{"--game", "yahtzee", "--dice", "3,4,3,6,3", "--json"},
			`{"game":"yahtzee","dice":[3,3,3,4,6],"scores":{"ones":0,"twos":0,"threes":9,"fours":4,"fives":0,"sixes":6,` +
				`"three-of-a-kind":19,"four-of-a-kind":0,"full-house":0,"small-straight":0,"large-straight":0,"yahtzee":0,"chance":19},"rules":""}` + "\n",
		},
		{
			// plain rules: options do not change a hand's points, but are named
			[]string{"--dice", "33333", "--json", "--forced-joker"},
			`{"game":"yahtzee","dice":[3,3,3,3,3],"scores":{"ones":0,"twos":0,"threes":15,"fours":0,"fives":0,"sixes":0,` +
				`"three-of-a-kind":15,"four-of-a-kind":15,"full-house":0,"small-straight":0,"large-straight":0,"yahtzee":50,"chance":15},"options":"forced-joker","rules":"forced-joker"}` + "\n",
		},
		{
			[]string{"--game", "yatzy", "--dice", "6 6 5 5 1", "--json"},
			`{"game":"yatzy","dice":[1,5,5,6,6],"scores":{"ones":1,"twos":0,"threes":0,"fours":0,"fives":10,"sixes":12,` +
				`"pair":12,"two-pairs":22,"three-of-a-kind":0,"four-of-a-kind":0,"small-straight":0,"large-straight":0,"full-house":0,"chance":23,"yatzy":0},"rules":""}` + "\n",
		},
		{
			[]string{"--game", "swedish", "--dice", "55525", "--json"},
			`{"game":"swedish","dice":[2,5,5,5,5],"scores":{"ones":0,"twos":2,"threes":0,"fours":0,"fives":20,"sixes":0,` +
				`"pair":22,"two-pairs":0,"three-of-a-kind":22,"four-of-a-kind":22,"full-house":0,"small-straight":0,"large-straight":0,"poker":0,"chance":22},"rules":""}` + "\n",
		},
		{
			[]string{"--game", "poker-dice", "--dice", "J,J,J,J,Q", "--json"},
			`{"game":"poker-dice","dice":[3,3,3,3,4],"scores":{"aces":0,"kings":0,"queens":1,"jacks":4,"tens":0,"nines":0,` +
				`"pair":1,"two-pairs":0,"three-of-a-kind":3,"straight":0,"full-house":0,"four-of-a-kind":4,"five-of-a-kind":0},"rules":""}` + "\n",
		},
		{
			[]string{"--game", "school", "--dice", "1,1,1,1,1", "--fresh", "--json"},
			`{"game":"school","dice":[1,1,1,1,1],"scores":{"ones":0,"twos":-200,"threes":-200,"fours":-200,"fives":-200,"sixes":-200,` +
				`"pair":4,"three-of-a-kind":6,"two-pairs":0,"full-house":0,"four-of-a-kind":48,"five-of-a-kind":110,"small-straight":0,"large-straight":0,"sum":10},` +
				`"school":{"ones":{"closed":true,"reserve":2},"twos":{"closed":false,"reserve":0},"threes":{"closed":false,"reserve":0},` +
				`"fours":{"closed":false,"reserve":0},"fives":{"closed":false,"reserve":0},"sixes":{"closed":false,"reserve":0}},"rules":"","fresh":true,"reserve":0}` + "\n",
		},
		{
			[]string{"--game", "school", "--columns", "5", "--dice", "3,3,1,5,6", "--reserve", "4", "--json"},
			`{"game":"school","dice":[1,3,3,5,6],"scores":{"ones":0,"twos":-200,"threes":0,"fours":-200,"fives":-200,"sixes":-200,` +
				`"pair":6,"three-of-a-kind":0,"two-pairs":0,"full-house":0,"four-of-a-kind":0,"five-of-a-kind":0,"small-straight":0,"large-straight":0,"sum":18},` +
				`"school":{"ones":{"closed":true,"reserve":2},"twos":{"closed":false,"reserve":4},"threes":{"closed":true,"reserve":1},` +
				`"fours":{"closed":false,"reserve":4},"fives":{"closed":false,"reserve":4},"sixes":{"closed":false,"reserve":4}},` +
				`"options":"columns=5","rules":"columns=5","fresh":false,"reserve":4}` + "\n",
		},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got := score(t, tc.args...)
			if got != tc.want {
				t.Errorf("score %q:\n got %s\nwant %s", tc.args, got, tc.want)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("score %q: invalid JSON", tc.args)
			}
		})
	}
}

// The JSON output decodes into the documented shape.
func TestScoreJSONShape(t *testing.T) {
	t.Parallel()
	var v struct {
		Game   string
		Dice   []int
		Scores map[string]int
		School map[string]struct {
			Closed  bool
			Reserve int
		}
	}
	out := score(t, "--game", "school", "--dice", "2,2,2,2,6", "--reserve", "1", "--json")
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Game != "school" || len(v.Dice) != 5 || len(v.Scores) != 15 || len(v.School) != 6 {
		t.Errorf("decoded %+v", v)
	}
	if v.Scores["four-of-a-kind"] != 28 || !v.School["twos"].Closed || v.School["twos"].Reserve != 3 {
		t.Errorf("four-of-a-kind %d, twos %+v; want 28, closed with reserve 3", v.Scores["four-of-a-kind"], v.School["twos"])
	}
	if v.Scores["sixes"] != -200 || v.School["sixes"].Closed {
		t.Errorf("sixes %d %+v: one six and reserve 1 cannot close", v.Scores["sixes"], v.School["sixes"])
	}
	if i, j, k := strings.Index(out, `"game"`), strings.Index(out, `"dice"`), strings.Index(out, `"scores"`); !(i == 1 && i < j && j < k) {
		t.Errorf("key order: game %d, dice %d, scores %d", i, j, k)
	}
}

func TestScoreText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{
			[]string{"--dice", "3,4,3,6,3"},
			"yahtzee: 3 3 3 4 6\n" +
				"  ones             0\n  twos             0\n  threes           9\n  fours            4\n  fives            0\n  sixes            6\n" +
				"  three-of-a-kind  19\n  four-of-a-kind   0\n  full-house       0\n  small-straight   0\n  large-straight   0\n" +
				"  yahtzee          0\n  chance           19\n",
		},
		{
			[]string{"--game", "poker-dice", "--dice", "a k j j t"},
			"poker-dice: T J J K A\n" +
				"  aces             1\n  kings            1\n  queens           0\n  jacks            2\n  tens             1\n  nines            0\n" +
				"  pair             1\n  two-pairs        0\n  three-of-a-kind  0\n  straight         0\n  full-house       0\n" +
				"  four-of-a-kind   0\n  five-of-a-kind   0\n",
		},
		{
			[]string{"--game", "school", "--dice", "3,3,1,5,6", "--reserve", "4"},
			"school: 1 3 3 5 6, reserve 4\n" +
				"  ones             closes, pays 2 from reserve\n  twos             zero: -200\n  threes           closes, pays 3 from reserve\n" +
				"  fours            zero: -200\n  fives            zero: -200\n  sixes            zero: -200\n" +
				"  pair             6\n  three-of-a-kind  0\n  two-pairs        0\n  full-house       0\n  four-of-a-kind   0\n" +
				"  five-of-a-kind   0\n  small-straight   0\n  large-straight   0\n  sum              18\n",
		},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if got := score(t, tc.args...); got != tc.want {
				t.Errorf("score %q:\n got:\n%s\nwant:\n%s", tc.args, got, tc.want)
			}
		})
	}
	// School rows: closes with an extra die, and a fresh roll doubles combinations.
	out := score(t, "--game", "school", "--dice", "2,2,2,2,6", "--fresh")
	containsAll(t, out,
		"school: 2 2 2 2 6, fresh roll: combinations doubled, reserve 0\n",
		"  twos             closes, reserve +2\n",
		"  sixes            zero: -200\n",
		"  four-of-a-kind   56\n",
		"  pair             8\n",
		"  sum              28\n",
	)
	if out := score(t, "--game", "school", "--dice", "4,4,4,1,2"); !strings.Contains(out, "  fours            closes\n") {
		t.Errorf("three fours: want plain \"closes\" in\n%s", out)
	}
}

func TestScoreBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "missing --dice, the five dice to score"},
		{[]string{"--game", "school"}, "missing --dice, the five dice to score"},
		{[]string{"--dice", "3,4,3,6"}, `dice "3,4,3,6": need exactly 5 dice, got 4`},
		{[]string{"--dice", "3,4,3,6,3,1"}, `dice "3,4,3,6,3,1": need exactly 5 dice, got 6`},
		{[]string{"--dice", "3,4,3,6,7"}, `dice "3,4,3,6,7": '7' is not a die (use 1-6)`},
		{[]string{"--dice", "0,4,3,6,3"}, `dice "0,4,3,6,3": '0' is not a die (use 1-6)`},
		{[]string{"--dice", "9TJQK"}, `dice "9TJQK": '9' is not a die (use 1-6)`},
		{[]string{"--game", "poker-dice", "--dice", "9TJQX"}, `dice "9TJQX": 'X' is not a die (use 1-6 or 9TJQKA)`},
		{[]string{"--dice", ""}, `dice "": need exactly 5 dice, got 0`},
		{[]string{"--game", "kniffel", "--dice", "12345"}, `unknown game "kniffel" (games: yahtzee, yatzy, swedish, poker-dice, school)`},
		{[]string{"--dice", "12345", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"--dice", "12345", "-x"}, "unknown shorthand flag: 'x' in -x"},
		{[]string{"--dice", "12345", "extra"}, `unexpected argument "extra" (flags start with --)`},
		{[]string{"--dice"}, "flag needs an argument: --dice"},
		{[]string{"--dice", "12345", "--columns", "3"}, "option --columns belongs to school, not to yahtzee"},
		{[]string{"--dice", "12345", "--columns", "0"}, "option --columns belongs to school, not to yahtzee"},
		{[]string{"--game", "yatzy", "--dice", "12345", "--no-upper-bonus"}, "option --no-upper-bonus belongs to yahtzee, not to yatzy"},
		{[]string{"--game", "school", "--dice", "12345", "--no-joker=false"}, "option --no-joker belongs to yahtzee, not to school"},
		{[]string{"--dice", "12345", "--upper-bonus-threshold", "63"}, "option --upper-bonus-threshold belongs to swedish, not to yahtzee"},
		{[]string{"--game", "swedish", "--dice", "12345", "--upper-bonus-threshold", "0"}, "--upper-bonus-threshold 0 is out of range 1..105"},
		{[]string{"--game", "swedish", "--dice", "12345", "--upper-bonus-threshold", "106"}, "--upper-bonus-threshold 106 is out of range 1..105"},
		{[]string{"--game", "school", "--dice", "12345", "--columns", "0"}, "--columns 0 is out of range 1..5"},
		{[]string{"--game", "school", "--dice", "12345", "--columns", "6"}, "--columns 6 is out of range 1..5"},
		{[]string{"--game", "school", "--dice", "12345", "--columns", "x"}, `invalid argument "x" for "--columns" flag: must be an integer`},
		{[]string{"--dice", "12345", "--forced-joker", "--no-joker"}, "--forced-joker cannot go with --no-joker or --no-yahtzee-bonus: they remove the joker"},
		{[]string{"--dice", "12345", "--fresh"}, "--fresh belongs to school, not to yahtzee"},
		{[]string{"--game", "swedish", "--dice", "12345", "--fresh=false"}, "--fresh belongs to school, not to swedish"},
		{[]string{"--game", "yatzy", "--dice", "12345", "--reserve", "3"}, "--reserve belongs to school, not to yatzy"},
		{[]string{"--game", "school", "--dice", "12345", "--reserve", "-1"}, "--reserve -1: the reserve is never below 0"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out bytes.Buffer
			err := runScore(os.Getenv, tc.args, &out)
			var usage *usageError
			if !errors.As(err, &usage) {
				t.Errorf("score %q: err %v, want a usage error", tc.args, err)
				return
			}
			if err.Error() != tc.want {
				t.Errorf("score %q: %q, want %q", tc.args, err, tc.want)
			}
			if out.Len() > 0 {
				t.Errorf("score %q: printed %q", tc.args, out.String())
			}
		})
	}
}

func TestGameFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args    []string
		name    string
		options string
	}{
		{nil, "yahtzee", ""},
		{[]string{"--forced-joker", "--no-upper-bonus"}, "yahtzee", "forced-joker,no-upper-bonus"},
		{[]string{"--no-yahtzee-bonus", "--no-joker"}, "yahtzee", "no-yahtzee-bonus"},
		{[]string{"--no-joker=false"}, "yahtzee", ""},
		{[]string{"--game", "swedish", "--upper-bonus-threshold", "70"}, "swedish", "upper-bonus-threshold=70"},
		{[]string{"--game", "swedish", "--upper-bonus-threshold", "63"}, "swedish", ""},
		{[]string{"--game=school", "--columns=1"}, "school", "columns=1"},
		{[]string{"--game", "school", "--columns", "3"}, "school", ""},
		{[]string{"--game", "poker-dice"}, "poker-dice", ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			fs := newFlagSet("test")
			gf := addGameFlags(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			g, err := gf.build(fs)
			if err != nil {
				t.Errorf("%q: %v", tc.args, err)
				return
			}
			if g.Name != tc.name || g.Options.String() != tc.options {
				t.Errorf("%q: game %s options %q, want %s %q", tc.args, g.Name, g.Options, tc.name, tc.options)
			}
		})
	}
}
