package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

const eps = 1e-12

func mustDice(t *testing.T, dice ...int) Multiset {
	t.Helper()
	m, err := FromDice(dice...)
	if err != nil {
		t.Fatalf("FromDice(%v): %v", dice, err)
	}
	return m
}

func TestCounts(t *testing.T) {
	t.Parallel()
	rolls, transitions := 0, 0
	for k := range NumKeeps {
		if KeepSize(k) == Dice {
			rolls++
		}
		transitions += len(Outcomes(k))
	}
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"NumRolls", NumRolls, 252},
		{"NumKeeps", NumKeeps, 462},
		{"NumTransitions", NumTransitions, 4368},
		{"keeps of five dice", rolls, NumRolls},
		{"sum of len(Outcomes)", transitions, NumTransitions},
		{"FirstRollKeep", FirstRollKeep, 210},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("%s = %d, want %d", tc.name, tc.got, tc.want)
			}
		})
	}
}

func TestProbabilitiesSumToOne(t *testing.T) {
	t.Parallel()
	total := 0.0
	for r := range NumRolls {
		total += RollProbability(r)
	}
	if math.Abs(total-1) > eps {
		t.Errorf("sum of RollProbability = %.15f, want 1", total)
	}
	for k := range NumKeeps {
		p := 0.0
		for _, o := range Outcomes(k) {
			if o.P <= 0 {
				t.Errorf("keep %v: outcome %v has probability %g", Keep(k), Roll(o.Roll), o.P)
			}
			if !Roll(o.Roll).Contains(Keep(k)) {
				t.Errorf("keep %v: outcome %v does not contain it", Keep(k), Roll(o.Roll))
			}
			p += o.P
		}
		if math.Abs(p-1) > eps {
			t.Errorf("keep %v: outcome probabilities sum to %.15f, want 1", Keep(k), p)
		}
	}
	// The empty keep's outcomes are the first roll.
	for _, o := range Outcomes(0) {
		if math.Abs(o.P-RollProbability(o.Roll)) > eps {
			t.Errorf("Outcomes(0) gives %v probability %g, RollProbability %g", Roll(o.Roll), o.P, RollProbability(o.Roll))
		}
	}
	if n := len(Outcomes(0)); n != NumRolls {
		t.Errorf("len(Outcomes(0)) = %d, want %d", n, NumRolls)
	}
	// A full keep stays what it is.
	for r := range NumRolls {
		o := Outcomes(FirstRollKeep + r)
		if len(o) != 1 || o[0].Roll != r || o[0].P != 1 {
			t.Errorf("Outcomes of full keep %v = %v, want itself with probability 1", Roll(r), o)
		}
	}
}

// TestRollProbability checks RollProbability and RollProbabilities'
// table against the ways each roll comes up of 6^5.
func TestRollProbability(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		dice []int
		ways int // of 6^5 = 7776
	}{
		{[]int{1, 1, 1, 1, 1}, 1},
		{[]int{6, 6, 6, 6, 6}, 1},
		{[]int{1, 2, 3, 4, 5}, 120},
		{[]int{1, 1, 2, 2, 3}, 30},
		{[]int{1, 1, 1, 2, 2}, 10},
		{[]int{1, 1, 1, 1, 2}, 5},
		{[]int{1, 1, 2, 3, 4}, 60},
		{[]int{1, 1, 1, 2, 3}, 20},
	} {
		t.Run(fmt.Sprint(tc.dice), func(t *testing.T) {
			r := RollIndex(mustDice(t, tc.dice...))
			want := float64(tc.ways) / 7776
			if got := RollProbability(r); math.Abs(got-want) > eps {
				t.Errorf("RollProbability(%v) = %g, want %d/7776 = %g", tc.dice, got, tc.ways, want)
			}
			if got := RollProbabilities()[r]; math.Abs(got-want) > eps {
				t.Errorf("RollProbabilities()[%v] = %g, want %d/7776 = %g", tc.dice, got, tc.ways, want)
			}
		})
	}
}

func TestOutcomeProbability(t *testing.T) {
	t.Parallel()
	// Keeping 3,3,5 and rolling two dice: 5,5 comes up 1 way in 36, 5,6 2 ways.
	k := KeepIndex(mustDice(t, 3, 3, 5))
	for _, tc := range []struct {
		roll []int
		want float64
	}{
		{[]int{3, 3, 5, 5, 5}, 1.0 / 36},
		{[]int{3, 3, 5, 5, 6}, 2.0 / 36},
		{[]int{3, 3, 3, 3, 5}, 1.0 / 36},
	} {
		t.Run(fmt.Sprint(tc.roll), func(t *testing.T) {
			r := RollIndex(mustDice(t, tc.roll...))
			found := false
			for _, o := range Outcomes(k) {
				if o.Roll == r {
					found = true
					if math.Abs(o.P-tc.want) > eps {
						t.Errorf("keep 335 -> %v: P = %g, want %g", tc.roll, o.P, tc.want)
					}
				}
			}
			if !found {
				t.Errorf("keep 335 -> %v: not among the outcomes", tc.roll)
			}
		})
	}
	if n := len(Outcomes(k)); n != 21 {
		t.Errorf("keep 335 has %d outcomes, want 21 (two dice)", n)
	}
}

