package school

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/scores"
	"dicepoker/solver"
)

// distributionRows is a reduced sheet with a bit of everything: School
// rows that close with and without the reserve or take a zero, and
// combination rows that score double on a fresh roll, cross out, and
// make the column bonus.
var distributionRows = []string{"twos", "fives", "pair", "full-house", "sum"}

// solvedSubset returns the one-column school game of rows and its
// solution, solved once for all the tests that ask for the same rows:
// neither is changed by a test.
func solvedSubset(t *testing.T, rows ...string) (*engine.Game, *Solution) {
	t.Helper()
	once, _ := solvedSubsets.LoadOrStore(strings.Join(rows, " "), sync.OnceValues(func() (solved, error) {
		school, err := engine.New("school", engine.Options{Columns: 1})
		if err != nil {
			return solved{}, err
		}
		g, err := school.Subset(rows...)
		if err != nil {
			return solved{}, err
		}
		sol, err := Solve(g, solver.Options{})
		return solved{g, sol}, err
	}))
	s, err := once.(func() (solved, error))()
	if err != nil {
		t.Fatal(err)
	}
	return s.g, s.sol
}

// solvedSubsets holds solvedSubset's solves, each made once for every
// test that asks for its rows, by the rows joined by spaces.
var solvedSubsets sync.Map // string -> func() (solved, error)

// solved is a reduced game with its exact solve.
type solved struct {
	g   *engine.Game
	sol *Solution
}

// eachTurn calls check with the index, the sheet and the outcomes
// (Kernel.outcomes, with the values of the sheets by index) of every turn
// that the player of values reaches on layout l from a new sheet, a turn
// at a time, and returns how many sheets it reaches, full ones included.
func eachTurn(k *Kernel, l *Layout, values []float64, check func(i int, s engine.SchoolState, arcs []scores.Arc)) int {
	g := k.g
	w := k.newTurnWork()
	start := g.NewSchoolState()
	seen := map[int]bool{l.Index(&start): true}
	for layer := []int{l.Index(&start)}; len(layer) > 0; {
		var next []int
		for from := 0; from < len(layer); from += lanes.Lanes {
			is := layer[from:min(from+lanes.Lanes, len(layer))]
			arcs := make([][]scores.Arc, len(is))
			k.outcomes(l, is, values, w, arcs, nil)
			for j, i := range is {
				check(i, l.StateAt(g, i), arcs[j])
				for _, a := range arcs[j] {
					if !seen[int(a.Next)] {
						seen[int(a.Next)] = true
						if s := l.StateAt(g, int(a.Next)); !g.SchoolFull(&s) {
							next = append(next, int(a.Next))
						}
					}
				}
			}
		}
		slices.Sort(next)
		layer = next
	}
	return len(seen)
}

// TestOutcomesAddUp checks every turn the optimal player reaches on a
// reduced sheet: its outcomes' probabilities add up to 1, and what they
// add to the total plus the value of the sheet after them is, on
// average, the value of the sheet before: the player is optimal and the
// outcomes are its own.
func TestOutcomesAddUp(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	reached := eachTurn(NewKernel(g), sol.Layout, sol.Values, func(i int, s engine.SchoolState, arcs []scores.Arc) {
		total, value := 0.0, 0.0
		for _, a := range arcs {
			total += a.P
			value += a.P * (float64(a.Points) + sol.Values[a.Next])
		}
		if math.Abs(total-1) > 1e-12 || math.Abs(value-sol.Values[i]) > 1e-9 {
			t.Fatalf("state %+v: probabilities add up to %.15f, worth %.12f, the solution says %.12f", s, total, value, sol.Values[i])
		}
	})
	t.Logf("%d states reached", reached)
}

