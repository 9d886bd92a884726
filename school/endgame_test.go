package school

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/solver"
)

// lateSheet returns a sheet of g with turns turns left, written by play
// that takes a random legal write half the time and the write worth most
// at once otherwise (so that some bonuses stay in reach), then, half the
// time, given a reserve of 0 to 40: any reserve is a legal sheet's.
func lateSheet(g *engine.Game, turns int, rng *rand.Rand) engine.SchoolState {
	s := g.NewSchoolState()
	for g.SchoolTurnsLeft(&s) > turns {
		s = playedWrite(g, s, rng).Next
	}
	if rng.IntN(2) == 0 {
		s.Reserve = rng.IntN(41)
	}
	return s
}

// TestEndgameOneColumn checks the endgame's values against the exact solve
// of reduced one-column sheets, in full precision, on late sheets with 1
// to 7 turns left: the sheets themselves and every sheet one write after
// them, over a base that values every sheet at 0 (the greedy player). A
// sheet with at most 2 turns left, or at most 5 and no bonus in reach,
// must have its exact value; any other the base's. Every row bonus
// is taken but in one case, so that sheets with none in reach come early.
func TestEndgameOneColumn(t *testing.T) {
	t.Parallel()
	const turns, lost = 2, 5
	for _, c := range []struct {
		taken string
		rows  []string
	}{
		{"twos+fives+pair+full-house+small-straight", []string{"twos", "fives", "pair", "full-house", "sum", "small-straight"}},
		{"ones+threes+sixes+two-pairs+four-of-a-kind+small-straight+large-straight", []string{"ones", "threes", "sixes", "two-pairs", "four-of-a-kind", "small-straight", "large-straight"}},
		{"", []string{"fours", "three-of-a-kind", "five-of-a-kind", "sum", "twos", "full-house"}},
	} {
		t.Run(strings.Join(c.rows, " ")+" taken="+c.taken, func(t *testing.T) {
			t.Parallel()
			school, err := engine.New("school", engine.Options{Columns: 1, Taken: c.taken})
			if err != nil {
				t.Fatal(err)
			}
			g, err := school.Subset(c.rows...)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(g, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			zero := func(engine.SchoolState) float64 { return 0 }
			want := func(s engine.SchoolState) float64 {
				if left := g.SchoolTurnsLeft(&s); left <= turns || left <= lost && s.RowBonus == 0 && s.ColBonus == 0 {
					return sol.Value(s)
				}
				return 0
			}
			e := NewEndgame(NewKernel(g), Fixed(zero), turns, lost)
			exact := e.Values(zero)
			rng := rand.New(rand.NewPCG(3, uint64(len(c.rows))))
			checked, lostSheets := 0, 0
			for i := range 80 {
				s := lateSheet(g, 1+i%7, rng)
				if s.RowBonus == 0 && s.ColBonus == 0 && g.SchoolTurnsLeft(&s) > turns {
					lostSheets++
				}
				if got, want := exact(s), want(s); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
					t.Errorf("sheet %+v, %d turns left: endgame %.12f, want %.12f", s, g.SchoolTurnsLeft(&s), got, want)
				}
				after := e.Player(&s)
				for r := range engine.NumRolls {
					for _, m := range g.SchoolMoves(s, r, r%3 == 0, nil) {
						if got, want := after(m.Next), want(m.Next); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
							t.Fatalf("sheet %+v, after %+v: endgame %.12f, want %.12f", s, m, got, want)
						}
						checked++
					}
				}
			}
			if lostSheets == 0 && c.taken != "" {
				t.Error("no sheet with no bonus in reach beyond the turns")
			}
			t.Logf("%d sheets after a write checked; %d of 80 sheets with no bonus in reach beyond %d turns", checked, lostSheets, turns)
		})
	}
}

