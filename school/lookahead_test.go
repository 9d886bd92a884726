package school

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat"

	"dicepoker/engine"
)

// TestLookaheadOfExactValues checks the lookahead on a reduced one-column
// sheet solved exactly: the search of a turn over the exact values of the
// sheets after it is the exact value of the sheet before, so looking a
// turn further ahead gives every sheet after a write its exact value
// again, to rounding, whatever the threads.
func TestLookaheadOfExactValues(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	k := NewKernel(g)
	rng := rand.New(rand.NewPCG(12, 13))
	for _, threads := range []int{1, 3} {
		ahead := k.Lookahead(Fixed(sol.Value), threads)
		for i := range 10 {
			s := lateSheet(g, 2+i%(g.Turns()-1), rng)
			values := ahead(&s)
			k.writes(&s, func(m engine.SchoolWrite) {
				if got, want := values(m.Next), sol.Value(m.Next); math.Abs(got-want) > 1e-9 {
					t.Errorf("threads %d, %d turns left: %v after a write, want its exact value %v", threads, g.SchoolTurnsLeft(&s), got, want)
				}
			})
		}
	}
}

// TestLookaheadIsTheNextTurnsSearch checks that the lookahead values each
// sheet after a write as the next turn's search does on its own, to the
// bit, searched eight at a time on any number of threads, and a full
// sheet after the last turn as the player does: on a reduced three-column
// sheet valued by an estimate of random weights, every write of every
// roll, fresh or not, each among those the kernel lists for the lanes
// (Kernel.writes).
func TestLookaheadIsTheNextTurnsSearch(t *testing.T) {
	t.Parallel()
	g := driftGame(t)
	e := randomEstimate(t, g)
	k := NewKernel(g)
	w := k.newScratch()
	rng := rand.New(rand.NewPCG(14, 15))
	for _, threads := range []int{1, 2, 5} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			ahead := k.Lookahead(e.After, threads)
			for i := range 5 {
				s := g.NewSchoolState()
				if i > 0 {
					s = lateSheet(g, max(1, g.Turns()-3*i), rng)
				}
				listed := map[engine.SchoolState]bool{}
				k.writes(&s, func(m engine.SchoolWrite) { listed[m.Next] = true })
				values := ahead(&s)
				for r := range engine.NumRolls {
					for _, fresh := range []bool{false, true} {
						for _, m := range g.SchoolMoves(s, r, fresh, nil) {
							if !listed[m.Next] {
								t.Fatalf("%d turns left, roll %d, write in row %d: not among the kernel's writes", g.SchoolTurnsLeft(&s), r, m.Row)
							}
							want := e.After(&s)(m.Next)
							if !g.SchoolFull(&m.Next) {
								want = k.Value(&m.Next, e.After(&m.Next), w)
							}
							if got := values(m.Next); got != want {
								t.Fatalf("%d turns left, roll %d, write in row %d: %v, the next turn's search %v", g.SchoolTurnsLeft(&s), r, m.Row, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestDriftWithLookahead checks the drift that the lookahead's values
// take: with no reroll left, the lookahead's value of a write is the
// player's plus the disagreement of the turn after, which the drift then
// leaves out, so the lookahead's value of the player's best write plus
// that drift is what the player scores from there, within the points'
// interval; on a reduced three-column sheet valued by an estimate of
// random weights, tens of points off.
func TestDriftWithLookahead(t *testing.T) {
	t.Parallel()
	g := driftGame(t)
	e := randomEstimate(t, g)
	k := NewKernel(g)
	ahead := k.Lookahead(e.After, 0)
	rng := rand.New(rand.NewPCG(16, 17))
	const games = 2000
	for i := range 3 {
		s := g.NewSchoolState()
		if i > 0 {
			s = lateSheet(g, g.Turns()-2*i, rng)
		}
		p := randomPosition(g, s, rng)
		p.RollsLeft = 0
		beyond := pointsBeyond(t, k, e.After, p, games) // beyond the player's value of its best write
		actions, err := k.Actions(p.Sheet, p.Dice, 0, p.Fresh, e.After(&p.Sheet))
		if err != nil {
			t.Fatal(err)
		}
		best := actions[0]
		w := writeOf(t, g, p.Sheet, p.Dice, p.Fresh, best)
		further := float64(w.Total()) + ahead(&p.Sheet)(w.Next)
		mean, sd := stat.MeanStdDev(beyond, nil)
		points, ci := mean+best.Value, 1.96*sd/math.Sqrt(games)
		d := &Drift{k: k, player: e.After, Games: games, Seed: 9, Lookahead: true}
		if v := d.of(p); math.Abs(further+v-points) > 2*ci {
			t.Errorf("%+v: the lookahead's value %.2f and its drift %.2f, the points %.2f ± %.2f", p, further, v, points, ci)
		}
		if math.Abs(further-best.Value) < 1 {
			t.Errorf("sheet %d: the lookahead's value %.2f, the player's %.2f: random weights should be far off", i, further, best.Value)
		}
	}
}
