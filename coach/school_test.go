package coach

import (
	"errors"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/school"
)

func TestSchoolSheet(t *testing.T) {
	g := game(t, "school", engine.Options{Columns: 2})
	const text = "ones=x/r,threes=0,pair=12/-,sum=22,reserve=1,taken=twos+column2"
	sh, err := ParseSheet(g, text)
	if err != nil {
		t.Fatal(err)
	}
	// Cells 22 + 12 - 200 and the reserve 1; no bonus complete.
	if sh.String() != text || sh.Turn() != 7 || sh.Over() || sh.Score() != -165 {
		t.Errorf("sheet %q: turn %d, score %d", sh, sh.Turn(), sh.Score())
	}
	dice := func(s string) engine.Multiset { m, _ := engine.ParseDice(s, g.Letters); return m }
	for _, c := range []struct {
		dice   string
		fresh  bool
		box    string
		cross  bool
		points int
		bonus  int
		detail string
		after  string // the sheet afterwards, or the error
	}{
		{"11123", false, "twos", false, -200, 0, "1: zero (-200)", ""}, // the reserve, 1, does not pay 2 missing twos
		{"22223", false, "twos", false, 0, 0, "1: close, reserve +2", "ones=x/r,twos=x,threes=0,pair=12/-,sum=22,reserve=3,taken=twos+column2"},
		{"12345", false, "fours", false, -200, 0, "1: zero (-200)", "ones=x/r,threes=0,fours=0,pair=12/-,sum=22,reserve=1,taken=twos+column2"},
		{"66612", true, "three-of-a-kind", false, 36, 0, "1: score 36", ""},
		{"66612", true, "three-of-a-kind", true, 0, 0, "1: cross out", ""},
		{"11145", false, "sum", false, 12, 0, "2: score 12", ""},
		{"12346", false, "four", false, 0, 0, "", `school has no row "four"`},
		{"12346", false, "four-of-a-kind", false, 0, 0, "", "1 2 3 4 6 scores nothing in four-of-a-kind: the cell can only be crossed out"},
		{"12346", false, "ones", false, 0, 0, "", "ones is filled in every column already"},
		{"12346", false, "sixes", true, 0, 0, "", "sixes is a School row: its cells close or take a zero, they cannot be crossed out"},
		{"1234", false, "sum", false, 0, 0, "", "need five dice to write, have 4"},
	} {
		t.Run(c.dice+" "+c.box, func(t *testing.T) {
			m, err := sh.Write(dice(c.dice), c.fresh, c.box, c.cross)
			switch {
			case c.detail == "":
				if err == nil || err.Error() != c.after {
					t.Errorf("%s in %s: %v, want %q", c.dice, c.box, err, c.after)
				}
			case err != nil:
				t.Errorf("%s in %s: %v", c.dice, c.box, err)
			case m.Points != c.points || m.Bonus != c.bonus || m.Detail != c.detail || c.after != "" && m.Next.String() != c.after:
				t.Errorf("%s in %s: %+v, next %q", c.dice, c.box, m, m.Next)
			case m.Next.Turn() != 8 || sh.String() != text:
				t.Errorf("%s in %s: next turn %d, the sheet became %q", c.dice, c.box, m.Next.Turn(), sh)
			}
		})
	}
	if show := sh.Show(); !strings.Contains(show, "  pair              12    -\n") || !strings.Contains(show, "  reserve 1   bonuses 0   score -165\n") {
		t.Errorf("Show:\n%s", show)
	}
	// The last cell: the game is over, the column bonus paid.
	one := game(t, "school", engine.Options{Columns: 1})
	last, err := ParseSheet(one, "ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x,pair=12,three-of-a-kind=18,two-pairs=20,full-house=28,four-of-a-kind=44,five-of-a-kind=80,small-straight=15,large-straight=20")
	if err != nil {
		t.Fatal(err)
	}
	m, err := last.Write(dice("66655"), false, "sum", false)
	// sum 28, its column bonus the best cell, 80; every row's bonus was paid already.
	if err != nil || !m.Next.Over() || m.Next.Turn() != 16 || m.Points != 28 || m.Bonus != 80 || m.Next.Score() != last.Score()+28+80 {
		t.Errorf("last write: %+v, %v", m, err)
	}
}