func TestIndexStability(t *testing.T) {
	t.Parallel()
	if m := Keep(0); m.Size() != 0 {
		t.Errorf("Keep(0) = %v, want the empty keep", m)
	}
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"Roll(0)", Roll(0).String(), "11111"},
		{"Roll(1)", Roll(1).String(), "11112"},
		{"Roll(251)", Roll(251).String(), "66666"},
		{"Keep(1)", Keep(1).String(), "1"},
		{"Keep(6)", Keep(6).String(), "6"},
		{"Keep(7)", Keep(7).String(), "11"},
		{"Keep(FirstRollKeep)", Keep(FirstRollKeep).String(), "11111"},
		{"Keep(NumKeeps-1)", Keep(NumKeeps - 1).String(), "66666"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("%s = %s, want %s", tc.name, tc.got, tc.want)
			}
		})
	}
	prevSize := 0
	for k := range NumKeeps {
		m := Keep(k)
		if got := KeepIndex(m); got != k {
			t.Errorf("KeepIndex(Keep(%d) = %v) = %d", k, m, got)
		}
		if m.Size() < prevSize {
			t.Errorf("Keep(%d) = %v is smaller than the keep before it", k, m)
		}
		prevSize = m.Size()
		if KeepSize(k) != m.Size() {
			t.Errorf("KeepSize(%d) = %d, want %d", k, KeepSize(k), m.Size())
		}
		if k > 0 && Keep(k-1).Size() == m.Size() && Keep(k-1).String() >= m.String() {
			t.Errorf("keeps %d and %d out of order: %v, %v", k-1, k, Keep(k-1), m)
		}
		for f := 1; f <= Faces; f++ {
			c := KeepChild(k, f)
			if m.Size() == Dice {
				if c != -1 {
					t.Errorf("KeepChild(%v, %d) = %d, want -1 for a full keep", m, f, c)
				}
				continue
			}
			want := m
			want[f-1]++
			if c < 0 || Keep(c) != want {
				t.Errorf("KeepChild(%v, %d) = %d, want keep %v", m, f, c, want)
			}
		}
	}
	for r := range NumRolls {
		m := Roll(r)
		if m.Size() != Dice {
			t.Errorf("Roll(%d) = %v has %d dice", r, m, m.Size())
		}
		if got := RollIndex(m); got != r {
			t.Errorf("RollIndex(Roll(%d) = %v) = %d", r, m, got)
		}
		if Keep(FirstRollKeep+r) != m {
			t.Errorf("Keep(FirstRollKeep+%d) = %v, Roll = %v", r, Keep(FirstRollKeep+r), m)
		}
	}
}

func TestMultiset(t *testing.T) {
	t.Parallel()
	m := mustDice(t, 6, 3, 5, 3, 5)
	if got := m.String(); got != "33556" {
		t.Errorf("String = %q, want 33556", got)
	}
	if got := m.Format(CardFaces); got != "JJKKA" {
		t.Errorf("Format(CardFaces) = %q, want JJKKA", got)
	}
	if got := m.Sum(); got != 22 {
		t.Errorf("Sum = %d, want 22", got)
	}
	if got := m.Count(5); got != 2 {
		t.Errorf("Count(5) = %d, want 2", got)
	}
	sub := mustDice(t, 3, 5)
	if !m.Contains(sub) || sub.Contains(m) {
		t.Errorf("Contains wrong for %v and %v", m, sub)
	}
	if got := m.Minus(sub).String(); got != "356" {
		t.Errorf("Minus = %q, want 356", got)
	}
	if m, err := FromDice(1, 2, 3, 4, 5, 6); err != nil || m.Size() != MaxDice {
		t.Errorf("FromDice of six dice: %v, %v", m, err)
	}
	if _, err := FromDice(1, 2, 3, 4, 5, 6, 1); err == nil {
		t.Error("FromDice of seven dice: no error")
	}
	if _, err := FromDice(0); err == nil {
		t.Error("FromDice(0): no error")
	}
	if _, err := FromDice(7); err == nil {
		t.Error("FromDice(7): no error")
	}
}

