package engine

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// filled returns the set of the named categories.
func filled(t *testing.T, g *Game, names ...string) uint32 {
	t.Helper()
	var s uint32
	for _, n := range names {
		c := g.Category(n)
		if c < 0 {
			t.Fatalf("%s: no category %q", g.Name, n)
		}
		s |= 1 << c
	}
	return s
}

// allBut returns the set of every category except the named ones.
func allBut(t *testing.T, g *Game, names ...string) uint32 {
	t.Helper()
	return (1<<len(g.Categories) - 1) &^ filled(t, g, names...)
}

// move is a placement as the tests write it: category name, points, bonus.
type move struct {
	name          string
	points, bonus int
}

func (m move) String() string { return fmt.Sprintf("%s:%d+%d", m.name, m.points, m.bonus) }

func placements(t *testing.T, g *Game, s State, dice string) []move {
	t.Helper()
	m, err := ParseDice(dice, g.Letters)
	if err != nil {
		t.Fatal(err)
	}
	var moves []move
	for _, p := range g.Placements(s, RollIndex(m), nil) {
		if !s.Open(p.Category) {
			t.Errorf("%s: placement in filled box %s", g.Name, g.Categories[p.Category].Name)
		}
		if want := s.Filled | 1<<p.Category; p.Next.Filled != want {
			t.Errorf("%s: placement in %s: Next.Filled = %b, want %b", g.Name, g.Categories[p.Category].Name, p.Next.Filled, want)
		}
		if p.Total() != p.Points+p.Bonus {
			t.Errorf("Total() = %d, want %d", p.Total(), p.Points+p.Bonus)
		}
		moves = append(moves, move{g.Categories[p.Category].Name, p.Points, p.Bonus})
	}
	return moves
}

