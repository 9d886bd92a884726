package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/strategy"
	"dicepoker/web"
)

// adviseCase is one question to advise, asked of the command line and
// of the server alike.
type adviseCase struct {
	name      string
	game      string
	rules     []string // the server's rules; each is a flag of the command
	sheet     string   // in the notation
	sheetJSON string   // the sheet as an object instead: a --sheet-file
	dice      []int
	rollsLeft *int
	fresh     *bool
	target    *int
	opponents []string
}

// args returns the command line that asks c, its sheet object, if any,
// written to a file.
func (c adviseCase) args(t *testing.T) []string {
	args := []string{"advise", "--game", c.game, "--json"}
	for _, r := range c.rules {
		name, value, ok := strings.Cut(r, "=")
		args = append(args, "--"+name)
		if ok {
			args = append(args, value)
		}
	}
	switch {
	case c.sheetJSON != "":
		args = append(args, "--sheet-file", writeFile(t, c.sheetJSON))
	case c.sheet != "":
		args = append(args, "--sheet", c.sheet)
	}
	var dice []string
	for _, d := range c.dice {
		dice = append(dice, strconv.Itoa(d))
	}
	args = append(args, "--dice", strings.Join(dice, ","))
	if c.rollsLeft != nil {
		args = append(args, "--rolls-left", strconv.Itoa(*c.rollsLeft))
	}
	if c.fresh != nil {
		args = append(args, "--fresh="+strconv.FormatBool(*c.fresh))
	}
	if c.target != nil {
		args = append(args, "--target", strconv.Itoa(*c.target))
	}
	for _, o := range c.opponents {
		args = append(args, "--opponent", o)
	}
	return args
}

