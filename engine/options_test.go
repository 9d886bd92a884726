package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestOptionsBelongToTheirGame(t *testing.T) {
	t.Parallel()
	options := []struct {
		flag string
		game string
		opts Options
	}{
		{"forced-joker", "yahtzee", Options{ForcedJoker: true}},
		{"no-joker", "yahtzee", Options{NoJoker: true}},
		{"no-yahtzee-bonus", "yahtzee", Options{NoYahtzeeBonus: true}},
		{"no-upper-bonus", "yahtzee", Options{NoUpperBonus: true}},
		{"upper-bonus-threshold", "swedish", Options{UpperBonusThreshold: 70}},
		{"columns", "school", Options{Columns: 2}},
		{"taken", "school", Options{Taken: "twos"}},
	}
	for _, o := range options {
		t.Run(o.flag, func(t *testing.T) {
			for _, game := range GameNames {
				g, err := New(game, o.opts)
				if game == o.game {
					if err != nil {
						t.Errorf("New(%s, --%s): %v", game, o.flag, err)
					} else if g.Options.String() == "" {
						t.Errorf("New(%s, --%s): option dropped", game, o.flag)
					}
					continue
				}
				if err == nil {
					t.Errorf("New(%s, --%s): no error; the option belongs to %s", game, o.flag, o.game)
				} else if !strings.Contains(err.Error(), "option "+o.flag+" ") {
					t.Errorf("New(%s, --%s): error %q does not name the option", game, o.flag, err)
				}
			}
		})
	}
}

func TestOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		opts Options
	}{
		{"yahtzee", Options{ForcedJoker: true, NoJoker: true}},
		{"yahtzee", Options{ForcedJoker: true, NoYahtzeeBonus: true}},
		{"swedish", Options{UpperBonusThreshold: -1}},
		{"swedish", Options{UpperBonusThreshold: 106}},
		{"school", Options{Columns: -1}},
		{"school", Options{Columns: 6}},
		{"yatzy", Options{NoUpperBonus: true}},
		{"poker-dice", Options{Columns: 3}}, // even a default value belongs to its game
		{"yahtzee", Options{UpperBonusThreshold: 63}},
		{"school", Options{Taken: "sum"}},    // sum has no row bonus
		{"school", Options{Taken: "chance"}}, // no such row
		{"school", Options{Taken: "twos+"}},
	} {
		t.Run(fmt.Sprintf("%s %+v", tc.game, tc.opts), func(t *testing.T) {
			if g, err := New(tc.game, tc.opts); err == nil {
				t.Errorf("New(%s, %+v) = %s, want an error", tc.game, tc.opts, g.Options)
			}
		})
	}
}

func TestOptionsCanonical(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		opts Options
		want string
	}{
		{"yahtzee", Options{}, ""},
		{"yahtzee", Options{ForcedJoker: true}, "forced-joker"},
		{"yahtzee", Options{NoJoker: true}, "no-joker"},
		{"yahtzee", Options{NoJoker: true, NoUpperBonus: true}, "no-joker,no-upper-bonus"},
		{"yahtzee", Options{NoYahtzeeBonus: true}, "no-yahtzee-bonus"},
		{"yahtzee", Options{NoYahtzeeBonus: true, NoJoker: true}, "no-yahtzee-bonus"}, // no bonus implies no joker
		{"yahtzee", Options{ForcedJoker: true, NoUpperBonus: true}, "forced-joker,no-upper-bonus"},
		{"swedish", Options{}, ""},
		{"swedish", Options{UpperBonusThreshold: 63}, ""},
		{"swedish", Options{UpperBonusThreshold: 70}, "upper-bonus-threshold=70"},
		{"swedish", Options{UpperBonusThreshold: 1}, "upper-bonus-threshold=1"},
		{"swedish", Options{UpperBonusThreshold: 105}, "upper-bonus-threshold=105"},
		{"school", Options{Columns: 3}, ""},
		{"school", Options{Columns: 1}, "columns=1"},
		{"school", Options{Columns: 5}, "columns=5"},
		{"school", Options{Columns: 1, Taken: "pair+twos+pair"}, "columns=1,taken=twos+pair"},
		{"yatzy", Options{}, ""},
		{"poker-dice", Options{}, ""},
	} {
		t.Run(fmt.Sprintf("%s %+v", tc.game, tc.opts), func(t *testing.T) {
			g, err := New(tc.game, tc.opts)
			if err != nil {
				t.Errorf("New(%s, %+v): %v", tc.game, tc.opts, err)
				return
			}
			if got := g.Options.String(); got != tc.want {
				t.Errorf("New(%s, %+v).Options = %q, want %q", tc.game, tc.opts, got, tc.want)
			}
		})
	}
	if got := (Options{UpperBonusThreshold: 70, Columns: 2, ForcedJoker: true}).String(); got != "forced-joker,upper-bonus-threshold=70,columns=2" {
		t.Errorf("String() = %q", got)
	}
}

