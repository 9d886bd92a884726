package scores

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/gametest"
	"dicepoker/policy"
	"dicepoker/solver"
)

// maxiSubset returns Maxi Yatzy on the boxes named (gametest.Maxi), with
// rolls rolls a turn.
func maxiSubset(t testing.TB, rolls int, boxes ...string) *engine.Game {
	t.Helper()
	sub := *gametest.Maxi(t, boxes...)
	sub.Rolls = rolls
	g, err := engine.Define(sub)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// optimalOf returns the optimal policy of g and its expected score.
func optimalOf(t testing.TB, g *engine.Game) (*policy.Policy, float64) {
	t.Helper()
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return playing(t, g, sol.Value), sol.Expected()
}

// TestSixDiceDrawTables checks that rolling the dice a keep of six dice
// leaves gives each roll the probability of its new dice by the
// multinomial formula: m!/(c1!...c6!) sequences of 6^m.
func TestSixDiceDrawTables(t *testing.T) {
	t.Parallel()
	draws6Once.Do(makeDraws6)
	cup, err := engine.CupOf(engine.MaxDice)
	if err != nil {
		t.Fatal(err)
	}
	fact := []float64{1, 1, 2, 6, 24, 120, 720}
	for k := range cup.NumKeeps() {
		keep := cup.Keep(k)
		m := engine.MaxDice - keep.Size()
		if got, want := drawSpan6[k], uint64(math.Pow(6, float64(m))); got != want {
			t.Fatalf("keep %v: span %d, want %d", keep, got, want)
		}
		count := map[int]float64{}
		for _, r := range drawRoll6[drawStart6[k] : drawStart6[k]+int(drawSpan6[k])] {
			count[int(r)]++
		}
		total := 0.0
		for r, n := range count {
			ways := fact[m]
			for f, c := range cup.Roll(r) {
				if c < keep[f] {
					t.Fatalf("keep %v drew roll %v", keep, cup.Roll(r))
				}
				ways /= fact[c-keep[f]]
			}
			if n != ways {
				t.Errorf("keep %v: roll %v drawn %v times of %d, want %v", keep, cup.Roll(r), n, drawSpan6[k], ways)
			}
			total += n
		}
		if total != float64(drawSpan6[k]) {
			t.Errorf("keep %v: %v draws, want %d", keep, total, drawSpan6[k])
		}
	}
}

// TestSixDiceSimulationMatchesExact plays a reduced game of six dice by
// its optimal policy: the exact distribution's mean is the solver's
// expected score, which the simulation's 95% interval holds, and the
// simulation is the same to the bit on one thread and on three.
func TestSixDiceSimulationMatchesExact(t *testing.T) {
	t.Parallel()
	g := maxiSubset(t, 3, "fours", "sixes", "two-pairs", "villa", "full-straight", "chance")
	p, expected := optimalOf(t, g)
	d := Exact(p, Options{Threads: 2})
	if sum := d.Scores.Total(); math.Abs(sum-1) > 1e-12 {
		t.Errorf("exact probabilities add up to %.15f", sum)
	}
	if mean := d.Summary().Mean; math.Abs(mean-expected) > 1e-9 {
		t.Errorf("exact mean %.12f, expected score %.12f", mean, expected)
	}
	one, err := Simulate(p, 20000, 3, Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := one.CI95(); expected < lo || expected > hi {
		t.Errorf("expected score %.4f outside the simulation's 95%% interval %.3f..%.3f", expected, lo, hi)
	}
	three, err := Simulate(p, 20000, 3, Options{Threads: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("one thread and three play different games: %+v, %+v", one.Summary(), three.Summary())
	}
}

// tinySixDice is a game of six dice small enough to enumerate: two rolls
// a turn, an upper bonus in reach of sixes alone.
const tinySixDice = `name = "six-tiny"
dice = 6
rolls = 2

[upper-bonus]
threshold = 12
points = 20

[[box]]
name = "sixes"
face = 6
points = "face-sum"

[[box]]
name = "three-pairs"
groups = [2, 2, 2]
points = "groups"

[[box]]
name = "chance"
points = "sum"
`

// TestSixDiceExactAgreesWithBruteForce checks the exact distribution of a
// tiny game of six dice against one worked out by enumeration alone
// (sixBrute), which shares nothing with the solver, the policy or the
// cup but the boxes' points: every score's probability to 1e-12, and
// the mean, the solver's expected score to 1e-9.
func TestSixDiceExactAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	g, err := engine.ParseRules("six-tiny.toml", []byte(tinySixDice))
	if err != nil {
		t.Fatal(err)
	}
	p, expected := optimalOf(t, g)
	got := Exact(p, Options{Threads: 2}).Scores
	b := newSixBrute(g)
	want := b.state(0, 0).dist
	for total := range max(len(want), got.Lo+len(got.W)) {
		w, x := 0.0, 0.0
		if total < len(want) {
			w = want[total]
		}
		if i := total - got.Lo; i >= 0 && i < len(got.W) {
			x = got.W[i]
		}
		if math.Abs(w-x) > 1e-12 {
			t.Errorf("score %d: probability %v, brute force %v", total, x, w)
		}
	}
	if mean := got.summarize(false).Mean; math.Abs(mean-expected) > 1e-9 || math.Abs(b.state(0, 0).value-expected) > 1e-9 {
		t.Errorf("mean %.12f, brute force's value %.12f, expected score %.12f", mean, b.state(0, 0).value, expected)
	}
}

// sixBrute plays a game of six dice (with no five-alike rules) by
// enumeration: a hand is the count of each face, rolled one die at a
// time over all 6^m sequences; a state's value is the best expected
// points to come, and its distribution that of the points to come
// under the best play. On a tie in value (within 1e-9) a box beats a
// keep, a box earlier on the sheet a later one, and a keep of more dice
// one of fewer, then the keep whose dice, in increasing order, come
// later in lexicographic order: the solver's ranking.
type sixBrute struct {
	g      *engine.Game
	most   int                   // the most points a game can score
	rolls  [7]map[[6]int]float64 // rolls[m]: the hands of m dice, by probability
	states map[[2]int]*bruteState
}

// bruteState is a state's value and the distribution of its points to
// come, dist[t] the probability of t.
type bruteState struct {
	value float64
	dist  []float64
}

func newSixBrute(g *engine.Game) *sixBrute {
	b := &sixBrute{g: g, states: map[[2]int]*bruteState{}, most: g.Upper.Points}
	for m := range b.rolls {
		b.rolls[m] = map[[6]int]float64{}
		seqs := int(math.Pow(6, float64(m)))
		for u := range seqs {
			var h [6]int
			for x, i := u, 0; i < m; x, i = x/6, i+1 {
				h[x%6]++
			}
			b.rolls[m][h] += 1 / float64(seqs)
		}
	}
	for c := range g.Categories {
		most := 0
		for h := range b.rolls[6] {
			most = max(most, b.points(c, h))
		}
		b.most += most
	}
	return b
}

func (b *sixBrute) points(c int, h [6]int) int {
	var m engine.Multiset
	for f, x := range h {
		m[f] = uint8(x)
	}
	return b.g.Categories[c].Points(m)
}

// write returns the points and bonus of writing hand h in open box c of
// the state (filled, upper), and the state after.
func (b *sixBrute) write(filled, upper, c int, h [6]int) (total, nextFilled, nextUpper int) {
	pts := b.points(c, h)
	total, nextUpper = pts, upper
	if b.g.Categories[c].Face != 0 {
		th := b.g.Upper.Threshold
		if upper < th && upper+pts >= th {
			total += b.g.Upper.Points
		}
		nextUpper = min(upper+pts, th)
	}
	return total, filled | 1<<c, nextUpper
}

// choice is a hand's best play with its value and distribution.
type choice struct {
	value float64
	dist  []float64
}

// addShifted adds d, moved up by k points and scaled by q, to into.
func (b *sixBrute) addShifted(into, d []float64, k int, q float64) {
	for t, p := range d {
		if p != 0 {
			into[t+k] += q * p
		}
	}
}

// final is the best box for hand h in the state.
func (b *sixBrute) final(filled, upper int, h [6]int) choice {
	best := choice{value: math.Inf(-1)}
	for c := range b.g.Categories {
		if filled&(1<<c) != 0 {
			continue
		}
		total, nf, nu := b.write(filled, upper, c, h)
		next := b.state(nf, nu)
		if v := float64(total) + next.value; v > best.value+1e-9 {
			d := make([]float64, b.most+1)
			b.addShifted(d, next.dist, total, 1)
			best = choice{v, d}
		}
	}
	return best
}

// state returns the value and distribution of the state (filled, upper).
func (b *sixBrute) state(filled, upper int) *bruteState {
	if s, ok := b.states[[2]int{filled, upper}]; ok {
		return s
	}
	s := &bruteState{dist: make([]float64, b.most+1)}
	if filled == 1<<len(b.g.Categories)-1 {
		s.dist[0] = 1
		b.states[[2]int{filled, upper}] = s
		return s
	}
	finals := map[[6]int]choice{}
	finalOf := func(h [6]int) choice {
		c, ok := finals[h]
		if !ok {
			c = b.final(filled, upper, h)
			finals[h] = c
		}
		return c
	}
	// A keep's value and distribution over the rolls of the dice it
	// leaves, the last roll of the turn.
	keeps := map[[6]int]choice{}
	keepOf := func(k [6]int) choice {
		if c, ok := keeps[k]; ok {
			return c
		}
		n := 0
		for _, x := range k {
			n += x
		}
		c := choice{dist: make([]float64, b.most+1)}
		for o, q := range b.rolls[6-n] {
			h := k
			for f := range h {
				h[f] += o[f]
			}
			f := finalOf(h)
			c.value += q * f.value
			b.addShifted(c.dist, f.dist, 0, q)
		}
		keeps[k] = c
		return c
	}
	for h, q := range b.rolls[6] {
		best := finalOf(h)
		var bestKeep [6]int
		kept := -1
		// Every proper sub-hand of h: the counts 0..h[f] of each face.
		subs := 1
		for _, x := range h {
			subs *= x + 1
		}
		for code := range subs - 1 { // the last is h itself
			var k [6]int
			n := 0
			for f, x := 0, code; f < 6; f, x = f+1, x/(h[f]+1) {
				k[f] = x % (h[f] + 1)
				n += k[f]
			}
			c := keepOf(k)
			if c.value > best.value+1e-9 || c.value > best.value-1e-9 && kept >= 0 && keepBefore(k, n, bestKeep, kept) {
				best, bestKeep, kept = c, k, n
			}
		}
		s.value += q * best.value
		b.addShifted(s.dist, best.dist, 0, q)
	}
	b.states[[2]int{filled, upper}] = s
	return s
}

// keepBefore reports whether keep k of n dice ranks before keep o of m
// dice on a tie: more dice first, then the later in lexicographic order
// of the dice in increasing order.
func keepBefore(k [6]int, n int, o [6]int, m int) bool {
	if n != m {
		return n > m
	}
	dice := func(h [6]int) []int {
		var d []int
		for f, x := range h {
			for range x {
				d = append(d, f+1)
			}
		}
		return d
	}
	return slices.Compare(dice(k), dice(o)) > 0
}