// body returns the request of /api/advise that asks c.
func (c adviseCase) body(t *testing.T) string {
	req := map[string]any{"game": c.game, "rules": c.rules, "dice": c.dice}
	switch {
	case c.sheetJSON != "":
		req["sheet"] = json.RawMessage(c.sheetJSON)
	case c.sheet != "":
		req["sheet"] = c.sheet
	}
	if c.rollsLeft != nil {
		req["rolls_left"] = *c.rollsLeft
	}
	if c.fresh != nil {
		req["fresh"] = *c.fresh
	}
	if c.target != nil {
		req["target"] = *c.target
	}
	if c.opponents != nil {
		req["opponents"] = c.opponents
	}
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// aim returns what advise's JSON says of the aim c is ranked for.
func (c adviseCase) aim() string {
	switch {
	case c.target != nil:
		return `"target":` + strconv.Itoa(*c.target)
	case c.opponents != nil && c.game == "school":
		return `"strategy":"race"`
	case c.opponents != nil:
		return `"opponents":[`
	}
	return `"best":`
}

// TestAdviseRoutesAgree asks advise --json and the server's /api/advise
// the same questions, every game and every aim, and checks that they
// answer byte for byte the same. The tables are those of one tables
// directory: the single-sheet games' solved there first (in the shared
// directory, once for all the tests), school's the fixtures (an exact table of one column that values the sheets by a
// fixed pattern, and the greedy estimate of three with its race timing).
// The opponents' sheets are near their end, where a solve against them
// takes no time.
func TestAdviseRoutesAgree(t *testing.T) {
	t.Parallel()
	c, dir := ownTables(t)
	ptr := func(n int) *int { return &n }
	yes, no := true, false
	yahtzeeEnd := "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three-of-a-kind=22,four-of-a-kind=0,full-house=25,small-straight=30,large-straight=40"
	yatzyEnd := "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,pair=12,two-pairs=22,three-of-a-kind=15,four-of-a-kind=16,small-straight=15,large-straight=20"
	pokerEnd := "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pairs=0,three-of-a-kind=0,four-of-a-kind=0"
	cases := []adviseCase{
		{name: "yahtzee new game", game: "yahtzee", dice: []int{3, 3, 5, 5, 6}},
		{name: "yahtzee mid-game", game: "yahtzee", sheet: "ones=3,twos=6,full-house=25,small-straight=30,chance=22", dice: []int{2, 3, 4, 5, 5}, rollsLeft: ptr(1)},
		{name: "yahtzee sheet object, last roll", game: "yahtzee", sheetJSON: `{"threes":9,"yahtzee":50}`, dice: []int{3, 3, 3, 3, 3}, rollsLeft: ptr(0)},
		{name: "yahtzee forced joker", game: "yahtzee", rules: []string{"forced-joker"}, sheet: "yahtzee=50,sixes=18", dice: []int{6, 6, 6, 6, 6}, rollsLeft: ptr(1)},
		{name: "yahtzee forced joker opponents", game: "yahtzee", rules: []string{"forced-joker"}, sheet: yahtzeeEnd, dice: []int{1, 1, 4, 4, 6}, rollsLeft: ptr(1),
			opponents: []string{yahtzeeEnd + ",chance=24,yahtzee=0", yahtzeeEnd + ",yahtzee=50"}},
		{name: "yatzy last roll", game: "yatzy", sheet: "ones=2,pair=10,chance=20", dice: []int{1, 2, 2, 6, 6}, rollsLeft: ptr(0)},
		{name: "yatzy opponent", game: "yatzy", sheet: yatzyEnd + ",full-house=26", dice: []int{2, 2, 5, 5, 6}, rollsLeft: ptr(2),
			opponents: []string{yatzyEnd + ",chance=25"}},
		{name: "swedish new game", game: "swedish", dice: []int{1, 2, 3, 4, 6}},
		{name: "swedish mid-game", game: "swedish", sheet: "sixes=24,poker=50,pair=12", dice: []int{6, 6, 4, 4, 1}, rollsLeft: ptr(1)},
		{name: "poker-dice new game", game: "poker-dice", dice: []int{1, 1, 2, 5, 6}},
		{name: "poker-dice target", game: "poker-dice", sheet: pokerEnd, dice: []int{1, 1, 2, 5, 6}, target: ptr(30)},
		{name: "poker-dice target, last roll", game: "poker-dice", sheet: pokerEnd + ",straight=4", dice: []int{1, 1, 1, 5, 5}, rollsLeft: ptr(0), target: ptr(38)},
		{name: "poker-dice opponents", game: "poker-dice", sheet: pokerEnd, dice: []int{1, 2, 3, 4, 6}, rollsLeft: ptr(0),
			opponents: []string{pokerEnd + ",straight=4", "straight=4"}},
		{name: "school new game", game: "school", dice: []int{1, 1, 2, 5, 6}},
		{name: "school mid-turn", game: "school", sheet: "ones=x,pair=12", dice: []int{4, 4, 4, 2, 3}, rollsLeft: ptr(1), fresh: &no},
		{name: "school one column", game: "school", rules: []string{"columns=1"}, sheet: "ones=x,pair=12,reserve=1", dice: []int{3, 3, 5, 5, 6}, rollsLeft: ptr(1), fresh: &yes},
		{name: "school opponent", game: "school", dice: []int{6, 6, 6, 2, 3}, opponents: []string{"sixes=x"}},
		{name: "school opponents, last roll", game: "school", sheet: "ones=x", dice: []int{5, 5, 5, 5, 1}, rollsLeft: ptr(0), fresh: &no,
			opponents: []string{"pair=12", "twos=x,threes=r,reserve=1"}},
	}
	// The tables, before the questions that share them.
	for _, game := range []struct {
		name string
		o    engine.Options
	}{{"yahtzee", engine.Options{}}, {"yahtzee", engine.Options{ForcedJoker: true}}, {"yatzy", engine.Options{}}, {"swedish", engine.Options{}}, {"poker-dice", engine.Options{}}} {
		g, err := engine.New(game.name, game.o)
		if err != nil {
			t.Fatal(err)
		}
		sharedSolved(t, dir, g, false)
	}
	poker, _ := engine.New("poker-dice", engine.Options{})
	sharedSolved(t, dir, poker, true)
	one, _ := engine.New("school", engine.Options{Columns: 1})
	_, exact := schoolExact(t, tablestest.Scrambled)
	copyFile(t, exact, strategy.Path(dir, one))
	schoolRace(t, dir)

	ts := httptest.NewUnstartedServer(nil)
	s, err := web.New(advice.Opener{Dir: dir}, ts.Listener.Addr().String(), web.Options{SolveWait: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Start()
	t.Cleanup(ts.Close)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := tc.args(t)
			want := c.runOK(t, args...)
			res, err := http.Post(ts.URL+"/api/advise", "application/json", strings.NewReader(tc.body(t)))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			got, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusOK || string(got) != want {
				t.Errorf("/api/advise %s: %d\n%s\nwant what dicepoker %s prints:\n%s", tc.body(t), res.StatusCode, got, strings.Join(args, " "), want)
			}
			if aim := tc.aim(); !strings.Contains(want, aim) {
				t.Errorf("dicepoker %s answers without %s:\n%s", strings.Join(args, " "), aim, want)
			}
		})
	}
}
