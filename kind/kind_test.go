package kind

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/strategy"
)

// games returns the games of the rules o by name.
func games(t *testing.T, o engine.Options, names ...string) map[string]*engine.Game {
	t.Helper()
	gs := map[string]*engine.Game{}
	for _, name := range names {
		g, err := engine.New(name, o)
		if err != nil {
			t.Fatal(err)
		}
		gs[name] = g
	}
	return gs
}

// TestCheckRun checks the limits of a run for each kind of game, before
// any table is opened.
func TestCheckRun(t *testing.T) {
	one, two, three, five, total := 1, 2, 3, 5, 30
	cases := []struct {
		name     string
		game     string
		strategy string
		total    *int
		games    int
		seats    *int
		want     string // a part of the error, its fields worded plainly; "" for none
	}{
		{"single sheet", "yatzy", "", nil, 10, nil, ""},
		{"no games", "yatzy", "", nil, 0, nil, "games 0: must be 1 to 1000000000"},
		{"seats of a single sheet", "yatzy", "", nil, 10, &one, ""},
		{"a seat a strategy", "yatzy", "win,optimal,target:200", nil, 10, nil, ""},
		{"one strategy for every seat", "yatzy", "greedy", nil, 10, &three, ""},
		{"too many single-sheet players", "yatzy", "", nil, 10, &five, "players 5: yatzy has 1 to 4 players"},
		{"a strategy too few", "yatzy", "win,optimal", nil, 10, &three, "names 2 strategies for 3 players"},
		{"win alone", "yatzy", "win", nil, 10, nil, "strategy win plays against other players: give players 2 or more"},
		{"an unknown seat", "yatzy", "optimal,lucky", nil, 10, nil, `strategy: strategy "lucky"`},
		{"a target with seats", "yatzy", "", &total, 10, &two, "target plays alone: with seats, give strategy target:T"},
		{"a target alone", "yatzy", "", &total, 10, nil, ""},
		{"school", "school", "", nil, 10, &two, ""},
		{"school alone", "school", "", nil, 10, nil, ""},
		{"too many school games", "school", "", nil, 60_000_000, nil, "school plays at most 50000000 games"},
		{"too many players", "school", "", nil, 10, &five, "players 5: school has 1 to 4 players"},
	}
	gs := games(t, engine.Options{}, "yatzy", "school")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckRun(gs[c.game], c.strategy, c.total, c.games, c.seats)
			if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
				t.Errorf("CheckRun: %v, want %q", err, c.want)
			}
		})
	}
}

// TestPlayerSeats checks that greedy players of each kind play the seats
// asked for: one seat and its bonuses for a single sheet alone, wins
// shared among the seats of a single sheet and of school.
func TestPlayerSeats(t *testing.T) {
	two, three := 2, 3
	gs := games(t, engine.Options{Columns: 1}, "school")
	single := games(t, engine.Options{}, "poker-dice", "yatzy")
	cases := []struct {
		name  string
		g     *engine.Game
		seats *int
		wins  bool
	}{
		{"single sheet", single["poker-dice"], nil, false},
		{"single sheet, two seats", single["poker-dice"], &two, true},
		{"school, three players", gs["school"], &three, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPlayer(advice.Opener{}, c.g, "greedy", nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Simulate(50, c.seats, 7, scores.Options{Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			want := 1
			if c.seats != nil {
				want = *c.seats
			}
			if p.Name != "greedy" || p.Expected != nil || len(res.Seats) != want || (res.Wins != nil) != c.wins {
				t.Fatalf("player %q expecting %v: %d seats, wins %v; want greedy, nil, %d seats, wins %v", p.Name, p.Expected, len(res.Seats), res.Wins, want, c.wins)
			}
			total := 0.0
			for i, s := range res.Seats {
				if s.Games != 50 || s.Scores.Total() != 50 {
					t.Errorf("seat %d: %d games, %g in the histogram; want 50", i, s.Games, s.Scores.Total())
				}
				if res.Wins != nil {
					total += res.Wins[i].Rate
				}
			}
			if c.wins && math.Abs(total-1) > 1e-12 {
				t.Errorf("win shares %v add up to %g, want 1", res.Wins, total)
			}
		})
	}
	if _, err := NewPlayer(advice.Opener{}, single["yatzy"], "estimate", nil); err == nil || !strings.Contains(err.Error(), "want optimal or greedy") {
		t.Errorf("a single sheet's estimate: %v, want it refused", err)
	}
}

// TestSolveAndDistribution solves poker dice to a file, opens its
// optimal player from it and checks that the exact distribution's mean
// is the table's expected score.
func TestSolveAndDistribution(t *testing.T) {
	g := games(t, engine.Options{}, "poker-dice")["poker-dice"]
	path := filepath.Join(t.TempDir(), "poker.dpt")
	built, err := Solve(advice.Opener{}, g, path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if built.Kind != optimum || built.Path != path || built.Reachable == 0 || built.Unit != "states" || math.Abs(built.Expected-31.4230) > 1e-4 {
		t.Errorf("solve: %+v, want the optimum 31.4230 at %s", built, path)
	}
	p, err := NewPlayer(advice.Opener{File: path}, g, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := p.Distribution(0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "optimal" || d.Sample != nil || math.Abs(d.Exact.Summary().Mean-*p.Expected) > 1e-4 {
		t.Errorf("%s (%s): mean %v, expected %v", strategy.Describe(g), p.Name, d.Exact.Summary().Mean, *p.Expected)
	}
}

// TestOf checks what each kind of game says of its tables: the file and
// name of its own table, whether it is exact, and an every-target table
// for the single sheets only.
func TestOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game    string
		o       engine.Options
		exact   bool
		what    string
		file    string
		targets string // the every-target table's file; "" for none
	}{
		{"yatzy", engine.Options{}, true, "yatzy strategy table", "yatzy.dpt", "yatzy-targets.dpt"},
		{"school", engine.Options{Columns: 1}, true, "school one-column exact table", "school+columns=1.dpt", ""},
		{"school", engine.Options{Columns: 2}, false, "school (columns=2) estimate", "school+columns=2+ntuple5.dpt", ""},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			t.Parallel()
			k := Of(games(t, c.o, c.game)[c.game])
			b := k.Table()
			if k.Exact() != c.exact || b.What != c.what || filepath.Base(b.Path("dir")) != c.file || filepath.Dir(b.Path("dir")) != "dir" {
				t.Errorf("exact %v, table %q at %s; want %v, %q at dir/%s", k.Exact(), b.What, b.Path("dir"), c.exact, c.what, c.file)
			}
			if cost := b.Cost(1); cost.Seconds <= 0 || cost.Disk <= 0 || cost.Memory <= 0 {
				t.Errorf("cost %+v, want every part above 0", cost)
			}
			tb := k.Targets()
			switch {
			case (tb != nil) != (c.targets != ""):
				t.Errorf("every-target table %v, want %q", tb, c.targets)
			case tb != nil && filepath.Base(tb.Path("dir")) != c.targets:
				t.Errorf("every-target table at %s, want %s", tb.Path("dir"), c.targets)
			}
		})
	}
}
