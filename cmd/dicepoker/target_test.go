package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/target"
)

// TestAdviseTarget checks advise --target where the chances are known:
// with only the straight open, 4 points short of the target and 9 T J Q A
// in hand, keeping 9 T J Q or T J Q A makes the straight with the one
// die rerolled showing K, 1 in 6; writing the dice now misses it. The
// every-target table's values are its float32 turns', to its bounds.
func TestAdviseTarget(t *testing.T) {
	t.Parallel()
	pokerTargets(t)
	var res struct {
		SheetScore  int     `json:"sheet_score"`
		Target      int     `json:"target"`
		Probability float64 `json:"probability"`
		Options     []struct {
			Action      string  `json:"action"`
			Keep        []int   `json:"keep"`
			Category    string  `json:"category"`
			Probability float64 `json:"probability"`
			Expected    float64 `json:"expected"`
			Tie         bool    `json:"tie"`
		} `json:"options"`
	}
	out := runOK(t, "advise", "--game", "poker-dice", "--sheet", pokerAllButStraight, "--dice", "9TJQA", "--target", "36", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, _, err := (&advice.Opener{}).TargetPlay(g, true)
	if err != nil {
		t.Fatal(err)
	}
	// One turn is left: the table's values are within one turn's bounds.
	turns := float64(len(g.Categories))
	bound, ebound := target.Bound(g)/turns, tab.EBound()/turns
	if res.SheetScore != 32 || res.Target != 36 || math.Abs(res.Probability-1.0/6) > bound || len(res.Options) < 3 {
		t.Fatalf("advise --target: %s", out)
	}
	for i, want := range [][]int{{2, 3, 4, 6}, {1, 2, 3, 4}} {
		o := res.Options[i]
		if o.Action != "keep" || !slices.Equal(o.Keep, want) || math.Abs(o.Probability-1.0/6) > bound || !o.Tie ||
			math.Abs(o.Expected-(32+4.0/6)) > ebound {
			t.Errorf("option %d: %+v, want keep %v with chance 1/6 and a tie", i, o, want)
		}
	}
	for _, o := range res.Options {
		if o.Action == "score" && o.Probability != 0 {
			t.Errorf("writing the dice now: %+v, want no chance", o)
		}
	}
	// A target the sheet has reached already: every action is certain.
	out = runOK(t, "advise", "--game", "poker-dice", "--sheet", pokerAllButStraight, "--dice", "9TJQA", "--target", "20", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Options {
		if o.Probability != 1 {
			t.Errorf("target reached: %+v", o)
		}
	}
}

// TestTargetExpected checks the expected scores of the play for a
// target, in one tables directory: advise's and simulate's (the
// every-target table's) against the exact distributions of the play.
func TestTargetExpected(t *testing.T) {
	t.Parallel()
	pokerTargets(t)
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("advise", func(t *testing.T) { adviseTargetExpected(t, g) })
	t.Run("simulate", func(t *testing.T) { simulateTargetExpected(t, g) })
}

// adviseTargetExpected checks advise --target --json's expected scores on
// a hand-made poker-dice sheet, the dice to be written now, against the
// exact distribution of the every-target table's play from where the
// best option leads: its mean (plus the sheet and the points written) to
// the table's EBound, its chance of the target to target.Bound. The expected
// score is that of the play for the target, short of the expected-value
// optimum's.
func adviseTargetExpected(t *testing.T, g *engine.Game) {
	const sheet, total = "aces=3,kings=3,queens=0,pair=1,two-pair=2,three-of-a-kind=3,four-of-a-kind=4", 36
	var res struct {
		SheetScore int `json:"sheet_score"`
		Options    []struct {
			Action      string  `json:"action"`
			Category    string  `json:"category"`
			Points      int     `json:"points"`
			Probability float64 `json:"probability"`
			Expected    float64 `json:"expected"`
		} `json:"options"`
	}
	out := runOK(t, "advise", "--game", "poker-dice", "--sheet", sheet, "--dice", "JJTT9", "--rolls-left", "0", "--target", fmt.Sprint(total), "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	best := res.Options[0]
	after, err := engine.ParseSheet(g, fmt.Sprintf("%s,%s=%d", sheet, best.Category, best.Points))
	if err != nil {
		t.Fatal(err)
	}
	tab, ev, err := (&advice.Opener{}).TargetPlay(g, true)
	if err != nil {
		t.Fatal(err)
	}
	s, score := after.State(g), after.Score(g)
	pl, err := tab.NewPlayer(s, total, score, ev)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := pl.Distribution(scores.Options{})
	mean := float64(score)
	for i, p := range h.W {
		mean += p * float64(h.Lo+i)
	}
	reach := h.AtLeast(total - score)
	if best.Action != "score" || math.Abs(best.Expected-mean) > tab.EBound() || math.Abs(best.Probability-reach) > target.Bound(g) {
		t.Errorf("best %+v; the exact distribution of its play: mean %v, chance %v", best, mean, reach)
	}
	if optimum := float64(score) + ev(s); mean >= optimum-0.01 || reach <= 0 || reach >= 1 {
		t.Errorf("the play for %d expects %v, the expected-value optimum %v; its chance %v", total, mean, optimum, reach)
	}
}

// simulateTargetExpected checks the expected scores of simulate --target
// --json (the every-target table's, as "expected" and "expected_score")
// against distribution --target --json's exact mean, to the table's EBound,
// and the table's chance against the exact one, to target.Bound. Those
// are the table's, whatever the games played, so a few games serve: they
// give "reached".
func simulateTargetExpected(t *testing.T, g *engine.Game) {
	type result struct {
		Target        int      `json:"target"`
		Probability   float64  `json:"probability"`
		Reached       *float64 `json:"reached"`
		Expected      *float64 `json:"expected"`
		ExpectedScore *float64 `json:"expected_score"`
		Mean          float64  `json:"mean"`
		CI95          []float64
	}
	var sim, dist result
	for _, c := range []struct {
		res  *result
		args []string
	}{
		{&sim, []string{"simulate", "--game", "poker-dice", "--target", "36", "--games", "100", "--json"}},
		{&dist, []string{"distribution", "--game", "poker-dice", "--target", "36", "--json"}},
	} {
		out := runOK(t, c.args...)
		if err := json.Unmarshal([]byte(out), c.res); err != nil || c.res.Expected == nil || c.res.ExpectedScore == nil ||
			*c.res.Expected != *c.res.ExpectedScore || c.res.Target != 36 {
			t.Fatalf("%q: %v\n%s", c.args, err, out)
		}
	}
	tab, _, err := (&advice.Opener{}).TargetPlay(g, false)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(*sim.Expected-dist.Mean) > tab.EBound() || *dist.Expected != dist.Mean ||
		math.Abs(sim.Probability-dist.Probability) > target.Bound(g) || sim.Reached == nil {
		t.Errorf("simulate --target: %+v; distribution --target: %+v", sim, dist)
	}
}

func TestTargetRefused(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	for _, args := range [][]string{
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "-1"},
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "1000000"},
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--target", "30", "--table", "x.dpt"},
		{"advise", "--game", "school", "--dice", "33456", "--target", "300"},
		{"simulate", "--game", "poker-dice", "--target", "30", "--strategy", "greedy"},
		{"distribution", "--game", "poker-dice", "--target", "30", "--table", "x.dpt"},
		{"distribution", "--game", "school", "--target", "300"},
	} {
		t.Run(args[0]+" "+args[len(args)-1], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := cl.run(args, &stdout, &stderr); status != 2 || bytes.Count(stderr.Bytes(), []byte("\n")) != 1 {
				t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
			}
		})
	}
}