// TestOutcomesFollowTurn checks the outcomes of every turn that a player
// reaches on reduced sheets against those of Turn's own decisions
// (lane.bestKeep, Kernel.write), the probability of each roll carried
// through them one state at a time: the same next states and points, the
// same probabilities (to rounding). The players are the optimal one and
// one that values every sheet after a turn at 0, which takes the most
// points now and meets many ties. Ties between keeps and between rows,
// where the first of the best must be taken as Turn takes it, are
// counted and must occur.
func TestOutcomesFollowTurn(t *testing.T) {
	t.Parallel()
	var ties [2]int // of keeps, of rows
	for _, rows := range [][]string{distributionRows, {"threes", "pair", "small-straight", "large-straight"}, {"ones", "sixes", "two-pairs", "five-of-a-kind"}} {
		g, sol := solvedSubset(t, rows...)
		zeros := make([]float64, len(sol.Values))
		for name, values := range map[string][]float64{"optimal": sol.Values, "greedy": zeros} {
			t.Run(fmt.Sprint(name, rows), func(t *testing.T) {
				next := func(s engine.SchoolState) float64 { return values[sol.Layout.Index(&s)] }
				k := NewKernel(g)
				search := k.newScratch()
				eachTurn(k, sol.Layout, values, func(_ int, s engine.SchoolState, arcs []scores.Arc) {
					want := turnOutcomes(k, sol.Layout, &s, next, k.search(&s, next, search), &ties)
					if len(arcs) != len(want) {
						t.Fatalf("state %+v: %d outcomes, Turn's decisions give %d", s, len(arcs), len(want))
					}
					for _, a := range arcs {
						key := [2]int{int(a.Next), int(a.Points)}
						if math.Abs(a.P-want[key]) > 1e-12 {
							t.Fatalf("state %+v: next %d, %d points: probability %v, Turn's decisions give %v", s, a.Next, a.Points, a.P, want[key])
						}
					}
				})
			})
		}
	}
	t.Logf("%d rolls with tied keeps, %d with tied rows", ties[0], ties[1])
	if ties[0] == 0 || ties[1] == 0 {
		t.Fatal("the players do not test taking the first of the best keep and row")
	}
}

// turnOutcomes returns the probability of each next state's index and
// points that the turn in state s ends in, played as Turn plays it from
// the search at with the values next, and counts in ties the rolls met with more than one keep
// (ties[0]) or row (ties[1]) worth the best.
func turnOutcomes(k *Kernel, l *Layout, s *engine.SchoolState, next Values, at lane, ties *[2]int) map[[2]int]float64 {
	var byFresh [2][engine.NumRolls]float64
	for r := range engine.NumRolls {
		byFresh[1][r] = engine.RollProbability(r)
	}
	out := map[[2]int]float64{}
	write := func(r int, fresh bool, q float64) {
		m := k.write(s, r, fresh, next, at)
		best, n := at.write(r, fresh), 0
		for c := range k.g.Categories {
			if k.g.RowOpen(s, c) && at.row(k, c, r, fresh) == best {
				n++
			}
		}
		if n > 1 {
			ties[1]++
		}
		out[[2]int{l.Index(&m.Next), m.Total()}] += q
	}
	for left := k.g.Rolls - 1; left > 0; left-- {
		var next [2][engine.NumRolls]float64
		for f, fresh := range [2]bool{false, true} {
			for r, q := range byFresh[f] {
				if q == 0 {
					continue
				}
				keep, v := at.bestKeep(r, left)
				if v <= at.write(r, fresh) {
					write(r, fresh, q)
					continue
				}
				n := 0
				for _, i := range engine.SubKeeps(r) {
					if at.keep(left, i) == v {
						n++
					}
				}
				if n > 1 {
					ties[0]++
				}
				to := &next[0]
				if keep == 0 {
					to = &next[1]
				}
				for _, o := range engine.Outcomes(keep) {
					to[o.Roll] += q * o.P
				}
			}
		}
		byFresh = next
	}
	for f, fresh := range [2]bool{false, true} {
		for r, q := range byFresh[f] {
			if q != 0 {
				write(r, fresh, q)
			}
		}
	}
	return out
}

