package school

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/solver"
)

// TestActionsFresh checks a turn by hand on a sheet of just sum, one
// column, where a write is worth the cell twice (the column bonus is the
// cell) and nothing comes after it.
func TestActionsFresh(t *testing.T) {
	t.Parallel()
	g, err := mustSchool(t, 1).Subset("sum")
	if err != nil {
		t.Fatal(err)
	}
	zero := func(engine.SchoolState) float64 { return 0 }
	dice := engine.Multiset{1, 0, 0, 0, 0, 4} // 1 6 6 6 6
	for _, tc := range []struct {
		left  int
		fresh bool
		want  map[string]float64
	}{
		// Rolled fresh on the turn's first roll: 25 doubled, and its bonus.
		{2, true, map[string]float64{"write": 100, "cross": 0}},
		// Kept from before: not doubled. Rolling all five again is fresh:
		// 4 x 17.5 on average; keeping 6666 is not: 2 x (24 + 3.5).
		{1, false, map[string]float64{"write": 50, "": 70, "6666": 55, "1": 2 * (1 + 14)}},
	} {
		t.Run(fmt.Sprintf("left=%d fresh=%v", tc.left, tc.fresh), func(t *testing.T) {
			actions, err := NewKernel(g).Actions(g.NewSchoolState(), dice, tc.left, tc.fresh, zero)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range actions {
				key := a.Keep.String()
				switch {
				case a.Box != "" && writeOf(t, g, g.NewSchoolState(), dice, tc.fresh, a).Cell.Mark == engine.Crossed:
					key = "cross"
				case a.Box != "":
					key = "write"
				}
				if want, ok := tc.want[key]; ok && math.Abs(a.Value-want) > 1e-9 {
					t.Errorf("%d rolls left, fresh %v: %q is worth %g, want %g", tc.left, tc.fresh, key, a.Value, want)
				}
			}
		})
	}
	if _, err := NewKernel(g).Actions(g.NewSchoolState(), dice, 2, false, zero); err == nil {
		t.Error("a first roll that is not fresh was accepted")
	}
}

// TestLayout checks that every position of the index is its own.
func TestLayout(t *testing.T) {
	t.Parallel()
	g, _ := mustSchool(t, 1).Subset("ones", "fours", "pair", "five-of-a-kind", "sum")
	l, err := NewLayout(g)
	if err != nil {
		t.Fatal(err)
	}
	seen := make([]bool, l.Size())
	for m := range 1 << l.rows {
		for r := range l.cap[m] + 1 {
			for slot := range l.slots(m) {
				s := l.State(g, m, r, slot)
				i := l.Index(&s)
				if seen[i] || i != l.offset[m]+r*l.slots(m)+slot {
					t.Fatalf("mask %b reserve %d slot %d: index %d", m, r, slot, i)
				}
				seen[i] = true
			}
		}
	}
	if _, err := NewLayout(mustSchool(t, 2)); err == nil {
		t.Error("a two-column layout was made")
	}
}

func TestSolveThreads(t *testing.T) {
	t.Parallel()
	g, _ := mustSchool(t, 1).Subset("twos", "sixes", "pair", "four-of-a-kind", "large-straight", "sum")
	one, _ := Solve(g, solver.Options{Threads: 1})
	three, _ := Solve(g, solver.Options{Threads: 3})
	for i, v := range one.Values {
		if math.Float64bits(v) != math.Float64bits(three.Values[i]) {
			t.Fatalf("state %d: %v with one thread, %v with three", i, v, three.Values[i])
		}
	}
}

// TestSolveBits pins every value of the solves of two reduced sheets to
// the bit: the CRC-32 of their float64 bits in index order. Any change to
// the order of a sum or to a write moves it.
func TestSolveBits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rows   []string
		values int
		crc    uint32
	}{
		{[]string{"twos", "sixes", "full-house", "five-of-a-kind", "small-straight", "three-of-a-kind", "sum"}, 10944, 0x573c8787},
		{[]string{"ones", "threes", "fives", "pair", "two-pairs", "four-of-a-kind", "large-straight", "sum"}, 44640, 0x71834f01},
	} {
		t.Run(strings.Join(c.rows, " "), func(t *testing.T) {
			t.Parallel()
			g, err := mustSchool(t, 1).Subset(c.rows...)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(g, solver.Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			var bits []byte
			for _, v := range sol.Values {
				bits = binary.LittleEndian.AppendUint64(bits, math.Float64bits(v))
			}
			if got := crc32.ChecksumIEEE(bits); len(sol.Values) != c.values || got != c.crc {
				t.Errorf("%d values, CRC-32 %08x; want %d, %08x", len(sol.Values), got, c.values, c.crc)
			}
		})
	}
}