func TestFiveAlikePlacements(t *testing.T) {
	t.Parallel()
	yahtzee := mustGame(t, "yahtzee", Options{})
	forced := mustGame(t, "yahtzee", Options{ForcedJoker: true})
	noJoker := mustGame(t, "yahtzee", Options{NoJoker: true})
	noBonus := mustGame(t, "yahtzee", Options{NoYahtzeeBonus: true})
	swedish := mustGame(t, "swedish", Options{})
	for _, tc := range []struct {
		name  string
		g     *Game
		state State
		dice  string
		want  []move
	}{
		{
			name:  "free joker: box 50, threes filled: anywhere, bonus 100, joker points",
			g:     yahtzee,
			state: State{Filled: filled(t, yahtzee, "yahtzee", "threes"), FullBox: true},
			dice:  "33333",
			want: []move{{"ones", 0, 100}, {"twos", 0, 100}, {"fours", 0, 100}, {"fives", 0, 100}, {"sixes", 0, 100},
				{"three-of-a-kind", 15, 100}, {"four-of-a-kind", 15, 100}, {"full-house", 25, 100},
				{"small-straight", 30, 100}, {"large-straight", 40, 100}, {"chance", 15, 100}},
		},
		{
			name:  "free joker: box 50, threes open: anywhere, no joker, bonus 100",
			g:     yahtzee,
			state: State{Filled: filled(t, yahtzee, "yahtzee"), FullBox: true},
			dice:  "33333",
			want: []move{{"ones", 0, 100}, {"twos", 0, 100}, {"threes", 15, 100}, {"fours", 0, 100}, {"fives", 0, 100}, {"sixes", 0, 100},
				{"three-of-a-kind", 15, 100}, {"four-of-a-kind", 15, 100}, {"full-house", 0, 100},
				{"small-straight", 0, 100}, {"large-straight", 0, 100}, {"chance", 15, 100}},
		},
		{
			name:  "free joker: box 0, threes filled: joker without bonus",
			g:     yahtzee,
			state: State{Filled: filled(t, yahtzee, "yahtzee", "threes", "ones", "twos", "fours", "fives", "sixes")},
			dice:  "33333",
			want: []move{{"three-of-a-kind", 15, 0}, {"four-of-a-kind", 15, 0}, {"full-house", 25, 0},
				{"small-straight", 30, 0}, {"large-straight", 40, 0}, {"chance", 15, 0}},
		},
		{
			name:  "yahtzee box open: plain scores, no bonus",
			g:     yahtzee,
			state: State{Filled: allBut(t, yahtzee, "yahtzee", "full-house", "threes")},
			dice:  "33333",
			want:  []move{{"threes", 15, 0}, {"full-house", 0, 0}, {"yahtzee", 50, 0}},
		},
		{
			name:  "forced joker: own upper box open: only there",
			g:     forced,
			state: State{Filled: filled(t, forced, "yahtzee"), FullBox: true},
			dice:  "33333",
			want:  []move{{"threes", 15, 100}},
		},
		{
			name:  "forced joker: own box filled: only lower boxes, joker points",
			g:     forced,
			state: State{Filled: filled(t, forced, "yahtzee", "threes", "chance"), FullBox: true},
			dice:  "33333",
			want: []move{{"three-of-a-kind", 15, 100}, {"four-of-a-kind", 15, 100}, {"full-house", 25, 100},
				{"small-straight", 30, 100}, {"large-straight", 40, 100}},
		},
		{
			name:  "forced joker: only upper boxes open: those, at 0",
			g:     forced,
			state: State{Filled: allBut(t, forced, "ones", "sixes"), FullBox: true},
			dice:  "33333",
			want:  []move{{"ones", 0, 100}, {"sixes", 0, 100}},
		},
		{
			name:  "forced joker: box 0: joker without bonus",
			g:     forced,
			state: State{Filled: filled(t, forced, "yahtzee", "threes", "three-of-a-kind", "four-of-a-kind", "chance")},
			dice:  "33333",
			want:  []move{{"full-house", 25, 0}, {"small-straight", 30, 0}, {"large-straight", 40, 0}},
		},
		{
			name:  "no joker: bonus, but full house 0",
			g:     noJoker,
			state: State{Filled: allBut(t, noJoker, "ones", "full-house", "small-straight", "chance"), FullBox: true},
			dice:  "33333",
			want:  []move{{"ones", 0, 100}, {"full-house", 0, 100}, {"small-straight", 0, 100}, {"chance", 15, 100}},
		},
		{
			name:  "no yahtzee bonus: nothing special",
			g:     noBonus,
			state: State{Filled: allBut(t, noBonus, "ones", "full-house", "small-straight", "chance"), FullBox: true},
			dice:  "33333",
			want:  []move{{"ones", 0, 0}, {"full-house", 0, 0}, {"small-straight", 0, 0}, {"chance", 15, 0}},
		},
		{
			name:  "swedish: poker 50, own box open: only there",
			g:     swedish,
			state: State{Filled: filled(t, swedish, "poker"), FullBox: true},
			dice:  "44444",
			want:  []move{{"fours", 20, 100}},
		},
		{
			name:  "swedish: poker 50, own box filled: lower boxes as a joker, two pairs 0",
			g:     swedish,
			state: State{Filled: filled(t, swedish, "poker", "fours"), FullBox: true},
			dice:  "44444",
			want: []move{{"pair", 20, 100}, {"two-pairs", 0, 100}, {"three-of-a-kind", 20, 100}, {"four-of-a-kind", 20, 100},
				{"full-house", 25, 100}, {"small-straight", 30, 100}, {"large-straight", 40, 100}, {"chance", 20, 100}},
		},
		{
			name:  "swedish: poker 50, only upper boxes open: those at 0",
			g:     swedish,
			state: State{Filled: allBut(t, swedish, "twos", "sixes"), FullBox: true},
			dice:  "44444",
			want:  []move{{"twos", 0, 100}, {"sixes", 0, 100}},
		},
		{
			name:  "swedish: poker 0: normal scoring, free placement, no bonus",
			g:     swedish,
			state: State{Filled: allBut(t, swedish, "ones", "fours", "two-pairs", "full-house", "large-straight", "chance")},
			dice:  "44444",
			want: []move{{"ones", 0, 0}, {"fours", 20, 0}, {"two-pairs", 0, 0}, {"full-house", 0, 0},
				{"large-straight", 0, 0}, {"chance", 20, 0}},
		},
		{
			name:  "swedish: poker box open: normal scoring",
			g:     swedish,
			state: State{Filled: allBut(t, swedish, "poker", "full-house")},
			dice:  "44444",
			want:  []move{{"full-house", 0, 0}, {"poker", 50, 0}},
		},
		{
			name:  "swedish: not five alike: nothing special",
			g:     swedish,
			state: State{Filled: allBut(t, swedish, "fours", "full-house"), FullBox: true},
			dice:  "44422",
			want:  []move{{"fours", 12, 0}, {"full-house", 25, 0}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := placements(t, tc.g, tc.state, tc.dice)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s %s:\n got %v\nwant %v", tc.g.Name, tc.dice, got, tc.want)
			}
			r := RollIndex(mustDice(t, diceOf(tc.dice)...))
			if tc.g.Special(tc.state, r) != (tc.g.Extra != nil && !tc.state.Open(tc.g.Extra.Box) && strings.Count(tc.dice, tc.dice[:1]) == Dice) {
				t.Errorf("Special = %v", tc.g.Special(tc.state, r))
			}
		})
	}
	if noBonus.Extra != nil {
		t.Errorf("--no-yahtzee-bonus: Extra = %+v, want nil", *noBonus.Extra)
	}
	for _, tc := range []struct {
		g    *Game
		want FiveAlike
	}{
		{yahtzee, FiveAlike{Box: 11, Full: 50, Bonus: 100, Joker: FreeJoker}},
		{forced, FiveAlike{Box: 11, Full: 50, Bonus: 100, Joker: ForcedJoker}},
		{noJoker, FiveAlike{Box: 11, Full: 50, Bonus: 100, Joker: NoJoker}},
		{swedish, FiveAlike{Box: 13, Full: 50, Bonus: 100, Joker: ForcedJoker, JokerNeedsFull: true}},
	} {
		t.Run(tc.g.Name+" "+tc.g.Options.String(), func(t *testing.T) {
			if tc.g.Extra == nil || *tc.g.Extra != tc.want {
				t.Errorf("%s %s: Extra = %+v, want %+v", tc.g.Name, tc.g.Options, tc.g.Extra, tc.want)
			}
		})
	}
}

