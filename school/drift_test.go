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
	g, sol := solvedSubset(t, distributionRows...)
	d := NewDrift(NewKernel(g), Fixed(sol.Value))
	rng := rand.New(rand.NewPCG(4, 5))
	for i := range 20 {
		s := lateSheet(g, 1+i%g.Turns(), rng)
		if v := d.Of(s); math.Abs(v) > 1e-9 {
			t.Errorf("sheet %+v: the exact player drifts %v", s, v)
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

// pointsBeyond returns, for each of games games played on from s by
// player, the points it scored less the search's value of s.
func pointsBeyond(k *Kernel, player Player, s engine.SchoolState, games int) []float64 {
	g := k.g
	beyond := make([]float64, games)
	search := k.alone(k.newScratch())
	value := k.Value(&s, player(&s), k.newScratch())
	for j := range beyond {
		game := rand.New(rand.NewPCG(8, uint64(j)))
		points := 0
		for st := s; !g.SchoolFull(&st); {
			m, _ := k.Turn(st, player(&st), game, search)
			points, st = points+m.Total(), m.Next
		}
		beyond[j] = float64(points) - value
	}
	return beyond
}

// TestDriftIsThePointsBeyondTheSearch checks the drift against what it
// stands for, on a reduced three-column sheet valued by an estimate of
// random weights (far from what its player scores): from each of a few
// sheets, the drift over many games has the mean of the points the player
// then scores less the search's value of the sheet, within the points'
// interval.
func TestDriftIsThePointsBeyondTheSearch(t *testing.T) {
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
		mean, sd := stat.MeanStdDev(pointsBeyond(k, e.After, s, games), nil)
		ci := 1.96 * sd / math.Sqrt(games)
		d := &Drift{k: k, player: e.After, Games: games, Seed: 9}
		if v := d.Of(s); math.Abs(v-mean) > 2*ci {
			t.Errorf("sheet %d: drifts %.2f over %d games, the points beyond the search %.2f ± %.2f", i, v, games, mean, ci)
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
		beyond := pointsBeyond(k, player, s, games)
		mean := stat.Mean(beyond, nil)
		var drifts, means []float64
		for seed := range uint64(games / small) {
			d := &Drift{k: k, player: player, Games: small, Seed: 100 + seed}
			drifts = append(drifts, d.Of(s)-mean)
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

// TestDriftRemembersTheLastSheet checks that a drift asked twice of a
// sheet in a row, as each roll of a turn asks, is the same.
func TestDriftRemembersTheLastSheet(t *testing.T) {
	g, err := mustSchool(t, 2).Subset("ones", "pair", "sum")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDrift(NewKernel(g), randomEstimate(t, g).After)
	s := g.NewSchoolState()
	other := s
	other.Reserve = 3
	a := d.Of(s)
	if b := d.Of(s); a != b {
		t.Fatalf("drift %v, then %v", a, b)
	}
	if b := d.Of(other); b == a {
		t.Logf("another sheet drifts as much: %v", b)
	}
	if d.Of(engine.SchoolState{Fill: [engine.MaxSchoolRows]uint8{2, 2, 2}}) != 0 {
		t.Error("a full sheet drifts")
	}
}