func TestParseDice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		letters string
		want    string // "" when an error is expected
	}{
		{"3,3,5,5,6", DigitFaces, "33556"},
		{"33556", DigitFaces, "33556"},
		{"3 3 5 5 6", DigitFaces, "33556"},
		{" 6, 5 ,3,5,3 ", DigitFaces, "33556"},
		{"65353", "", "33556"},
		{"9TJQK", CardFaces, "12345"},
		{"tjqka", CardFaces, "23456"},
		{"A,a,T,t,K", CardFaces, "22566"},
		{"9 9 9 A A", CardFaces, "11166"},
		{"12345", CardFaces, "12345"}, // digits stay face numbers
		{"3,3,5,5", DigitFaces, ""},
		{"3,3,5,5,6,6", DigitFaces, ""},
		{"", DigitFaces, ""},
		{"7", DigitFaces, ""},
		{"3,3,5,5,7", DigitFaces, ""},
		{"0,3,5,5,6", DigitFaces, ""},
		{"9TJQK", DigitFaces, ""},
		{"TJQKA", "", ""},
		{"3;3;5;5;6", DigitFaces, ""},
		{"9TJQ", CardFaces, ""},
		{"9TJQKA", CardFaces, ""},
		{"9TJQKX", CardFaces, ""},
	} {
		t.Run(tc.in+" "+tc.letters, func(t *testing.T) {
			got, err := ParseDice(tc.in, tc.letters)
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("ParseDice(%q, %q) = %v, want an error", tc.in, tc.letters, got)
			case tc.want != "" && err != nil:
				t.Errorf("ParseDice(%q, %q): %v", tc.in, tc.letters, err)
			case tc.want != "" && got.String() != tc.want:
				t.Errorf("ParseDice(%q, %q) = %v, want %s", tc.in, tc.letters, got, tc.want)
			}
		})
	}
}

func TestParseKeep(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		letters string
		want    string
		ok      bool
	}{
		{"", DigitFaces, "", true},
		{"none", DigitFaces, "", true},
		{"NONE", DigitFaces, "", true},
		{"-", DigitFaces, "", true},
		{"3", DigitFaces, "3", true},
		{"3,3,5,5", DigitFaces, "3355", true},
		{"3 3 5 5 6", DigitFaces, "33556", true},
		{"jj", CardFaces, "33", true},
		{"9TJQKA", CardFaces, "", false},
		{"3,3,5,5,6,6", DigitFaces, "", false},
		{"7", DigitFaces, "", false},
		{"0", DigitFaces, "", false},
		{"J", DigitFaces, "", false},
	} {
		t.Run(tc.in+" "+tc.letters, func(t *testing.T) {
			got, err := parseKeep(tc.in, tc.letters, Dice)
			if tc.ok != (err == nil) {
				t.Errorf("parseKeep(%q, %q) = %v, %v; want ok=%v", tc.in, tc.letters, got, err, tc.ok)
				return
			}
			if tc.ok && got.String() != tc.want {
				t.Errorf("parseKeep(%q, %q) = %q, want %q", tc.in, tc.letters, got, tc.want)
			}
		})
	}
}

func TestParseDiceMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, letters, want string
	}{
		{"1234x", DigitFaces, `dice "1234x": 'X' is not a die (use 1-6)`},
		{"1234x", "", `dice "1234x": 'X' is not a die (use 1-6)`},
		{"1234x", CardFaces, `dice "1234x": 'X' is not a die (use 1-6 or 9TJQKA)`},
		{"1234", DigitFaces, `dice "1234": need exactly 5 dice, got 4`},
	} {
		t.Run(tc.in+" "+tc.letters, func(t *testing.T) {
			_, err := ParseDice(tc.in, tc.letters)
			if err == nil || err.Error() != tc.want {
				t.Errorf("ParseDice(%q, %q): %v, want %q", tc.in, tc.letters, err, tc.want)
			}
		})
	}
}

func TestSubKeeps(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		roll string
		want int // distinct proper sub-multisets, keeping none included
	}{
		{"66666", 5}, {"33556", 17}, {"12345", 31}, {"11123", 15}, // (counts+1) multiplied, less the whole roll
	} {
		t.Run(c.roll, func(t *testing.T) {
			m, _ := ParseDice(c.roll, "")
			subs := SubKeeps(RollIndex(m))
			if len(subs) != c.want {
				t.Errorf("%s: %d sub-keeps, want %d", c.roll, len(subs), c.want)
			}
			for i, k := range subs {
				if !m.Contains(Keep(k)) || Keep(k).Size() == Dice || i > 0 && k <= subs[i-1] {
					t.Errorf("%s: sub-keep %d (%s) out of place", c.roll, k, Keep(k))
				}
			}
		})
	}
	// Every roll's, against every keep of fewer dice that it contains.
	total := 0
	for r := range NumRolls {
		var want []int
		for k := range FirstRollKeep {
			if Roll(r).Contains(Keep(k)) {
				want = append(want, k)
			}
		}
		if !slices.Equal(SubKeeps(r), want) {
			t.Errorf("%s: sub-keeps %v, want %v", Roll(r), SubKeeps(r), want)
		}
		total += len(want)
	}
	if total != numSubKeeps {
		t.Errorf("%d sub-keeps in all, want numSubKeeps = %d", total, numSubKeeps)
	}
}

func TestRollRest(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	keep, _ := parseKeep("33", "", Dice)
	counts := [Faces]int{}
	for range 6000 {
		m := keep.RollRest(rng)
		if m.Size() != Dice || !m.Contains(keep) {
			t.Fatalf("%s from keep 33", m)
		}
		for f, c := range m.Minus(keep) {
			counts[f] += int(c)
		}
	}
	// 18,000 rerolled dice: each face 3,000 expected, sd about 50.
	for f, c := range counts {
		if c < 2750 || c > 3250 {
			t.Errorf("face %d came %d times in 18000 dice", f+1, c)
		}
	}
}