// diceOf turns "33333" into its faces.
func diceOf(s string) []int {
	var d []int
	for _, r := range s {
		d = append(d, int(r-'0'))
	}
	return d
}

func TestUpperBonusPlacement(t *testing.T) {
	t.Parallel()
	yahtzee := mustGame(t, "yahtzee", Options{})
	noUpper := mustGame(t, "yahtzee", Options{NoUpperBonus: true})
	swedish70 := mustGame(t, "swedish", Options{UpperBonusThreshold: 70})
	yatzy := mustGame(t, "yatzy", Options{})
	pokerDice := mustGame(t, "poker-dice", Options{})
	for _, tc := range []struct {
		name      string
		g         *Game
		state     State
		dice      string
		category  string
		points    int
		bonus     int
		nextUpper int
	}{
		{"reach 63: bonus, capped", yahtzee, State{Upper: 60}, "61234", "sixes", 6, 35, 63},
		{"reach exactly 63", yahtzee, State{Upper: 57}, "61234", "sixes", 6, 35, 63},
		{"short of 63", yahtzee, State{Upper: 56}, "61234", "sixes", 6, 0, 62},
		{"already 63: no second bonus", yahtzee, State{Upper: 63}, "66666", "sixes", 30, 0, 63},
		{"zero in an upper box", yahtzee, State{Upper: 60}, "12345", "sixes", 0, 0, 60},
		{"lower box leaves the total", yahtzee, State{Upper: 60}, "66612", "three-of-a-kind", 21, 0, 60},
		{"no upper bonus", noUpper, State{}, "66666", "sixes", 30, 0, 0},
		{"swedish 70: 64+6", swedish70, State{Upper: 64}, "61234", "sixes", 6, 35, 70},
		{"swedish 70: 63+6", swedish70, State{Upper: 63}, "61234", "sixes", 6, 0, 69},
		{"yatzy bonus 50", yatzy, State{Upper: 60}, "33345", "threes", 9, 50, 63},
		{"poker dice: 15, bonus 3", pokerDice, State{Upper: 12}, "AAA9T", "aces", 3, 3, 15},
		{"poker dice: 14", pokerDice, State{Upper: 11}, "AAA9T", "aces", 3, 0, 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseDice(tc.dice, tc.g.Letters)
			if err != nil {
				t.Fatal(err)
			}
			c := tc.g.Category(tc.category)
			var found *Placement
			ps := tc.g.Placements(tc.state, RollIndex(m), nil)
			for i := range ps {
				if ps[i].Category == c {
					found = &ps[i]
				}
			}
			if found == nil {
				t.Errorf("%s: no placement in %s", tc.name, tc.category)
				return
			}
			if found.Points != tc.points || found.Bonus != tc.bonus || found.Next.Upper != tc.nextUpper {
				t.Errorf("%s: %s in %s from upper %d: points %d bonus %d next upper %d; want %d %d %d",
					tc.name, tc.dice, tc.category, tc.state.Upper, found.Points, found.Bonus, found.Next.Upper, tc.points, tc.bonus, tc.nextUpper)
			}
		})
	}
	if got := noUpper.UpperCap(); got != 0 {
		t.Errorf("--no-upper-bonus: UpperCap = %d, want 0", got)
	}
	if got := swedish70.UpperCap(); got != 70 {
		t.Errorf("swedish 70: UpperCap = %d, want 70", got)
	}
}