func TestSchoolAdvisor(t *testing.T) {
	g := game(t, "school", engine.Options{Columns: 2})
	zero := func(engine.SchoolState) float64 { return 0 }
	adv := SchoolAdvisor(g, school.Fixed(zero), nil, 12.5, "estimated")
	if adv.Expected() != 12.5 || adv.Note() != "estimated" {
		t.Errorf("Expected %v, Note %q", adv.Expected(), adv.Note())
	}
	p := position(t, g, "ones=x,pair=12/-,reserve=2", "11266", 1)
	p.Fresh = true
	actions, err := adv.Actions(p)
	if err != nil {
		t.Fatal(err)
	}
	checkRanked(t, p, actions)
	crosses := 0
	for _, o := range actions {
		if o.Cross {
			crosses++
		}
	}
	// Twelve combination rows open less pair: each may be crossed out.
	if crosses != 8 {
		t.Errorf("%d crosses, want 8", crosses)
	}
	if i := Find(actions, Action{Box: "pair", Cross: true}); i != -1 {
		t.Error("found a filled row among the actions")
	}
	y := game(t, "yahtzee", engine.Options{})
	if _, err := adv.Actions(position(t, y, "", "33556", 2)); err == nil || !strings.Contains(err.Error(), "the school advisor of school (columns=2) cannot rank a yahtzee position") {
		t.Errorf("yahtzee position with the school advisor: %v", err)
	}
	stale := p
	stale.RollsLeft, stale.Fresh = 2, false
	if _, err := adv.Actions(stale); err == nil {
		t.Error("a stale first roll was ranked")
	}
}

// TestLayout checks each kind of sheet laid out: a single sheet's boxes
// and upper section, school's rows, columns and reserve, and a full
// sheet laid out beside engine.ErrGameOver.
func TestLayout(t *testing.T) {
	t.Parallel()
	yatzy, one := game(t, "yatzy", engine.Options{}), game(t, "school", engine.Options{Columns: 1})
	full := "ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x,pair=12,three-of-a-kind=12,two-pairs=10,full-house=-,four-of-a-kind=-,five-of-a-kind=-,small-straight=15,large-straight=20,sum=20"
	cases := []struct {
		name        string
		g           *engine.Game
		sheet       string
		over        bool
		turn, score int
		boxes, rows int
		columns     int
	}{
		{"single sheet", yatzy, "ones=3,chance=20", false, 3, 23, 15, 0, 0},
		{"school", one, "threes=x,reserve=3", false, 2, 18, 0, 15, 1},
		{"school, full", one, full, true, 16, 0, 0, 15, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sh, err := ParseSheet(c.g, c.sheet)
			if (err != nil) != c.over || err != nil && !errors.Is(err, engine.ErrGameOver) {
				t.Fatalf("ParseSheet: %v, want the game over: %v", err, c.over)
			}
			l := sh.Layout()
			if l.Over != c.over || l.Turn != c.turn || len(l.Boxes) != c.boxes || len(l.Rows) != c.rows || len(l.Columns) != c.columns || (l.Reserve != nil) != (c.rows > 0) {
				t.Errorf("layout over %v, turn %d, %d boxes, %d rows, %d columns; want %v, %d, %d, %d, %d", l.Over, l.Turn, len(l.Boxes), len(l.Rows), len(l.Columns), c.over, c.turn, c.boxes, c.rows, c.columns)
			}
			if !c.over && l.Score != c.score {
				t.Errorf("score %d, want %d", l.Score, c.score)
			}
			if l.Score != sh.Score() || l.Turns != c.g.Turns() {
				t.Errorf("score %d of %d turns, but the sheet scores %d of %d", l.Score, l.Turns, sh.Score(), c.g.Turns())
			}
		})
	}
}
