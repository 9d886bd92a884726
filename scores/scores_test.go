package scores

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"sync"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/policy"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// tables holds the strategy tables the tests share, by game name; each is
// solved once.
var tables sync.Map

func table(t testing.TB, name string) *strategy.Table {
	t.Helper()
	once, _ := tables.LoadOrStore(name, sync.OnceValues(func() (*strategy.Table, error) {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return nil, err
		}
		return strategy.Solve(g, solver.Options{})
	}))
	tab, err := once.(func() (*strategy.Table, error))()
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// optimal returns the policy of the game's strategy table.
func optimal(t testing.TB, name string) *policy.Policy {
	t.Helper()
	tab := table(t, name)
	return playing(t, tab.Game, tab.Value)
}

// playing returns the policy that plays g by the values of the states
// between turns.
func playing(t testing.TB, g *engine.Game, values solver.Values) *policy.Policy {
	t.Helper()
	p, err := policy.New(g, values)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// greedyPolicy returns the greedy baseline of the game (policy.Greedy).
func greedyPolicy(t testing.TB, name string) *policy.Policy {
	t.Helper()
	g, err := engine.New(name, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := policy.Greedy(g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// exacts holds the exact distributions that several tests read, by
// exactKey, each worked out once (a sync.OnceValue) and shared.
var exacts sync.Map

// exactKey names a shared exact distribution: of a game's optimal or
// greedy policy, on a number of threads.
type exactKey struct {
	game    string
	greedy  bool
	threads int
}

// exact returns the exact distribution of the optimal policy of the game
// (greedy's with greedy) on threads goroutines, worked out once for all
// the tests.
func exact(t testing.TB, game string, greedy bool, threads int) *Distribution {
	t.Helper()
	p := optimal
	if greedy {
		p = greedyPolicy
	}
	pol := p(t, game)
	once, _ := exacts.LoadOrStore(exactKey{game, greedy, threads}, sync.OnceValue(func() *Distribution {
		return Exact(pol, Options{Threads: threads})
	}))
	return once.(func() *Distribution)()
}

// TestExactMatchesTable checks that the exact distribution adds up to 1
// and that its mean is the table's expected score.
func TestExactMatchesTable(t *testing.T) {
	t.Parallel()
	games := []string{"poker-dice", "yahtzee"}
	if testing.Short() {
		games = games[:1]
	}
	for _, name := range games {
		d := exact(t, name, false, 3)
		if total := d.Scores.Total(); math.Abs(total-1) > 1e-12 {
			t.Errorf("%s: probabilities add up to 1%+.3g", name, total-1)
		}
		sum := d.Summary()
		if want := table(t, name).Expected; math.Abs(sum.Mean-want) > 1e-9 {
			t.Errorf("%s: mean %.9f, the table expects %.9f", name, sum.Mean, want)
		}
		t.Logf("%s: %d states, mean %.7f, sd %.4f, percentiles %v", name, d.States, sum.Mean, sum.SD, sum.Percentiles)
	}
}

// TestSimulationMatchesExact checks that the simulated mean's 95%
// confidence interval holds the exact expected score: the table's for the
// optimal strategy, the exact distribution's for greedy poker dice (the
// games of ExampleSimulate).
func TestSimulationMatchesExact(t *testing.T) {
	t.Parallel()
	type run struct {
		game   string
		greedy bool // the greedy baseline, else the optimal strategy
		games  int
		seed   uint64
	}
	for _, tc := range []run{
		{"poker-dice", false, 20000, 1},
		{"yahtzee", false, 4000, 1},
		{"poker-dice", true, 10000, 7},
	} {
		t.Run(fmt.Sprintf("%s greedy=%v", tc.game, tc.greedy), func(t *testing.T) {
			p := optimal(t, tc.game)
			want := table(t, tc.game).Expected
			if tc.greedy {
				p = greedyPolicy(t, tc.game)
				want = exact(t, tc.game, true, 0).Summary().Mean
			}
			s, err := Simulate(p, tc.games, tc.seed, Options{})
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := s.CI95()
			if want < lo || want > hi {
				t.Errorf("%s: expected score %.4f outside the simulation's 95%% interval %.3f..%.3f", tc.game, want, lo, hi)
			}
		})
	}
}

// TestDeterministicAcrossThreads checks that simulations come out the
// same to the bit with one, two and three threads, and exact
// distributions with one and three.
func TestDeterministicAcrossThreads(t *testing.T) {
	t.Parallel()
	// Games enough for several units of the lockstep, shared out
	// differently with one thread and three.
	for _, tc := range []struct {
		name  string
		games int
	}{{"poker-dice", 5*unit + 17}, {"yahtzee", 3*unit + 5}} {
		t.Run(tc.name, func(t *testing.T) {
			p := optimal(t, tc.name)
			var first *Sample
			for _, threads := range []int{1, 2, 3} {
				s, err := Simulate(p, tc.games, 42, Options{Threads: threads})
				if err != nil {
					t.Fatal(err)
				}
				if first == nil {
					first = s
				} else if !reflect.DeepEqual(first, s) {
					t.Errorf("%s: simulations differ with 1 and %d threads", tc.name, threads)
				}
			}
		})
	}
	var dists [2]*Distribution
	for i, threads := range []int{1, 3} {
		dists[i] = exact(t, "poker-dice", false, threads)
	}
	a, b := dists[0].Scores, dists[1].Scores
	if a.Lo != b.Lo || len(a.W) != len(b.W) {
		t.Fatalf("exact distributions differ with 1 and 3 threads: %d..%d, %d..%d", a.Lo, a.Lo+len(a.W), b.Lo, b.Lo+len(b.W))
	}
	for i := range a.W {
		if math.Float64bits(a.W[i]) != math.Float64bits(b.W[i]) {
			t.Fatalf("exact distributions differ with 1 and 3 threads at score %d: %v, %v", a.Lo+i, a.W[i], b.W[i])
		}
	}
}

// TestGreedyBelowOptimal checks that the greedy baseline scores clearly
// less than the optimal strategy: exactly for poker dice, and for Yahtzee
// by the top of its simulated 95% interval.
func TestGreedyBelowOptimal(t *testing.T) {
	t.Parallel()
	d := exact(t, "poker-dice", true, 0)
	if got, best := d.Summary().Mean, table(t, "poker-dice").Expected; got > best-2 {
		t.Errorf("poker-dice: greedy expects %.3f, optimal %.3f", got, best)
	}
	s, err := Simulate(greedyPolicy(t, "yahtzee"), 2000, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, hi := s.CI95(); hi > table(t, "yahtzee").Expected-20 {
		t.Errorf("yahtzee: greedy's mean is %.2f at most, optimal %.2f", hi, table(t, "yahtzee").Expected)
	}
}

func TestBonuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		keys []string
	}{
		{"yahtzee", []string{"upper-bonus", "yahtzee-bonus", "yahtzee-50"}},
		{"yatzy", []string{"upper-bonus"}},
		{"swedish", []string{"upper-bonus", "poker-bonus", "poker-50"}},
		{"poker-dice", []string{"upper-bonus"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			s, err := Simulate(greedyPolicy(t, tc.game), 300, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, b := range s.Bonuses() {
				keys = append(keys, b.Key)
				if b.Games < 0 || b.Games > s.Games {
					t.Errorf("%s: %s earned in %d of %d games", tc.game, b.Key, b.Games, s.Games)
				}
			}
			if !reflect.DeepEqual(keys, tc.keys) {
				t.Errorf("%s: bonuses %v, want %v", tc.game, keys, tc.keys)
			}
		})
	}
}

func TestSimulateRefuses(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, -1} {
		if _, err := Simulate(greedyPolicy(t, "poker-dice"), n, 1, Options{}); err == nil {
			t.Errorf("%d games: accepted", n)
		}
	}
}

// TestDrawTables checks that rolling the dice a keep leaves gives each
// roll its exact probability (engine.Outcomes).
func TestDrawTables(t *testing.T) {
	t.Parallel()
	drawsOnce.Do(makeDraws)
	for k := range engine.NumKeeps {
		count := map[int]float64{}
		for _, r := range drawRoll[drawStart[k] : drawStart[k]+int(drawSpan[k])] {
			count[int(r)]++
		}
		outs := engine.Outcomes(k)
		if len(count) != len(outs) {
			t.Fatalf("keep %v: %d rolls drawn, %d possible", engine.Keep(k), len(count), len(outs))
		}
		for _, o := range outs {
			if p := count[o.Roll] / float64(drawSpan[k]); math.Abs(p-o.P) > 1e-15 {
				t.Errorf("keep %v: roll %v drawn with probability %v, want %v", engine.Keep(k), engine.Roll(o.Roll), p, o.P)
			}
		}
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	// Scores 1, 2, 2, 3, 4 as counts and as probabilities.
	counts := Histogram{Lo: 1, W: []float64{1, 2, 1, 1}}
	s := counts.summarize(true)
	if s.Mean != 2.4 || math.Abs(s.SD-math.Sqrt(1.3)) > 1e-12 || s.Min != 1 || s.Max != 4 {
		t.Errorf("sample summary %+v", s)
	}
	if want := []float64{1, 1, 2, 2, 3, 4, 4}; !reflect.DeepEqual(s.Percentiles, want) {
		t.Errorf("percentiles %v, want %v", s.Percentiles, want)
	}
	probs := Histogram{Lo: 1, W: []float64{0.2, 0.4, 0.2, 0.2}}
	if p := probs.summarize(false); math.Abs(p.Mean-2.4) > 1e-12 || math.Abs(p.SD-math.Sqrt(1.04)) > 1e-12 {
		t.Errorf("exact summary %+v", p)
	}
	one := Histogram{Lo: 7, W: []float64{1}}.summarize(true)
	if one.Mean != 7 || one.SD != 0 {
		t.Errorf("one game: %+v", one)
	}
}

// TestExactAgreesWithBruteForce checks the exact distribution on reduced
// sheets against one worked out path by path: every sequence of rolls of
// every turn followed through the policy's keeps and moves, the sheets
// after each turn recursed into. Its mean is the solver's expected score
// to 1e-9. The yahtzee sheet has the five-alike bonus and joker, poker
// dice two rolls a turn.
func TestExactAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		boxes []string
	}{
		{"yahtzee", []string{"sixes", "yahtzee", "full-house"}},
		{"poker-dice", []string{"nines", "kings", "straight", "four-of-a-kind"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			p, expected := reduced(t, tc.game, engine.Options{}, tc.boxes)
			got := Exact(p, Options{Threads: 3}).Scores
			want := brute(p, engine.State{}, map[engine.State]Histogram{})
			if got.Lo != want.Lo || len(got.W) != len(want.W) {
				t.Fatalf("scores %d..%d, brute force %d..%d", got.Lo, got.Lo+len(got.W)-1, want.Lo, want.Lo+len(want.W)-1)
			}
			for i := range got.W {
				if math.Abs(got.W[i]-want.W[i]) > 1e-12 {
					t.Errorf("score %d: probability %v, brute force %v", got.Lo+i, got.W[i], want.W[i])
				}
			}
			if mean := got.summarize(false).Mean; math.Abs(mean-expected) > 1e-9 {
				t.Errorf("mean %.12f, expected score %.12f", mean, expected)
			}
		})
	}
}

// reduced returns the optimal policy of game g with options opts on a
// sheet of the given boxes alone, and its expected score.
func reduced(t *testing.T, g string, opts engine.Options, boxes []string) (*policy.Policy, float64) {
	t.Helper()
	full, err := engine.New(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := full.Subset(boxes...)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solver.Solve(sheet, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return playing(t, sheet, sol.Value), sol.Expected()
}

// brute returns the distribution of the points p scores from state s on,
// following every sequence of rolls of its turn. The move of each final
// roll, and the distribution from the state it leads to, are worked out
// once for s and scaled by the chance of every sequence that ends in it.
func brute(p *policy.Policy, s engine.State, memo map[engine.State]Histogram) Histogram {
	g := p.Game()
	if s.Filled == 1<<len(g.Categories)-1 {
		return Histogram{W: []float64{1}}
	}
	if h, ok := memo[s]; ok {
		return h
	}
	turn := p.Turn(s)
	var h Histogram
	type end struct {
		after  Histogram
		points int
	}
	var ends [engine.NumRolls]*end
	var scaled []float64
	var roll func(r, rollsLeft int, q float64)
	roll = func(r, rollsLeft int, q float64) {
		if rollsLeft > 0 {
			if k, reroll := turn.Keep(r, rollsLeft); reroll {
				for _, o := range engine.Outcomes(k) {
					roll(o.Roll, rollsLeft-1, q*o.P)
				}
				return
			}
		}
		e := ends[r]
		if e == nil {
			move := turn.Place(r)
			e = &end{brute(p, move.Next, memo), move.Total()}
			ends[r] = e
		}
		scaled = scaled[:0]
		for _, w := range e.after.W {
			scaled = append(scaled, q*w)
		}
		h.add(e.after.Lo+e.points, scaled)
	}
	for r := range engine.NumRolls {
		roll(r, g.Rolls-1, engine.RollProbability(r))
	}
	memo[s] = h
	return h
}

// TestLockstepPlaysThePolicy checks the lockstep against games played
// one at a time: each game's dice from its own stream, each turn's
// decisions from policy.Turn (every decision of the state taken at once,
// outside any batch) and its move from Place. The two samples must be
// the same to the game, across several units of the lockstep.
func TestLockstepPlaysThePolicy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		opts  engine.Options
		games int
	}{
		{"yahtzee", engine.Options{}, unit + 100},
		{"yahtzee", engine.Options{ForcedJoker: true}, 3000},
		{"yatzy", engine.Options{}, 2000},
		{"swedish", engine.Options{}, 1500},
		{"poker-dice", engine.Options{}, 2*unit + 7},
	} {
		t.Run(tc.game+" "+tc.opts.String(), func(t *testing.T) {
			g, err := engine.New(tc.game, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			var p *policy.Policy
			if tc.opts == (engine.Options{}) {
				p = optimal(t, tc.game)
			} else {
				tab, err := strategy.Solve(g, solver.Options{})
				if err != nil {
					t.Fatal(err)
				}
				p = playing(t, g, tab.Value)
			}
			g = p.Game()
			const seed = 11
			lockstep, err := Simulate(p, tc.games, seed, Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			var alone tally
			for i := range tc.games {
				rng := seeded(seed, uint64(i))
				s, played := engine.State{}, game{}
				for range g.Turns() {
					turn := p.Turn(s)
					r := roll(&rng, 0)
					for left := g.Rolls - 1; left > 0; left-- {
						k, reroll := turn.Keep(r, left)
						if !reroll {
							break
						}
						r = roll(&rng, k)
					}
					move := turn.Place(r)
					played.score += move.Total()
					played.upper = played.upper || move.Bonus > move.FiveAlikeBonus
					if move.FiveAlikeBonus > 0 {
						played.fiveAlikes++
					}
					s = move.Next
				}
				played.fullBox = s.FullBox
				alone.add(played)
			}
			if want := alone.sample(g, tc.games); !reflect.DeepEqual(lockstep, want) {
				t.Errorf("%s: lockstep mean %.4f, %d upper bonuses; one at a time %.4f, %d", tc.game,
					lockstep.Summary().Mean, lockstep.UpperBonus, want.Summary().Mean, want.UpperBonus)
			}
		})
	}
}

// TestExactMatchesArcByArc checks the exact distribution, to the bit,
// against the plainest carrying: the states of each turn in order of
// index, each one's outcomes worked out alone (policy.Policy.Outcomes)
// and added to the next states' totals one outcome and one total at a
// time, as Exact adds them, a state's outcomes going to the next states'
// stand-ins (policy.Policy.Standins) as Exact's do. Carried state by
// state, with no stand-ins, the probabilities must be the same but for
// rounding: the stand-ins merge states with the same futures, which
// changes only the order of the sums. Reduced sheets keep it short; the
// yahtzee ones have the five-alike bonus and joker and the upper bonus.
func TestExactMatchesArcByArc(t *testing.T) {
	for _, tc := range []struct {
		game  string
		opts  engine.Options
		boxes []string
	}{
		{"yahtzee", engine.Options{}, []string{"fives", "sixes", "yahtzee", "chance", "small-straight"}},
		{"yahtzee", engine.Options{ForcedJoker: true}, []string{"threes", "yahtzee", "full-house", "four-of-a-kind"}},
		{"yatzy", engine.Options{}, []string{"ones", "sixes", "two-pairs", "chance", "yatzy"}},
		{"poker-dice", engine.Options{}, []string{"nines", "kings", "straight", "four-of-a-kind"}},
	} {
		t.Run(tc.game+" "+tc.opts.String(), func(t *testing.T) {
			p, expected := reduced(t, tc.game, tc.opts, tc.boxes)
			got := Exact(p, Options{Threads: 2}).Scores
			want := arcByArc(p, p.Standins())
			// In chunks of 5 states, so that goroutines carry chunks
			// ahead of each other and let go of them as they go.
			defer func(chunk int) { carryChunk = chunk }(carryChunk)
			carryChunk = 5
			for _, threads := range []int{2, 3} {
				chunked := Exact(p, Options{Threads: threads}).Scores
				if !slices.Equal(chunked.W, got.W) || chunked.Lo != got.Lo {
					t.Errorf("in chunks of 5 states on %d threads, the distribution differs", threads)
				}
			}
			if got.Lo != want.Lo || len(got.W) != len(want.W) {
				t.Fatalf("scores %d..%d, arc by arc %d..%d", got.Lo, got.Lo+len(got.W)-1, want.Lo, want.Lo+len(want.W)-1)
			}
			for i := range got.W {
				if math.Float64bits(got.W[i]) != math.Float64bits(want.W[i]) {
					t.Errorf("score %d: probability %v, arc by arc %v", got.Lo+i, got.W[i], want.W[i])
				}
			}
			if mean := got.summarize(false).Mean; math.Abs(mean-expected) > 1e-9 {
				t.Errorf("mean %.12f, expected score %.12f", mean, expected)
			}
			alone := arcByArc(p, nil)
			if got.Lo != alone.Lo || len(got.W) != len(alone.W) {
				t.Fatalf("scores %d..%d, state by state %d..%d", got.Lo, got.Lo+len(got.W)-1, alone.Lo, alone.Lo+len(alone.W)-1)
			}
			for i := range got.W {
				if math.Abs(got.W[i]-alone.W[i]) > 1e-15*alone.W[i] {
					t.Errorf("score %d: probability %v, state by state %v", got.Lo+i, got.W[i], alone.W[i])
				}
			}
		})
	}
}

// arcByArc carries p's game's distribution forward one turn at a time,
// as TestExactMatchesArcByArc describes, each outcome to the next
// state's stand-in, or to the next state itself where standins is nil.
func arcByArc(p *policy.Policy, standins []int32) Histogram {
	g := p.Game()
	l := statespace.NewLayout(g)
	layer := map[int]Histogram{l.Index(engine.State{}): {W: []float64{1}}}
	for range g.Categories {
		var from []int
		for i := range layer {
			from = append(from, i)
		}
		slices.Sort(from)
		next := map[int]map[int]float64{}
		for _, i := range from {
			h := layer[i]
			for _, o := range p.Outcomes(l.State(i)) {
				n := l.Index(o.Next)
				if standins != nil {
					n = int(standins[n])
				}
				if next[n] == nil {
					next[n] = map[int]float64{}
				}
				for k, q := range h.W {
					next[n][h.Lo+k+o.Points] += o.P * q
				}
			}
		}
		layer = map[int]Histogram{}
		for n, totals := range next {
			lo, hi := math.MaxInt, math.MinInt
			for s := range totals {
				lo, hi = min(lo, s), max(hi, s)
			}
			h := Histogram{Lo: lo, W: make([]float64, hi-lo+1)}
			for s, q := range totals {
				h.W[s-lo] = q
			}
			layer[n] = h
		}
	}
	var h Histogram
	var ends []int
	for i := range layer {
		ends = append(ends, i)
	}
	slices.Sort(ends)
	for _, i := range ends {
		h.add(layer[i].Lo, layer[i].W)
	}
	return h
}