// TestDistributionMean checks the exact distribution on reduced sheets:
// it adds up to 1, its mean is the solution's expected score and its
// bits do not depend on the number of threads.
func TestDistributionMean(t *testing.T) {
	t.Parallel()
	for _, rows := range [][]string{
		distributionRows,
		{"ones", "sixes", "two-pairs", "five-of-a-kind"},
		{"threes", "pair", "small-straight", "large-straight"},
	} {
		g, sol := solvedSubset(t, rows...)
		d, err := Distribution(g, sol.Value, scores.Options{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		sum := d.Summary()
		if total := d.Scores.Total(); math.Abs(total-1) > 1e-12 {
			t.Errorf("%v: probabilities add up to %.15f", rows, total)
		}
		if math.Abs(sum.Mean-sol.Expected()) > 1e-9 {
			t.Errorf("%v: mean %.12f, expected score %.12f", rows, sum.Mean, sol.Expected())
		}
		three, _ := Distribution(g, sol.Value, scores.Options{Threads: 3})
		if three.Scores.Lo != d.Scores.Lo || len(three.Scores.W) != len(d.Scores.W) {
			t.Fatalf("%v: scores from %d (%d) with one thread, from %d (%d) with three", rows, d.Scores.Lo, len(d.Scores.W), three.Scores.Lo, len(three.Scores.W))
		}
		for i, p := range d.Scores.W {
			if math.Float64bits(p) != math.Float64bits(three.Scores.W[i]) {
				t.Fatalf("%v: score %d: %v with one thread, %v with three", rows, d.Scores.Lo+i, p, three.Scores.W[i])
			}
		}
		t.Logf("%v: mean %.6f, sd %.4f, %d..%d, %d states", rows, sum.Mean, sum.SD, sum.Min, sum.Max, d.States)
	}
}

// TestDistributionSimulated plays the optimal player (Turn) on a reduced
// sheet and checks its scores against the exact distribution: a
// chi-square test over scores grouped into bins of at least 20 expected
// games, at the 0.01% level, and the sample mean within four standard
// errors.
func TestDistributionSimulated(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	d, err := Distribution(g, sol.Value, scores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const games = 20000
	played := NewKernel(g).Simulate([]Player{Fixed(sol.Value)}, games, 3, 0)
	count := make([]float64, len(d.Scores.W))
	sum := 0.0
	for _, sc := range played {
		i := sc[0] - d.Scores.Lo
		if i < 0 || i >= len(count) || d.Scores.W[i] == 0 {
			t.Fatalf("a game scored %d, which the exact distribution rules out", sc[0])
		}
		count[i]++
		sum += float64(sc[0])
	}
	// Bins of consecutive scores, each closed once it expects 20 games;
	// the last takes what is left.
	chi2, bins := 0.0, 0
	expected, observed := 0.0, 0.0
	for i, p := range d.Scores.W {
		expected += p * games
		observed += count[i]
		if expected >= 20 || i == len(count)-1 {
			chi2 += (observed - expected) * (observed - expected) / expected
			bins++
			expected, observed = 0, 0
		}
	}
	// The 99.99th percentile of chi-square with df degrees of freedom, by
	// the Wilson-Hilferty approximation.
	df := float64(bins - 1)
	limit := df * math.Pow(1-2/(9*df)+3.719*math.Sqrt(2/(9*df)), 3)
	if chi2 > limit {
		t.Errorf("chi-square %.1f over %d bins, above the 0.01%% level %.1f", chi2, bins, limit)
	}
	s := d.Summary()
	if mean := sum / games; math.Abs(mean-s.Mean) > 4*s.SD/math.Sqrt(games) {
		t.Errorf("sample mean %.3f, exact %.3f (sd %.3f)", mean, s.Mean, s.SD)
	}
	t.Logf("chi-square %.1f over %d bins (0.01%% level %.1f)", chi2, bins, limit)
}