func TestYahtzeeBonusAndUpperBonusTogether(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "yahtzee", Options{ForcedJoker: true})
	s := State{Filled: filled(t, g, "yahtzee"), Upper: 40, FullBox: true}
	got := placements(t, g, s, "66666")
	want := []move{{"sixes", 30, 100 + 35}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestNextFullBox(t *testing.T) {
	t.Parallel()
	yahtzee := mustGame(t, "yahtzee", Options{})
	swedish := mustGame(t, "swedish", Options{})
	for _, tc := range []struct {
		g    *Game
		box  string
		dice string
		full bool
	}{
		{yahtzee, "yahtzee", "22222", true},
		{yahtzee, "yahtzee", "22223", false},
		{swedish, "poker", "55555", true},
		{swedish, "poker", "12345", false},
	} {
		t.Run(tc.g.Name+" "+tc.box+" "+tc.dice, func(t *testing.T) {
			m := mustDice(t, diceOf(tc.dice)...)
			c := tc.g.Category(tc.box)
			for _, p := range tc.g.Placements(State{}, RollIndex(m), nil) {
				if p.Category == c && p.Next.FullBox != tc.full {
					t.Errorf("%s: %s in %s: Next.FullBox = %v, want %v", tc.g.Name, tc.dice, tc.box, p.Next.FullBox, tc.full)
				}
				if p.Category != c && p.Next.FullBox {
					t.Errorf("%s: %s in %s sets FullBox", tc.g.Name, tc.dice, tc.g.Categories[p.Category].Name)
				}
			}
		})
	}
	// FullBox carries over to later moves.
	s := State{Filled: filled(t, yahtzee, "yahtzee"), FullBox: true}
	for _, p := range yahtzee.Placements(s, RollIndex(mustDice(t, 1, 2, 3, 4, 5)), nil) {
		if !p.Next.FullBox {
			t.Errorf("writing in %s cleared FullBox", yahtzee.Categories[p.Category].Name)
		}
	}
}

func TestPlacementsAppend(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "yahtzee", Options{})
	buf := make([]Placement, 1, 20)
	out := g.Placements(State{}, 0, buf)
	if len(out) != 1+13 {
		t.Errorf("len = %d, want 14 (appends to buf)", len(out))
	}
	if n := len(g.Placements(State{Filled: 1<<13 - 1}, 0, nil)); n != 0 {
		t.Errorf("full sheet: %d placements, want 0", n)
	}
}

