package coach

import (
	"strings"
	"sync"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/strategy"
)

func game(t *testing.T, name string, o engine.Options) *engine.Game {
	t.Helper()
	g, err := engine.New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func position(t *testing.T, g *engine.Game, sheet, dice string, rollsLeft int) Position {
	t.Helper()
	sh, err := ParseSheet(g, sheet)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.ParseDice(dice, g.Letters)
	if err != nil {
		t.Fatal(err)
	}
	return Position{Game: g, Sheet: sh, Dice: m, RollsLeft: rollsLeft}
}

func TestCheck(t *testing.T) {
	y := game(t, "yahtzee", engine.Options{})
	forced := game(t, "yahtzee", engine.Options{ForcedJoker: true})
	pd := game(t, "poker-dice", engine.Options{})
	keep := func(d ...int) Action { m, _ := engine.FromDice(d...); return Action{Keep: m} }
	for _, c := range []struct {
		name          string
		p             Position
		a             Action
		want          string // "" for a legal action
		points, bonus int
		next          string
	}{
		{"keep", position(t, y, "", "33556", 2), keep(3, 3, 5), "", 0, 0, ""},
		{"keep none", position(t, y, "", "33556", 1), keep(), "", 0, 0, ""},
		{"keep all", position(t, y, "", "33556", 2), keep(3, 3, 5, 5, 6), "keeping all five dice is not a reroll", 0, 0, ""},
		{"keep absent die", position(t, y, "", "33556", 2), keep(4), "cannot keep 4: the dice are 3 3 5 5 6", 0, 0, ""},
		{"keep three 3s", position(t, y, "", "33556", 2), keep(3, 3, 3), "cannot keep 3 3 3", 0, 0, ""},
		{"keep no rolls", position(t, y, "", "33556", 0), keep(3), "no rerolls left", 0, 0, ""},
		{"keep letters", position(t, pd, "", "9TJQQ", 1), keep(6), "cannot keep A: the dice are 9 T J Q Q", 0, 0, ""},
		{"score", position(t, y, "", "33556", 2), Action{Box: "full-house"}, "", 0, 0, "full-house=0"},
		{"score sum", position(t, y, "ones=3", "33556", 0), Action{Box: "chance"}, "", 22, 0, "ones=3,chance=22"},
		{"upper bonus", position(t, y, "fours=16,fives=20", "66666", 0), Action{Box: "sixes"}, "", 30, 35, "fours=16,fives=20,sixes=30"},
		{"joker bonus", position(t, y, "yahtzee=50,sixes=18", "66666", 0), Action{Box: "large-straight"}, "", 40, 100, "large-straight=40,yahtzee=50,yahtzee-bonus=100,sixes=18"},
		{"unknown box", position(t, y, "", "33556", 2), Action{Box: "straight"}, `yahtzee has no box "straight"`, 0, 0, ""},
		{"filled box", position(t, y, "ones=3", "33556", 2), Action{Box: "ones"}, "ones is filled already (3)", 0, 0, ""},
		{"forced joker", position(t, forced, "yahtzee=50", "66666", 0), Action{Box: "chance"}, "the joker rule does not allow chance for 6 6 6 6 6: write it in sixes", 0, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := Check(c.p, c.a)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%s: %v", c.name, err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
			case c.want == "" && c.a.Box != "":
				want, _ := ParseSheet(c.p.Game, c.next)
				if m.Box != c.a.Box || m.Points != c.points || m.Bonus != c.bonus || m.Next.String() != want.String() {
					t.Errorf("%s: move %s %d +%d -> %q, want %d +%d -> %q", c.name, m.Box, m.Points, m.Bonus, m.Next, c.points, c.bonus, want)
				}
			}
		})
	}
}