// TestEstimateAgainstExact plays the estimate-based player on a reduced
// one-column sheet and measures, with the exact values, what each of its
// decisions loses against the best: in all, within 0.5% of the optimum.
func TestEstimateAgainstExact(t *testing.T) {
	t.Parallel()
	g, _ := mustSchool(t, 1).Subset("ones", "threes", "fives", "pair", "two-pairs", "full-house", "small-straight", "sum")
	sol, err := Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultFit(g, sol.Value, 0).Train
	o.Games = 200 // a reduced sheet needs fewer
	e, err := Train(g, o)
	if err != nil {
		t.Fatal(err)
	}
	loss := NewKernel(g).Loss(e.After, sol.Value, 300, 7, 0)
	if loss > 0.005*sol.Expected() {
		t.Errorf("the estimate-based player loses %.3f a game against the optimum %.3f", loss, sol.Expected())
	}
	t.Logf("optimum %.3f, the estimate-based player loses %.3f a game", sol.Expected(), loss)
}

// TestMoves checks the writes that the solve and the distribution look up
// (movesOf) against the engine: every write of every open row in every
// state of reduced sheets, with and without row bonuses taken, gives the
// next index and the points that writing the state itself gives.
func TestMoves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		taken string
		rows  []string
	}{
		{"", []string{"ones", "fours", "pair", "five-of-a-kind", "sum"}},
		{"", []string{"twos", "sixes", "full-house", "small-straight"}},
		{"threes+two-pairs", []string{"threes", "fives", "two-pairs", "large-straight", "sum"}},
	} {
		t.Run(strings.Join(c.rows, " ")+" taken="+c.taken, func(t *testing.T) {
			full, err := engine.New("school", engine.Options{Columns: 1, Taken: c.taken})
			if err != nil {
				t.Fatal(err)
			}
			g, err := full.Subset(c.rows...)
			if err != nil {
				t.Fatal(err)
			}
			l, err := NewLayout(g)
			if err != nil {
				t.Fatal(err)
			}
			k := NewKernel(g)
			var mv moves
			writes := 0
			for m := range 1<<l.rows - 1 {
				l.movesOf(g, k, m, &mv)
				for reserve := range l.cap[m] + 1 {
					for slot := range l.slots(m) {
						s := l.State(g, m, reserve, slot)
						for _, r := range mv.rows {
							var ws []engine.SchoolWrite
							if r.school {
								for n := range engine.Dice + 1 {
									ws = append(ws, g.SchoolClose(s, r.c, n))
								}
							} else {
								for _, p := range r.points {
									ws = append(ws, g.SchoolScore(s, r.c, p))
								}
								for i, p := range k.levels[r.c] {
									if r.points[r.stale[i]] != p || r.points[r.fresh[i]] != g.School.Fresh*p {
										t.Fatalf("row %s level %d: points %d and %d, want %d and %d", g.Categories[r.c].Name, i,
											r.points[r.stale[i]], r.points[r.fresh[i]], p, g.School.Fresh*p)
									}
								}
							}
							e := r.at(reserve, slot)
							for d, w := range ws {
								next, total := r.write(e+d, reserve, slot)
								if want := l.Index(&w.Next); next != want || total != w.Total() {
									t.Fatalf("mask %b reserve %d slot %d row %s write %d: next %d, total %d; the engine says %d, %d",
										m, reserve, slot, g.Categories[r.c].Name, d, next, total, want, w.Total())
								}
								writes++
							}
						}
					}
				}
			}
			t.Logf("%d writes", writes)
		})
	}
}