func TestFingerprint(t *testing.T) {
	t.Parallel()
	type rules struct {
		game string
		opts Options
	}
	distinct := []rules{
		{"yahtzee", Options{}},
		{"yahtzee", Options{ForcedJoker: true}},
		{"yahtzee", Options{NoJoker: true}},
		{"yahtzee", Options{NoYahtzeeBonus: true}},
		{"yahtzee", Options{NoUpperBonus: true}},
		{"yahtzee", Options{NoUpperBonus: true, ForcedJoker: true}},
		{"yatzy", Options{}},
		{"swedish", Options{}},
		{"swedish", Options{UpperBonusThreshold: 70}},
		{"poker-dice", Options{}},
		{"school", Options{}},
		{"school", Options{Columns: 1}},
		{"school", Options{Columns: 5}},
		{"school", Options{Columns: 1, Taken: "twos"}},
		{"school", Options{Columns: 1, Taken: "twos+pair"}},
	}
	seen := map[[32]byte]rules{}
	for _, r := range distinct {
		fp := mustGame(t, r.game, r.opts).Fingerprint()
		if other, ok := seen[fp]; ok {
			t.Errorf("%s %+v has the fingerprint of %s %+v", r.game, r.opts, other.game, other.opts)
		}
		seen[fp] = r
		if again := mustGame(t, r.game, r.opts).Fingerprint(); again != fp {
			t.Errorf("%s %+v: fingerprint differs between two builds", r.game, r.opts)
		}
	}
	for _, pair := range [][2]rules{
		{{"swedish", Options{}}, {"swedish", Options{UpperBonusThreshold: 63}}},
		{{"school", Options{}}, {"school", Options{Columns: 3}}},
		{{"school", Options{Taken: "pair+twos"}}, {"school", Options{Taken: "twos+pair"}}},
		{{"yahtzee", Options{NoYahtzeeBonus: true}}, {"yahtzee", Options{NoYahtzeeBonus: true, NoJoker: true}}},
	} {
		a := mustGame(t, pair[0].game, pair[0].opts).Fingerprint()
		b := mustGame(t, pair[1].game, pair[1].opts).Fingerprint()
		if a != b {
			t.Errorf("%s %+v and %+v are the same rules, but fingerprints differ", pair[0].game, pair[0].opts, pair[1].opts)
		}
	}
}

// TestTakenRowBonuses checks that a new game under Options.Taken starts
// with just those row bonuses out of reach.
func TestTakenRowBonuses(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "school", Options{Columns: 1, Taken: "twos+pair"})
	s := g.NewSchoolState()
	for c, cat := range g.Categories {
		want := cat.Name != "twos" && cat.Name != "pair" && cat.Name != "sum"
		if got := s.RowBonus&(1<<c) != 0; got != want {
			t.Errorf("%s: bonus in reach %v, want %v", cat.Name, got, want)
		}
	}
}