func TestSingleSheet(t *testing.T) {
	y := game(t, "yahtzee", engine.Options{})
	p := position(t, y, "yahtzee=50,fours=16,fives=20", "66666", 0)
	before := p.Sheet.String()
	m, err := Check(p, Action{Box: "sixes"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Sheet.String() != before {
		t.Errorf("Write changed the sheet it was called on: %q", p.Sheet)
	}
	next := m.Next
	if next.Turn() != 5 || next.Score() != 50+16+20+30+35+100 || next.Over() || p.Sheet.Turn() != 4 {
		t.Errorf("after sixes: turn %d, score %d, over %v", next.Turn(), next.Score(), next.Over())
	}
	want := `  ones              -    three-of-a-kind   -
  twos              -    four-of-a-kind    -
  threes            -    full-house        -
  fours            16    small-straight    -
  fives            20    large-straight    -
  sixes            30    yahtzee          50
                         chance            -
  upper 66, bonus 35   yahtzee bonus 100   score 251
`
	if got := next.Show(); got != want {
		t.Errorf("Show:\n%s\nwant\n%s", got, want)
	}
	pd := game(t, "poker-dice", engine.Options{})
	last := position(t, pd, "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0", "9TJQK", 0)
	m, err = Check(last, Action{Box: "straight"})
	if err != nil || !m.Next.Over() || m.Next.Score() != 36 || m.Next.Turn() != 14 {
		t.Errorf("last poker-dice box: %v, over %v, score %d", err, m.Next.Over(), m.Next.Score())
	}
	noBonus := game(t, "yahtzee", engine.Options{NoUpperBonus: true})
	sh, _ := ParseSheet(noBonus, "sixes=30")
	if !strings.Contains(sh.Show(), "upper 30 (no bonus)   yahtzee bonus 0   score 30") {
		t.Errorf("no upper bonus:\n%s", sh.Show())
	}
}

func TestParseSheetSchool(t *testing.T) {
	if sh, err := ParseSheet(game(t, "school", engine.Options{}), ""); err != nil || sh.Turn() != 1 || sh.String() != "" {
		t.Errorf("school: %v", err)
	}
	if _, err := ParseSheet(game(t, "yahtzee", engine.Options{}), "ones=7"); err == nil {
		t.Error("ones=7 accepted")
	}
}

var pokerTable = sync.OnceValues(func() (*strategy.Table, error) {
	g, _ := engine.New("poker-dice", engine.Options{})
	return strategy.Solve(g, solver.Options{})
})

func TestTableAdvisor(t *testing.T) {
	table, err := pokerTable()
	if err != nil {
		t.Fatal(err)
	}
	adv := TableAdvisor(table)
	if adv.Expected() != table.Expected || adv.Note() != "" {
		t.Errorf("Expected %v, Note %q", adv.Expected(), adv.Note())
	}
	p := position(t, table.Game, "aces=2", "9TJQQ", 1)
	actions, err := adv.Actions(p)
	if err != nil {
		t.Fatal(err)
	}
	// Every proper keep of 9TJQQ (24 sub-multisets less the whole) and 12 open boxes.
	if len(actions) != 23+12 {
		t.Errorf("%d actions, want 35", len(actions))
	}
	checkRanked(t, p, actions)
	if Find(actions, Action{Box: "aces"}) != -1 {
		t.Error("found a filled box among the actions")
	}
	y := game(t, "yahtzee", engine.Options{})
	if _, err := adv.Actions(position(t, y, "", "33556", 2)); err == nil || !strings.Contains(err.Error(), "the table of poker-dice cannot rank a yahtzee position") {
		t.Errorf("yahtzee position with the poker-dice table: %v", err)
	}
}

// checkRanked checks that each action an advisor ranked for p is found
// back in the ranking, is legal, and writes the points, bonus and detail
// it was ranked with, or keeps and rerolls five dice in all.
func checkRanked(t *testing.T, p Position, actions []Option) {
	t.Helper()
	for i, o := range actions {
		if Find(actions, o.Action) != i {
			t.Errorf("action %d (%+v) not found back", i, o.Action)
		}
		m, err := Check(p, o.Action)
		switch {
		case err != nil:
			t.Errorf("ranked action %d (%+v) is illegal: %v", i, o.Action, err)
		case o.Box != "" && (m.Points != o.Points || m.Bonus != o.Bonus || m.Detail != o.Detail):
			t.Errorf("%s: ranked %+v, written %+v", o.Box, o, m)
		case o.Box == "" && o.Keep.Size()+o.Reroll.Size() != engine.Dice:
			t.Errorf("keep %v, reroll %v", o.Keep, o.Reroll)
		}
	}
}