// TestPoints checks each combination row's points on the full sheet: each
// distinct once, the cross first, and the windows by roll that the solve's
// finals read as levels giving every scoring roll its points, plain and
// doubled, and every other roll the cross.
func TestPoints(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 1)
	l, err := NewLayout(g)
	if err != nil {
		t.Fatal(err)
	}
	k := NewKernel(g)
	for c, cat := range g.Categories {
		if cat.School {
			continue
		}
		t.Run(cat.Name, func(t *testing.T) {
			pt := l.points[c]
			seen := map[int]bool{}
			for _, p := range pt.points {
				if seen[p] {
					t.Fatalf("points %v: %d twice", pt.points, p)
				}
				seen[p] = true
			}
			if pt.points[0] != 0 || len(pt.points) > 2*lanes.Levels || pt.from > lanes.Levels {
				t.Fatalf("points %v from %d", pt.points, pt.from)
			}
			for r, level := range &k.level[c] {
				stale, fresh := pt.points[pt.byRoll[0][r]], pt.points[int(pt.byRoll[1][r])+pt.from]
				want := [2]int{0, 0}
				if level != 0 {
					want = [2]int{g.Score(c, r), g.School.Fresh * g.Score(c, r)}
				}
				switch {
				case pt.byRoll[0][r] >= lanes.Levels || pt.byRoll[1][r] >= lanes.Levels:
					t.Fatalf("roll %v: positions %d and %d, at most %d", engine.Roll(r), pt.byRoll[0][r], pt.byRoll[1][r], lanes.Levels-1)
				case stale != want[0] || (fresh != want[1] && (level != 0 || pt.from == 0)):
					t.Fatalf("roll %v: points %d and %d, want %d and %d", engine.Roll(r), stale, fresh, want[0], want[1])
				}
			}
		})
	}
}

// TestSolveRolls checks that the solve refuses a turn of other than three
// rolls, which its keep passes are written for.
func TestSolveRolls(t *testing.T) {
	t.Parallel()
	for _, rolls := range []int{1, 2, 4} {
		t.Run(fmt.Sprint(rolls), func(t *testing.T) {
			g, err := mustSchool(t, 1).Subset("twos", "pair", "sum")
			if err != nil {
				t.Fatal(err)
			}
			g.Rolls = rolls
			want := fmt.Sprintf("%s: the exact solve's turns have three rolls, not %d", g.Name, rolls)
			if _, err := Solve(g, solver.Options{}); err == nil || err.Error() != want {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	}
}

// TestFinals checks the value of writing each roll, fresh and not, that a
// turn's search finds, eight sheets side by side, against the best of
// every legal write (engine's SchoolMoves) valued one by one: on sheets of
// two to four columns with 1 to all turns left, best cells written,
// bonuses lost and reserves of 0 to 40, so that the writes that leave the
// same sheet (a score under the row's and the column's best cells, a zero
// the reserve cannot save) meet every case. The sheets after are valued
// by a hash of them, so a write valued by another's sheet shows.
func TestFinals(t *testing.T) {
	t.Parallel()
	seed := maphash.MakeSeed()
	next := func(s engine.SchoolState) float64 { return float64(maphash.Comparable(seed, s)%1000) / 8 }
	for cols := 2; cols <= 4; cols++ {
		t.Run(fmt.Sprintf("%d columns", cols), func(t *testing.T) {
			t.Parallel()
			g := mustSchool(t, cols)
			k := NewKernel(g)
			w := k.newScratch()
			rng := rand.New(rand.NewPCG(uint64(cols), 8))
			for range 20 {
				states := make([]engine.SchoolState, lanes.Lanes)
				var each laneValues
				for j := range states {
					states[j], each[j] = lateSheet(g, 1+rng.IntN(g.Turns()), rng), next
				}
				k.searchLanes(states, &each, w)
				for j, s := range states {
					for r := range engine.NumRolls {
						for _, fresh := range []bool{false, true} {
							want := math.Inf(-1)
							for _, m := range g.SchoolMoves(s, r, fresh, nil) {
								want = max(want, float64(m.Total())+next(m.Next))
							}
							got := w.finals.Stale[r][j]
							if fresh {
								got = w.finals.Fresh[r][j]
							}
							if got != want {
								t.Fatalf("sheet %+v, roll %v, fresh %v: %v, want %v", s, engine.Roll(r), fresh, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// writeOf returns the write that ranked action a makes in state s with
// dice showing (fresh: from a roll of all five), as Kernel.Actions ranks
// it there; the zero write for a keep.
func writeOf(t *testing.T, g *engine.Game, s engine.SchoolState, dice engine.Multiset, fresh bool, a engine.Ranked) engine.SchoolWrite {
	t.Helper()
	if a.Box == "" {
		return engine.SchoolWrite{}
	}
	w, ok := g.SchoolMove(s, engine.RollIndex(dice), fresh, g.Category(a.Box), a.Cross)
	if !ok {
		t.Fatalf("%+v is no write of %v", a, dice)
	}
	if want := g.RankWrites(nil, []engine.SchoolWrite{w}, func(*engine.SchoolWrite) float64 { return a.Value })[0]; want != a {
		t.Fatalf("%+v, the write %+v ranks as %+v", a, w, want)
	}
	return w
}