func TestUpperTotals(t *testing.T) {
	t.Parallel()
	yahtzee := mustGame(t, "yahtzee", Options{})
	pokerDice := mustGame(t, "poker-dice", Options{})
	// reach lists the totals of k*step[i] for k in 0..5, capped at limit.
	reach := func(limit int, steps ...int) []int {
		seen := map[int]bool{0: true}
		for _, step := range steps {
			next := map[int]bool{}
			for v := range seen {
				for k := range Dice + 1 {
					next[min(v+k*step, limit)] = true
				}
			}
			seen = next
		}
		var s []int
		for v := 0; v <= limit; v++ {
			if seen[v] {
				s = append(s, v)
			}
		}
		return s
	}
	for _, tc := range []struct {
		name   string
		g      *Game
		filled []string
		want   []int
	}{
		{"nothing filled", yahtzee, nil, []int{0}},
		{"sixes", yahtzee, []string{"sixes"}, []int{0, 6, 12, 18, 24, 30}},
		{"ones", yahtzee, []string{"ones"}, []int{0, 1, 2, 3, 4, 5}},
		{"ones and twos", yahtzee, []string{"ones", "twos"}, reach(63, 1, 2)},
		{"fives and sixes", yahtzee, []string{"fives", "sixes"}, reach(63, 5, 6)},
		{"fours, fives, sixes, capped at 63", yahtzee, []string{"fours", "fives", "sixes"}, reach(63, 4, 5, 6)},
		{"lower boxes add nothing", yahtzee, []string{"sixes", "chance", "yahtzee"}, []int{0, 6, 12, 18, 24, 30}},
		{"all upper", yahtzee, []string{"ones", "twos", "threes", "fours", "fives", "sixes"}, reach(63, 1, 2, 3, 4, 5, 6)},
		{"no upper bonus", mustGame(t, "yahtzee", Options{NoUpperBonus: true}), []string{"sixes"}, []int{0}},
		{"swedish threshold 70", mustGame(t, "swedish", Options{UpperBonusThreshold: 70}),
			[]string{"fours", "fives", "sixes"}, reach(70, 4, 5, 6)},
		{"poker dice aces", pokerDice, []string{"aces"}, []int{0, 1, 2, 3, 4, 5}},
		{"poker dice all, capped at 15", pokerDice,
			[]string{"aces", "kings", "queens", "jacks", "tens", "nines"}, reach(15, 1, 1, 1, 1, 1, 1)},
		{"school has none", mustGame(t, "school", Options{}), []string{"ones", "sixes"}, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f uint32
			if tc.filled != nil {
				f = filled(t, tc.g, tc.filled...)
			}
			if got := tc.g.UpperTotals(f); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: UpperTotals = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
	// Spot checks of the reach helper itself.
	if got := reach(63, 1, 2); len(got) != 16 || got[15] != 15 {
		t.Errorf("reach(1, 2) = %v, want 0..15", got)
	}
	if got := reach(63, 1, 2, 3, 4, 5, 6); len(got) != 64 {
		t.Errorf("reach(all) = %v, want 0..63", got)
	}
}
