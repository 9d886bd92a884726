package school

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat"

	"dicepoker/engine"
)

// TestDriftOfExactValues checks that the exact player never drifts: on a
// reduced one-column sheet solved exactly, each turn's search from the
// exact values of the sheets after it is the exact value the turn before
// gave its sheet, so every sheet's drift is 0, to rounding.
func TestDriftOfExactValues(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	d := NewDrift(NewKernel(g), Fixed(sol.Value))
	rng := rand.New(rand.NewPCG(4, 5))
	for i := range 20 {
		p := randomPosition(g, lateSheet(g, 1+i%g.Turns(), rng), rng)
		if v := d.of(p); math.Abs(v) > 1e-9 {
			t.Errorf("%+v: the exact player drifts %v", p, v)
		}
	}
}

// driftGame is a reduced three-column school game: 12 turns.
func driftGame(t *testing.T) *engine.Game {
	t.Helper()
	g, err := mustSchool(t, 3).Subset("twos", "fives", "pair", "sum")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// position returns a position of a turn from sheet s: dice rolled at
// random with 0 to 2 rerolls left, fresh on the first roll and else half
// the time.
func randomPosition(g *engine.Game, s engine.SchoolState, rng *rand.Rand) position {
	left := rng.IntN(g.Rolls)
	return position{s, engine.Multiset{}.RollRest(rng), left, left == g.Rolls-1 || rng.IntN(2) == 0}
}

// pointsBeyond returns, for each of games games played on from p by
// player (the rest of the turn, then every later turn), the points it
// scored less the value of its best action there. The games go side by
// side in the kernel's lanes (lockstep), each with its own dice.
func pointsBeyond(t *testing.T, k *Kernel, player Player, p position, games int) []float64 {
	t.Helper()
	g := k.g
	actions, err := k.Actions(p.Sheet, p.Dice, p.RollsLeft, p.Fresh, player(&p.Sheet))
	if err != nil {
		t.Fatal(err)
	}
	beyond := make([]float64, games)
	k.lockstep(games, 0, func(j int, search searcher) {
		rng := rand.New(rand.NewPCG(8, uint64(j)))
		values := player(&p.Sheet)
		m := k.finish(p.Sheet, p.Dice, p.RollsLeft, p.Fresh, values, 0, rng, search(&p.Sheet, values))
		points := m.Total()
		for st := m.Next; !g.SchoolFull(&st); st = m.Next {
			m, _ = k.Turn(st, player(&st), rng, search)
			points += m.Total()
		}
		beyond[j] = float64(points) - actions[0].Value
	})
	return beyond
}

// TestDriftIsThePointsBeyondTheSearch checks the drift against what it
// stands for, on a reduced three-column sheet valued by an estimate of
// random weights (far from what its player scores): from each of a few
// sheets, the drift over many games has the mean of the points the player
// then scores less the search's value of the sheet, within the points'
// interval.
func TestDriftIsThePointsBeyondTheSearch(t *testing.T) {
	t.Parallel()
	g := driftGame(t)
	e := randomEstimate(t, g)
	k := NewKernel(g)
	rng := rand.New(rand.NewPCG(6, 7))
	const games = 2000
	for i := range 4 {
		s := g.NewSchoolState()
		if i > 0 {
			s = lateSheet(g, g.Turns()-2*i, rng)
		}
		p := randomPosition(g, s, rng)
		mean, sd := stat.MeanStdDev(pointsBeyond(t, k, e.After, p, games), nil)
		ci := 1.96 * sd / math.Sqrt(games)
		d := &Drift{k: k, player: e.After, Games: games, Seed: 9}
		if v := d.of(p); math.Abs(v-mean) > 2*ci {
			t.Errorf("%+v: drifts %.2f over %d games, the points beyond the best action's value %.2f ± %.2f", p, v, games, mean, ci)
		}
		if math.Abs(mean) < 20 {
			t.Errorf("sheet %d: the points beyond the search %.2f: random weights should be far off", i, mean)
		}
	}
}

// TestDriftSpread checks what the drift is for, on a reduced one-column
// sheet valued by its exact values with an error of up to 5 points, fixed
// sheet by sheet, as an estimate's are: over 32 games, the drift is several
// times nearer the mean of the points beyond the search than 32 games'
// points are, on a new sheet and on later ones.
func TestDriftSpread(t *testing.T) {
	t.Parallel()
	g, sol := solvedSubset(t, distributionRows...)
	noisy := func(s engine.SchoolState) float64 {
		return sol.Value(s) + float64(uint64(sol.Layout.Index(&s))*2654435761%1001)/100 - 5
	}
	player := Fixed(noisy)
	k := NewKernel(g)
	rng := rand.New(rand.NewPCG(10, 11))
	const games, small = 4000, 32
	for i := range 3 {
		s := g.NewSchoolState()
		if i > 0 {
			s = lateSheet(g, g.Turns()-i, rng)
		}
		p := randomPosition(g, s, rng)
		beyond := pointsBeyond(t, k, player, p, games)
		mean := stat.Mean(beyond, nil)
		var drifts, means []float64
		for seed := range uint64(games / small) {
			d := &Drift{k: k, player: player, Games: small, Seed: 100 + seed}
			drifts = append(drifts, d.of(p)-mean)
			means = append(means, stat.Mean(beyond[seed*small:][:small], nil)-mean)
		}
		a, b := rms(drifts), rms(means)
		if a > b/3 {
			t.Errorf("sheet %d: %d games' drift is off by %.1f, their points by %.1f: want the dice's spread gone", i, small, a, b)
		}
		t.Logf("sheet %d: %d games' drift is off by %.2f, their points by %.2f", i, small, a, b)
	}
}

// rms returns the root mean square of x.
func rms(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	return math.Sqrt(s / float64(len(x)))
}

// TestDriftRemembersTheLastPosition checks that a drift asked twice of a
// position in a row is the same, and that a full sheet's is 0.
func TestDriftRemembersTheLastPosition(t *testing.T) {
	t.Parallel()
	g, err := mustSchool(t, 2).Subset("ones", "pair", "sum")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDrift(NewKernel(g), randomEstimate(t, g).After)
	p := position{g.NewSchoolState(), engine.Multiset{}.RollRest(rand.New(rand.NewPCG(1, 1))), g.Rolls - 1, true}
	a := d.of(p)
	if b := d.of(p); a != b {
		t.Fatalf("drift %v, then %v", a, b)
	}
	if d.of(position{Sheet: engine.SchoolState{Fill: [engine.MaxSchoolRows]uint8{2, 2, 2}}}) != 0 {
		t.Error("a full sheet drifts")
	}
}

// TestDriftSettled checks that the drift of an endgame's player, whose
// games end where the endgame values the sheet exactly, is that of a
// drift that plays every game to the full sheet, to the bit: on positions
// of three-column games from the first turn to the last, rerolls left or
// not.
func TestDriftSettled(t *testing.T) {
	t.Parallel()
	k, end, _ := shippedAdvisor(t)
	ps := rankPositions(t, k, end.Player, 48, 21)
	for i, p := range ps {
		if i%3 != 0 && k.g.SchoolTurnsLeft(&p.s) > EndgameLostTurns+1 {
			continue
		}
		pos := position{p.s, p.dice, p.rollsLeft, p.fresh}
		settled := end.Drift()
		full := NewDrift(k, end.Player)
		settled.Lookahead, full.Lookahead = true, true
		if got, want := settled.of(pos), full.of(pos); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("position %d (%d turns left): drifts %v ending where the values are exact, %v played to the end", i, k.g.SchoolTurnsLeft(&p.s), got, want)
		}
	}
}
