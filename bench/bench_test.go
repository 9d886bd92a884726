package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/gametest"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// singleSheet lists the games the exact solver covers.
var singleSheet = []string{"yahtzee", "yatzy", "swedish", "poker-dice"}

func game(b *testing.B, name string) *engine.Game {
	g, err := engine.New(name, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkSolve solves each game on all cores; states/s is reachable
// states solved a second.
func BenchmarkSolve(b *testing.B) {
	for _, name := range singleSheet {
		b.Run(name, func(b *testing.B) {
			g := game(b, name)
			states := 0
			for b.Loop() {
				sol, err := solver.Solve(g, solver.Options{})
				if err != nil {
					b.Fatal(err)
				}
				states = sol.States
			}
			b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// savedTable solves a game once and saves its table in a temporary directory.
func savedTable(b *testing.B, name string) (string, *engine.Game) {
	g := game(b, name)
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), name+".dpt")
	if err := strategy.FromSolution(sol).Save(path); err != nil {
		b.Fatal(err)
	}
	return path, g
}

// BenchmarkLoad reads and checks each game's table.
func BenchmarkLoad(b *testing.B) {
	for _, name := range singleSheet {
		b.Run(name, func(b *testing.B) {
			path, g := savedTable(b, name)
			for b.Loop() {
				if _, err := strategy.Load(path, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAdvise ranks every action of a position on a new yahtzee sheet.
func BenchmarkAdvise(b *testing.B) {
	path, g := savedTable(b, "yahtzee")
	t, err := strategy.Load(path, g)
	if err != nil {
		b.Fatal(err)
	}
	dice, _ := engine.ParseDice("33556", "")
	for b.Loop() {
		if _, err := t.Actions(engine.State{}, dice, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdvice ranks the actions of random positions, as bench's
// advice and adv0 figures do (a random sheet, random dice), with every
// reroll left and with none: each call a new position, whose next states'
// values are rarely in the cache.
func BenchmarkAdvice(b *testing.B) {
	for _, name := range []string{"yatzy", "yahtzee"} {
		path, g := savedTable(b, name)
		t, err := strategy.Load(path, g)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		type position struct {
			s    engine.State
			dice engine.Multiset
		}
		positions := make([]position, 0, 4096)
		for len(positions) < cap(positions) {
			s := engine.State{Filled: rng.Uint32N(1<<len(g.Categories) - 1)}
			if !math.IsNaN(t.Value(s)) {
				positions = append(positions, position{s, engine.Roll(rng.IntN(engine.NumRolls))})
			}
		}
		for _, rollsLeft := range []int{g.Rolls - 1, 0} {
			b.Run(fmt.Sprintf("%s/rerolls=%d", name, rollsLeft), func(b *testing.B) {
				i := 0
				for b.Loop() {
					p := positions[i%len(positions)]
					if _, err := t.Actions(p.s, p.dice, rollsLeft); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

func TestGameMeasures(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	r, err := Game(g, Options{Games: 2000, Distribution: true}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if r.States != 111872 || r.TableBytes < 4*(1<<13)*16 || r.SolveSeconds <= 0 || r.LoadSeconds <= 0 || r.AdviceSeconds <= 0 ||
		r.AdviceNoRerollSeconds <= 0 || r.SolveCPUSeconds < 0 || r.PlainGoSolveCPUSeconds < 0 ||
		r.SimulatedGames != 2000 || r.SimulateSeconds <= 0 || r.GamesPerSecond <= 0 || r.DistributionSeconds <= 0 {
		t.Errorf("implausible measurements: %+v", r)
	}
	if r.Expected < 31.4230 || r.Expected > 31.4231 {
		t.Errorf("expected score %.7f, want 31.4230112", r.Expected)
	}
}

// TestGameMeasuresSixDice measures a reduced Maxi Yatzy: solved once, its
// table saved, loaded and advised on, no one-thread solves; simulated,
// and its distribution exact where it fits, whose mean is the expected
// score, and sampled where it does not fit the limit, whose interval
// holds it.
func TestGameMeasuresSixDice(t *testing.T) {
	t.Parallel()
	g := gametest.Maxi(t, "fours", "sixes", "villa", "chance")
	for _, c := range []struct {
		name   string
		limit  int64
		method string
	}{
		{"exact", 0, "exact"},
		{"sampled under a limit", 1, "sampled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := Game(g, Options{Games: 2000, Distribution: true, MemoryLimit: c.limit, SampledGames: 4000}, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if r.States != 176 || r.TableBytes <= 0 || r.SolveSeconds <= 0 || r.SolveAllCPUSeconds < 0 || r.SolvePeakRSSBytes < 0 ||
				r.LoadSeconds <= 0 || r.AdviceSeconds <= 0 || r.AdviceNoRerollSeconds <= 0 ||
				r.SolveCPUSeconds != 0 || r.PlainGoSolveCPUSeconds != 0 || r.SimulatedGames != 2000 || r.SimulateSeconds <= 0 ||
				r.DistributionSeconds <= 0 || r.DistributionMethod != c.method {
				t.Errorf("implausible measurements: %+v", r)
			}
			if r.Expected <= 0 {
				t.Fatalf("expected score %v", r.Expected)
			}
			if c.method == "exact" {
				if math.Abs(r.DistributionMean-r.Expected) > 1e-9 || r.DistributionGames != 0 || r.DistributionCI95 != nil || r.ExactMemoryBytes != 0 {
					t.Errorf("exact distribution: %+v, want mean %.9f and no sample", r, r.Expected)
				}
				return
			}
			if r.DistributionGames != 4000 || r.DistributionCI95 == nil || r.Expected < r.DistributionCI95[0] || r.Expected > r.DistributionCI95[1] {
				t.Errorf("sampled distribution: %+v, want 4000 games whose interval holds %.9f", r, r.Expected)
			}
			if r.ExactMemoryBytes != r.TableBytes+scores.ExactMemory(g) || r.MemoryAllowedBytes != 1 ||
				!strings.HasPrefix(r.DistributionSampling, "the exact one needs about ") || !strings.HasSuffix(r.DistributionSampling, "more than the 1 bytes the memory limit allows") {
				t.Errorf("sampled distribution's reason: %+v", r)
			}
		})
	}
}

// oneColumnSchool returns school with one column, the game solved exactly.
func oneColumnSchool(b *testing.B) *engine.Game {
	g, err := engine.New("school", engine.Options{Columns: 1})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkSchoolSolve solves one-column school exactly on all cores (a
// run or a few: -benchtime 1x).
func BenchmarkSchoolSolve(b *testing.B) {
	g := oneColumnSchool(b)
	for b.Loop() {
		if _, err := school.Solve(g, solver.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSchoolDistribution computes the exact distribution of
// one-column school's final score on all cores, from the table's values,
// the solve not counted.
func BenchmarkSchoolDistribution(b *testing.B) {
	g := oneColumnSchool(b)
	sol, err := school.Solve(g, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	t := school.FromSolution(sol)
	for b.Loop() {
		if _, err := school.Distribution(g, t.Value, scores.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