// TestChances checks chances --json on a poker-dice sheet with the
// straight and the full house open: playing for a total never reaches it
// less often, and 8 more points (both boxes) come only from making both.
func TestChances(t *testing.T) {
	t.Parallel()
	pokerTargets(t)
	sheet := "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,four-of-a-kind=4,five-of-a-kind=0"
	png := t.TempDir() + "/c.png"
	out := runOK(t, "chances", "--game", "Poker-Dice", "--sheet", sheet, "--max", "36", "--png", png, "--json")
	var res struct {
		SheetScore int `json:"sheet_score"`
		Chances    []struct {
			Total int     `json:"total"`
			Best  float64 `json:"best"`
			EV    float64 `json:"ev"`
		} `json:"chances"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	last := res.Chances[len(res.Chances)-1]
	if res.SheetScore != 28 || res.Chances[0].Total != 29 || last.Total != 36 || last.Best <= 0 || last.Best >= 0.1 {
		t.Fatalf("chances: %s", out)
	}
	for _, c := range res.Chances {
		if c.Best < c.EV-1e-6 || c.Best > 1 || c.EV < 0 { // the table is within 1e-6 of the exact chance
			t.Errorf("total %d: best %v, ev %v", c.Total, c.Best, c.EV)
		}
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() == 0 {
		t.Errorf("--png: %v", err)
	}
	for _, args := range [][]string{
		{"chances", "--game", "school"},
		{"chances", "--game", "poker-dice", "--max", "0"},
		{"chances", "--game", "poker-dice", "--png", "/no/such/dir/c.png"},
		{"chances", "--game", "poker-dice", "--png", "/dev/null"},
		{"chances", "--game", "poker-dice", "--png", t.TempDir()},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(args, &stdout, &stderr); status != 2 {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
		}
	}
}

// TestAdviseOpponent checks advise --opponent where the chance is known:
// both players have only the straight left and equal scores; keeping four
// to the straight makes it 1 time in 6, the opponent's turn 0.1297 of the
// time (policy's example), and a tie counts half.
func TestAdviseOpponent(t *testing.T) {
	t.Parallel()
	pokerTargets(t)
	out := runOK(t, "advise", "--game", "poker-dice", "--sheet", pokerAllButStraight, "--dice", "9TJQA",
		"--opponent", pokerAllButStraight, "--json")
	var res struct {
		Opponents   []int   `json:"opponents"`
		Probability float64 `json:"probability"`
		Best        struct {
			Keep        []int   `json:"keep"`
			Probability float64 `json:"probability"`
		} `json:"best"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	const mine, theirs = 1.0 / 6, 0.1297
	want := mine*(1-theirs) + (mine*theirs+(1-mine)*(1-theirs))/2
	if !slices.Equal(res.Opponents, []int{32}) || math.Abs(res.Probability-want) > 1e-4 || res.Best.Probability != res.Probability || len(res.Best.Keep) != 4 {
		t.Errorf("advise --opponent: %s; want a win chance of %.4f", out, want)
	}
	for _, args := range [][]string{
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--opponent", "aces=7"},
		{"advise", "--game", "poker-dice", "--dice", "9TJQA", "--opponent", "", "--target", "30"},
		{"advise", "--game", "school", "--dice", "33456", "--opponent", "pair=7"},
		{"advise", "--game", "school", "--dice", "33456", "--sheet", "ones=x/x/x", "--opponent", "ones=x/x/x"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(args, &stdout, &stderr); status != 2 {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
		}
	}
}

// TestAdviseSchoolOpponent checks advise --game school --opponent: the
// race ranks the actions, the JSON gives the opponents' sheet scores and
// the race strategy, and a bonus the opponent earned is out of reach.
func TestAdviseSchoolOpponent(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	schoolRace(t, dir)
	var res struct {
		Strategy  string `json:"strategy"`
		Opponents []int  `json:"opponents"`
		Options   []struct {
			Row   string `json:"row"`
			Bonus *int   `json:"bonus"`
		} `json:"options"`
	}
	for _, c := range []struct {
		name, opponent string
		bonus          int // of writing 1 1 1 in ones, the last ones cell
	}{
		{"opponent far from the ones bonus", "twos=x", 5},
		{"opponent took the ones bonus", "ones=x/x/x", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := cl.runOK(t, "advise", "--game", "school", "--sheet", "ones=x/x", "--dice", "11123", "--rolls-left", "0",
				"--opponent", c.opponent, "--opponent", "", "--json", "--top", "0")
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if res.Strategy != "race" || len(res.Opponents) != 2 || res.Opponents[1] != 0 {
				t.Fatalf("strategy %q, opponents %v", res.Strategy, res.Opponents)
			}
			found := false
			for _, o := range res.Options {
				if o.Row == "ones" && o.Bonus != nil {
					found = true
					if *o.Bonus != c.bonus {
						t.Errorf("ones: bonus %d, want %d", *o.Bonus, c.bonus)
					}
				}
			}
			if !found {
				t.Errorf("no write in ones: %s", out)
			}
		})
	}
}

// TestSimulateSchoolRace checks school seats of several strategies: race
// against the estimate, in rounds with the seats swapped on the same
// dice, a line per strategy in the order given; two seats of the same
// strategy win exactly half each; a list of the wrong length is refused.
func TestSimulateSchoolRace(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	schoolRace(t, dir)
	var res struct {
		Strategy string `json:"strategy"`
		Games    int    `json:"games"`
		Seats    []struct {
			Strategy string     `json:"strategy"`
			Wins     float64    `json:"win_rate"`
			WinCI95  [2]float64 `json:"win_ci95"`
		} `json:"seats"`
	}
	out := cl.runOK(t, "simulate", "--game", "school", "--strategy", "race,estimate", "--games", "7", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Strategy != "race,estimate" || res.Games != 8 || len(res.Seats) != 2 || res.Seats[0].Strategy != "race" ||
		res.Seats[1].Strategy != "estimate" || math.Abs(res.Seats[0].Wins+res.Seats[1].Wins-1) > 1e-12 {
		t.Errorf("simulate race,estimate: %s", out)
	}
	out = cl.runOK(t, "simulate", "--game", "school", "--strategy", "estimate,estimate", "--games", "8", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Seats {
		if s.Wins != 0.5 || s.WinCI95 != [2]float64{0.5, 0.5} {
			t.Errorf("estimate,estimate: %s", out)
		}
	}
	text := cl.runOK(t, "simulate", "--game", "school", "--strategy", "race,greedy", "--games", "2")
	containsAll(t, text, "every strategy in every seat with the same dice", "seat 1  race ", "seat 2  greedy ")
	for _, args := range [][]string{
		{"simulate", "--game", "school", "--strategy", "race,estimate", "--players", "3"},
		{"simulate", "--game", "school", "--strategy", "race,lucky"},
		{"simulate", "--game", "school", "--strategy", "race,race,race,race,race"},
	} {
		var stdout, stderr bytes.Buffer
		if status := cl.run(args, &stdout, &stderr); status != 2 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr.String())
		}
	}
}