// TestEndgameBrute checks the endgame against the brute force, which
// keeps every sheet as it is, on late sheets of reduced sheets of two and
// three columns and of the full three-column sheet: the bonuses of rows
// and columns, the best cells and the reserve that its keys drop or cap
// must not change a value.
func TestEndgameBrute(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		columns int
		taken   string
		rows    []string // nil: the full sheet
		turns   int      // turns left of the late sheets, all valued exactly
		sheets  int
	}{
		{2, "", []string{"twos", "pair", "sum"}, 2, 6},
		{2, "pair", []string{"ones", "pair", "full-house"}, 2, 6},
		{3, "", []string{"sixes", "two-pairs"}, 2, 6},
		{3, "", nil, 1, 20},
		{3, "", nil, 2, 4},
		{3, "ones+twos+threes+fours+fives+sixes+pair+three-of-a-kind+two-pairs+full-house+four-of-a-kind+five-of-a-kind+small-straight+large-straight", nil, 4, 3},
	} {
		t.Run(fmt.Sprintf("columns=%d rows=%s taken=%s turns=%d", c.columns, strings.Join(c.rows, "+"), c.taken, c.turns), func(t *testing.T) {
			t.Parallel()
			g, err := engine.New("school", engine.Options{Columns: c.columns, Taken: c.taken})
			if err != nil {
				t.Fatal(err)
			}
			if c.rows != nil {
				if g, err = g.Subset(c.rows...); err != nil {
					t.Fatal(err)
				}
			}
			b := newBrute(g)
			// With every row bonus taken, lateSheet loses the column
			// bonuses too, mostly: those sheets are exact by the lost
			// turns, the others by the turns.
			e := NewEndgame(NewKernel(g), nil, min(c.turns, 2), c.turns)
			exact := e.Values(nil)
			rng := rand.New(rand.NewPCG(5, uint64(c.columns*10+c.turns)))
			valued := 0
			for range c.sheets {
				s := lateSheet(g, c.turns, rng)
				if !e.exactly(&s) {
					continue
				}
				valued++
				if got, want := exact(s), b.value(s); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
					t.Errorf("sheet %+v: endgame %.12f, brute force %.12f", s, got, want)
				}
			}
			// Every sheet the brute force met on the way agrees too.
			for s, want := range b.states {
				if got := exact(s); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
					t.Errorf("sheet %+v: endgame %.12f, brute force %.12f", s, got, want)
				}
			}
			if valued == 0 {
				t.Fatal("no late sheet is valued exactly")
			}
			t.Logf("%d of %d late sheets, %d on the way, %d kept by the endgame", valued, c.sheets, len(b.states), len(e.known))
		})
	}
}

// TestEndgameKey checks what the keys drop: sheets that differ only there
// have one key, and sheets that differ where the future can tell them
// apart have two.
func TestEndgameKey(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	e := NewEndgame(NewKernel(g), nil, 3, 3)
	sheet := func(text string) engine.SchoolState {
		sh, err := g.ParseSchoolSheet(text)
		if err != nil {
			t.Fatal(err)
		}
		return sh.State(g)
	}
	all := "ones=x/x/x,twos=x/x/x,threes=x/x/x,fours=x/x/x,fives=x/x/x,sixes=x/x/x,three-of-a-kind=12/15/18,two-pairs=14/16/18," +
		"full-house=20/22/24,four-of-a-kind=24/28/32,five-of-a-kind=55/60/60,small-straight=15/30/15,large-straight=20/40/20"
	for _, c := range []struct {
		name string
		a, b string
		same bool
	}{
		{"the reserve with no School cell open", all + ",pair=4/6,sum=20/21/22,reserve=3", all + ",pair=4/6,sum=20/21/22", true},
		{"a lost row bonus's best cell", all + ",pair=4/-,sum=20/21/22", all + ",pair=12/-,sum=20/21/22", true},
		{"a row bonus's best cell in reach", all + ",pair=4/6,sum=20/21/22", all + ",pair=12/6,sum=20/21/22", false},
		{"a lost column bonus's best cell", all + ",pair=4/6,sum=20/21/-", strings.Replace(all, "five-of-a-kind=55/60/60", "five-of-a-kind=55/60/65", 1) + ",pair=4/6,sum=20/21/-", true},
		{"a column bonus's best cell in reach", all + ",pair=4/6,sum=20/21/22", strings.Replace(all, "five-of-a-kind=55/60/60", "five-of-a-kind=55/60/65", 1) + ",pair=4/6,sum=20/21/22", false},
		{"the reserve beyond two dice short", strings.Replace(all, "ones=x/x/x", "ones=x/x", 1) + ",pair=4/6/8,sum=20/21/22,reserve=2",
			strings.Replace(all, "ones=x/x/x", "ones=x/x", 1) + ",pair=4/6/8,sum=20/21/22,reserve=30", true},
		{"the reserve up to two dice short", strings.Replace(all, "ones=x/x/x", "ones=x/x", 1) + ",pair=4/6/8,sum=20/21/22,reserve=1",
			strings.Replace(all, "ones=x/x/x", "ones=x/x", 1) + ",pair=4/6/8,sum=20/21/22,reserve=2", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := sheet(c.a), sheet(c.b)
			if a == b {
				t.Fatal("the sheets are the same")
			}
			if same := e.key(a) == e.key(b); same != c.same {
				t.Errorf("one key: %v, want %v", same, c.same)
			}
		})
	}
}

