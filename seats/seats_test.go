package seats

import (
	"math"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/target"
)

// TestParse checks the lists of strategies Parse reads, as Join prints
// them back, and the errors of those it refuses.
func TestParse(t *testing.T) {
	// Each list, with the strategies joined or the error's start.
	for list, want := range map[string]string{
		"optimal":                "optimal",
		"optimal,greedy":         "optimal,greedy",
		" win , target:250 ":     "win,target:250",
		"target:0,target:100000": "target:0,target:100000",
		"":                       `strategy "": want`,
		"optimal,":               `strategy "": want`,
		"target:":                `strategy "target:": the target`,
		"target:-1":              `strategy "target:-1": the target`,
		"target:100001":          `strategy "target:100001": the target`,
		"target:2x":              `strategy "target:2x": the target`,
		"Optimal":                `strategy "Optimal": want`,
	} {
		ss, err := Parse(list)
		got := Join(ss)
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("Parse(%q) = %q, want %q", list, got, want)
		}
	}
}

// FuzzParse checks that a list Parse accepts prints back as a list it
// reads the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"optimal", "win,optimal", "target:250,greedy", "target:-3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		ss, err := Parse(list)
		if err != nil {
			return
		}
		again, err := Parse(Join(ss))
		if err != nil || len(again) != len(ss) {
			t.Fatalf("%q reads as %v, printed back as %q: %v", list, ss, Join(ss), err)
		}
		for i := range ss {
			if again[i] != ss[i] {
				t.Fatalf("%q: seat %d reads %v, then %v", list, i, ss[i], again[i])
			}
		}
	})
}

// setup returns the setup of a reduced yatzy.
func setup(t *testing.T) Setup {
	t.Helper()
	g, err := engine.New("yatzy", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.Subset("fives", "sixes", "one-pair", "three-of-a-kind", "small-straight", "yatzy", "chance"); err != nil {
		t.Fatal(err)
	}
	ev, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := target.SolveTable(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Setup{Game: g, EV: ev.Value, Table: tab}
}

// TestSpread checks the spread of expected-value play against its exact
// distribution.
func TestSpread(t *testing.T) {
	st := setup(t)
	p, err := policy.New(st.Game, st.EV)
	if err != nil {
		t.Fatal(err)
	}
	sp := NewSpread(p, st.EV, 0)
	for _, s := range []engine.State{{}, {Filled: 0b1000001, Upper: 10}} {
		sum := scores.ExactFrom(p, s, scores.Options{}).Summary()
		mean, sd := sp.Final(s, 7)
		if math.Abs(mean-7-sum.Mean) > 1e-9 || math.Abs(sd-sum.SD) > 1e-6 {
			t.Errorf("state %+v: mean %v sd %v, exactly %v and %v", s, mean-7, sd, sum.Mean, sum.SD)
		}
	}
}

// TestCommonDice checks the common random numbers: two seats that play
// alike win exactly half the games each, in every block.
func TestCommonDice(t *testing.T) {
	st := setup(t)
	for _, list := range []string{"optimal,optimal", "greedy,greedy,greedy"} {
		t.Run(list, func(t *testing.T) {
			ss, _ := Parse(list)
			seats, err := Play(st, ss, 301, 5)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range seats {
				want := 1 / float64(len(ss))
				if s.Sample.Games != 303-303%len(ss)+len(ss)*btoi(301%len(ss) != 0)-len(ss)*btoi(303%len(ss) != 0) && s.Sample.Games%len(ss) != 0 {
					t.Errorf("seat %d played %d games", i, s.Sample.Games)
				}
				if math.Abs(s.WinRate-want) > 1e-12 || math.Abs(s.WinCI95[1]-s.WinCI95[0]) > 1e-12 {
					t.Errorf("seat %d: win rate %v (%v), want %v exactly", i, s.WinRate, s.WinCI95, want)
				}
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSeats checks the seats' results: a target seat reaches its total
// as often as the table says; the win seat wins at least half against
// the expected-value player; the seeds decide the games, not the threads.
func TestSeats(t *testing.T) {
	st := setup(t)
	ss, _ := Parse("target:90,win,optimal")
	const games = 3000
	seats, err := Play(st, ss, games, 11)
	if err != nil {
		t.Fatal(err)
	}
	p := st.Table.Chance(engine.State{}, 90)
	reach := seats[0].Sample.Scores.AtLeast(90) / float64(games)
	if sd := math.Sqrt(p * (1 - p) / games); math.Abs(reach-p) > 4*sd {
		t.Errorf("target:90 reaches it in %.4f of games, the table says %.4f (sd %.4f)", reach, p, sd)
	}
	if total := seats[0].WinRate + seats[1].WinRate + seats[2].WinRate; math.Abs(total-1) > 1e-12 {
		t.Errorf("win rates add up to %v", total)
	}
	few, err := Play(st, ss, 300, 11)
	if err != nil {
		t.Fatal(err)
	}
	st.Threads = 1
	again, err := Play(st, ss, 300, 11)
	if err != nil {
		t.Fatal(err)
	}
	for i := range few {
		if again[i].WinRate != few[i].WinRate || again[i].Sample.Summary().Mean != few[i].Sample.Summary().Mean {
			t.Errorf("seat %d: one thread plays other games", i)
		}
	}
	st.Threads = 0
	two, err := Play(st, []Strategy{{Kind: Win}, {Kind: Optimal}}, 6000, 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("win against optimal: %.4f (%.4f..%.4f); means %.2f, %.2f", two[0].WinRate, two[0].WinCI95[0], two[0].WinCI95[1],
		two[0].Sample.Summary().Mean, two[1].Sample.Summary().Mean)
	if two[0].WinCI95[1] < 0.5 {
		t.Errorf("the win seat wins %.4f (%.4f..%.4f) against the expected-value player", two[0].WinRate, two[0].WinCI95[0], two[0].WinCI95[1])
	}
}
