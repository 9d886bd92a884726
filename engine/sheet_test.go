package engine

import (
	"strings"
	"testing"
)

func TestParseSheet(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	sw, _ := New("swedish", Options{})
	for _, c := range []struct {
		g     *Game
		sheet string
		score int
		state State
	}{
		{y, "", 0, State{}},
		{y, "ones=3,fives=15,chance=22,yahtzee=50", 90, State{Filled: 1<<0 | 1<<4 | 1<<12 | 1<<11, Upper: 18, FullBox: true}},
		{y, "yahtzee=50, yahtzee-bonus=100, fours=20", 170, State{Filled: 1<<11 | 1<<3, Upper: 20, FullBox: true}},
		// 63 in the upper section earns the 35 bonus; the state caps at 63.
		{y, "fours=16,fives=20,sixes=30", 101, State{Filled: 1<<3 | 1<<4 | 1<<5, Upper: 63}},
		{y, "yahtzee=0", 0, State{Filled: 1 << 11}},
		{y, "full-house=25", 25, State{Filled: 1 << 8}},
		{sw, "poker=50,poker-bonus=200,sixes=30,chance=30", 310, State{Filled: 1<<13 | 1<<5 | 1<<14, Upper: 30, FullBox: true}},
	} {
		t.Run(c.g.Name+" "+c.sheet, func(t *testing.T) {
			sh, err := ParseSheet(c.g, c.sheet)
			if err != nil {
				t.Errorf("%s %q: %v", c.g.Name, c.sheet, err)
				return
			}
			if got := sh.Score(c.g); got != c.score {
				t.Errorf("%s %q: score %d, want %d", c.g.Name, c.sheet, got, c.score)
			}
			if got := sh.State(c.g); got != c.state {
				t.Errorf("%s %q: state %+v, want %+v", c.g.Name, c.sheet, got, c.state)
			}
		})
	}
}

func TestParseSheetRefuses(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	noBonus, _ := New("yahtzee", Options{NoYahtzeeBonus: true})
	full := "ones=1,twos=2,threes=3,fours=4,fives=5,sixes=6,three-of-a-kind=0,four-of-a-kind=0,full-house=0,small-straight=0,large-straight=0,yahtzee=0,chance=5"
	for _, c := range []struct {
		g     *Game
		sheet string
		want  string
	}{
		{y, "bananas=3", `no category "bananas"`},
		{y, "ones=3,ones=2", "ones is given twice"},
		{y, "ones=7", "ones holds 0 to 5, not 7"},
		{y, "fives=12", "fives holds 0, 5, 10, 15, 20 or 25, not 12"},
		{y, "full-house=20", "full-house holds 0 or 25, not 20"},
		{y, "chance=4", "chance holds 5 to 30, not 4"},
		{y, "ones", "want category=points"},
		{y, "ones=x", "not a whole number"},
		{y, "yahtzee-bonus=100", "needs 50 in yahtzee"},
		{y, "yahtzee=0,yahtzee-bonus=100", "needs 50 in yahtzee"},
		{y, "yahtzee=50,yahtzee-bonus=150", "multiple of 100"},
		{y, "yahtzee=50,ones=5,yahtzee-bonus=200", "needs 1 more filled box"},
		{y, "yahtzee=50,yahtzee-bonus=300", "needs 3 more filled boxes"},
		{noBonus, "yahtzee=50,ones=5,yahtzee-bonus=100", "yahtzee-bonus: these rules of yahtzee pay no such bonus"},
		{y, full, "the game is over"},
	} {
		t.Run(c.g.Name+" "+c.sheet, func(t *testing.T) {
			_, err := ParseSheet(c.g, c.sheet)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: error %v, want one saying %q", c.sheet, err, c.want)
			}
		})
	}
}

func TestParseSheetJSON(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	sh, err := ParseSheetJSON(y, []byte(`{"ones": 3, "fives": 25, "chance": 22, "yahtzee": 50, "yahtzee-bonus": 100}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := sh.Score(y); got != 200 {
		t.Errorf("score %d, want 200", got)
	}
	for _, bad := range []string{`[1,2]`, `{"ones": 2.5}`, `{"ones": 9}`, `not json`, `null`, `{"ones": "1"}`,
		`{"ones": 1, "ones": 2}`, `{"ones": 1} {"twos": 2}`, `{"ones": 1`, `{"ones": [1]}`} {
		t.Run(bad, func(t *testing.T) {
			if _, err := ParseSheetJSON(y, []byte(bad)); err == nil {
				t.Errorf("%s: accepted", bad)
			}
		})
	}
}

func TestSheetApply(t *testing.T) {
	t.Parallel()
	y, _ := New("yahtzee", Options{})
	sh, _ := ParseSheet(y, "yahtzee=50,threes=9,sixes=24,fives=10")
	five4, _ := ParseDice("44444", "")
	// Fours open: the free joker lets five 4s go anywhere, bonus 100 each
	// time; in fours they also reach 63 and the upper bonus.
	for _, p := range y.Placements(sh.State(y), RollIndex(five4), nil) {
		if y.Categories[p.Category].Name != "fours" {
			continue
		}
		if p.Bonus != 135 || p.FiveAlikeBonus != 100 {
			t.Fatalf("fours: bonus %d (five-alike %d), want 135 (100)", p.Bonus, p.FiveAlikeBonus)
		}
		sh.Apply(p)
	}
	if got := sh.Score(y); got != 50+9+24+10+20+35+100 {
		t.Errorf("score after five 4s in fours: %d", got)
	}
}