// TestEndgameBase checks that with more than the endgame's turns left
// the sheets after a turn are the base player's, and that its values do
// not depend on what the endgame met before or on the lanes they shared.
func TestEndgameBase(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	k := NewKernel(g)
	est, err := NewEstimate(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range est.W {
		est.W[i] = rng.NormFloat64()
	}
	e := NewEndgame(k, est.After, 2, 2)
	for i := range 20 {
		s := lateSheet(g, 2+i%3, rng)
		after, base := e.Player(&s), est.After(&s)
		fresh := NewEndgame(k, est.After, 2, 2).Player(&s)
		for r := range engine.NumRolls {
			for _, m := range g.SchoolMoves(s, r, r%2 == 0, nil) {
				got := after(m.Next)
				if g.SchoolTurnsLeft(&m.Next) > 2 && got != base(m.Next) {
					t.Fatalf("sheet %+v after %+v: %g, the base gives %g", s, m, got, base(m.Next))
				}
				if again := fresh(m.Next); again != got {
					t.Fatalf("sheet %+v after %+v: %g, a new endgame %g", s, m, got, again)
				}
			}
		}
	}
	if len(e.known) == 0 {
		t.Error("no sheet was valued exactly")
	}
}

// TestEndgameSolverLanes checks that a filled batch and a lone search
// agree to the bit (the lanes do not mix), which the endgame's shared
// values rely on.
func TestEndgameSolverLanes(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	k := NewKernel(g)
	rng := rand.New(rand.NewPCG(2, 2))
	states := make([]engine.SchoolState, lanes.Lanes)
	for j := range states {
		states[j] = lateSheet(g, 1+j%3, rng)
	}
	next := func(s engine.SchoolState) float64 { return float64(s.Reserve) + float64(s.ColBest[0]) }
	out := make([]float64, len(states))
	w := k.newScratch()
	k.values(states, next, w, out)
	for j := range states {
		if v := k.Value(&states[j], next, w); v != out[j] {
			t.Errorf("lane %d: %g alone, %g in a batch", j, v, out[j])
		}
	}
}

// playedWrite returns a write of sheet s for a random roll, fresh or not:
// a random legal one half the time, else the one worth most at once (as a
// player keeps bonuses).
func playedWrite(g *engine.Game, s engine.SchoolState, rng *rand.Rand) engine.SchoolWrite {
	moves := g.SchoolMoves(s, rng.IntN(engine.NumRolls), rng.IntN(2) == 0, nil)
	m := moves[rng.IntN(len(moves))]
	if rng.IntN(2) == 0 {
		for _, o := range moves {
			if o.Total() > m.Total() {
				m = o
			}
		}
	}
	return m
}