// sample returns o with opt set to a value other than its default, one
// that its game accepts.
func sample(opt Option, o Options) Options {
	switch p := opt.Field(&o).(type) {
	case *bool:
		*p = true
	case *int:
		*p = opt.Min
		if *p == opt.Default {
			*p = opt.Max
		}
	case *string:
		*p = "pair+twos"
	}
	return o
}

// TestOptionListCoversOptions checks that every field of Options has its
// entry in OptionList, so that none is left out of String and ParseOptions.
func TestOptionListCoversOptions(t *testing.T) {
	t.Parallel()
	var o Options
	fields := map[any]string{}
	for _, opt := range OptionList {
		p := opt.Field(&o)
		if other, ok := fields[p]; ok {
			t.Errorf("%s and %s set the same field", opt.Name, other)
		}
		fields[p] = opt.Name
	}
	if n := reflect.TypeFor[Options]().NumField(); len(fields) != n {
		t.Errorf("OptionList describes %d fields of Options, which has %d", len(fields), n)
	}
}

// TestOptionsRoundTrip checks that every option, set alone or with the
// others of its game, reads back from what String writes to the same
// rules, the same fingerprint included.
func TestOptionsRoundTrip(t *testing.T) {
	t.Parallel()
	all := map[string]Options{}
	for _, opt := range OptionList {
		if opt.Name == "forced-joker" {
			continue // cannot go with the no-joker options, which the set of all has
		}
		all[opt.Game] = sample(opt, all[opt.Game])
	}
	cases := map[string]Options{}
	for _, opt := range OptionList {
		cases[opt.Name] = sample(opt, Options{})
	}
	for game, o := range all {
		cases["all of "+game] = o
	}
	for name, o := range cases {
		t.Run(name, func(t *testing.T) {
			game := "yahtzee"
			for _, opt := range OptionList {
				if _, set := opt.value(o); set {
					game = opt.Game
				}
			}
			g := mustGame(t, game, o)
			text := g.Options.String()
			if text == "" {
				t.Fatalf("%+v: String() is empty", o)
			}
			back, err := ParseOptions(text)
			if err != nil {
				t.Fatalf("ParseOptions(%q): %v", text, err)
			}
			if back != g.Options {
				t.Errorf("ParseOptions(%q) = %+v, want %+v", text, back, g.Options)
			}
			if again := mustGame(t, game, back); again.Fingerprint() != g.Fingerprint() {
				t.Errorf("%q: the rules read back have another fingerprint", text)
			}
		})
	}
}

func TestParseOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{
		"forced-joker=1", "columns", "columns=x", "columns=-2", "upper-bonus-threshold=0",
		"joker", "taken", "taken=", "=3", "no-joker=",
	} {
		t.Run(bad, func(t *testing.T) {
			if o, err := ParseOptions(bad); err == nil {
				t.Errorf("ParseOptions(%q) = %+v, want an error", bad, o)
			}
		})
	}
}

func TestGiven(t *testing.T) {
	t.Parallel()
	option := func(name string) Option {
		for _, opt := range OptionList {
			if opt.Name == name {
				return opt
			}
		}
		t.Fatalf("no option %s", name)
		return Option{}
	}
	for _, tc := range []struct {
		option, game string
		opts         Options
		want         string // "" for no error
	}{
		{"columns", "school", Options{Columns: 2}, ""},
		{"columns", "school", Options{}, "columns 0 is out of range 1..5"},
		{"columns", "yahtzee", Options{Columns: 3}, "option columns belongs to school, not to yahtzee"},
		{"no-joker", "school", Options{}, "option no-joker belongs to yahtzee, not to school"},
		{"no-joker", "yahtzee", Options{}, ""},
		{"upper-bonus-threshold", "swedish", Options{}, "upper-bonus-threshold 0 is out of range 1..105"},
		{"forced-joker", "bingo", Options{}, `unknown game "bingo"`},
	} {
		t.Run(tc.option+" "+tc.game, func(t *testing.T) {
			err := option(tc.option).Given(tc.game, tc.opts)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
