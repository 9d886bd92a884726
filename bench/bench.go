// Package bench measures the solver, the tables and the advisor: what
// "dicepoker bench" prints and the Go benchmarks in this package run.
package bench

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"dicepoker/engine"
	"dicepoker/internal/gctarget"
	"dicepoker/internal/memory"
	"dicepoker/policy"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// Result is what one game measured.
type Result struct {
	Game            string  `json:"game"`
	States          int     `json:"states"`
	SolveSeconds    float64 `json:"solve_seconds"`
	StatesPerSecond float64 `json:"states_per_second"`
	// The CPU seconds (user and system, best of three) of a solve on one
	// thread, with the lane kernel this machine runs and with the plain Go
	// one that machines without the assembly run; 0 where the OS does not
	// tell a process's CPU time.
	// Both are 0 for a game of six dice, whose one solve is long.
	SolveCPUSeconds        float64 `json:"solve_cpu_seconds_1_thread"`
	PlainGoSolveCPUSeconds float64 `json:"plain_go_solve_cpu_seconds_1_thread"`
	// SolveAllCPUSeconds is the CPU seconds (user and system) of the
	// timed solve, all threads together: what it cost on a machine that
	// others share, where the wall time says less.
	SolveAllCPUSeconds float64 `json:"solve_cpu_seconds"`
	// SolvePeakRSSBytes is the process's peak memory after the solve,
	// before the table is saved.
	SolvePeakRSSBytes int64   `json:"solve_peak_rss_bytes"`
	TableBytes        int64   `json:"table_bytes"`
	LoadSeconds       float64 `json:"load_seconds"`   // best of several loads
	AdviceSeconds     float64 `json:"advice_seconds"` // median of one position's ranking, all rerolls left
	// AdviceNoRerollSeconds is the same with no reroll left.
	AdviceNoRerollSeconds float64 `json:"advice_no_reroll_seconds"`
	PeakRSSBytes          int64   `json:"peak_rss_bytes"` // the process's peak so far, where the OS tells it
	Expected              float64 `json:"expected_score"`
	// SimulateSeconds is the wall time of SimulatedGames games with the
	// optimal strategy from a cold start: the table loaded, a new policy,
	// no turn planned yet.
	SimulatedGames  int     `json:"simulated_games"`
	SimulateSeconds float64 `json:"simulate_seconds"`
	GamesPerSecond  float64 `json:"games_per_second"`
	// DistributionSeconds is the time of the score distribution: exact,
	// or for a game of six dice whose exact one does not fit in memory,
	// sampled from DistributionGames games of the optimal player from a
	// cold start, with seed 1, as "dicepoker distribution" does.
	DistributionSeconds float64 `json:"distribution_seconds"`
	// DistributionMethod is "exact" or "sampled", where the distribution
	// ran; DistributionMean is its mean.
	DistributionMethod string  `json:"distribution_method,omitempty"`
	DistributionMean   float64 `json:"distribution_mean,omitempty"`
	// Where sampled: the games, the 95% interval of the mean, and the
	// exact distribution's need (its carry and the table) against the
	// memory it could take, as a line too.
	DistributionGames    int         `json:"distribution_games,omitempty"`
	DistributionCI95     *[2]float64 `json:"distribution_ci95,omitempty"`
	ExactMemoryBytes     int64       `json:"exact_distribution_memory_bytes,omitempty"`
	MemoryAllowedBytes   int64       `json:"distribution_memory_allowed_bytes,omitempty"`
	DistributionSampling string      `json:"distribution_sampled_because,omitempty"`
}

// Options say what Game measures beyond solving, loading and advising.
type Options struct {
	Threads      int
	Games        int  // games to simulate; 0: no simulation
	Distribution bool // time the score distribution
	// A game of six dice whose exact distribution needs more than
	// MemoryLimit bytes or, without a limit (0), more than the share of
	// the free memory that long work may take (memory.CheckLong) has it
	// sampled from SampledGames games instead.
	MemoryLimit  int64
	SampledGames int
}

// Game solves g, saves its table in dir, then times loading it, ranking
// the actions of random positions, simulating and the distribution. A
// game of six dice is solved once, with no one-thread solves, and its
// distribution is sampled where the exact one does not fit in memory.
func Game(g *engine.Game, o Options, dir string) (Result, error) {
	r := Result{Game: strategy.Describe(g)}
	runtime.GC()
	start, cpu := time.Now(), processCPU()
	sol, err := solver.Solve(g, solver.Options{Threads: o.Threads})
	if err != nil {
		return r, err
	}
	r.SolveSeconds, r.SolveAllCPUSeconds, r.SolvePeakRSSBytes = time.Since(start).Seconds(), processCPU()-cpu, PeakRSS()
	r.States, r.Expected = sol.States, sol.Expected()
	r.StatesPerSecond = float64(sol.States) / r.SolveSeconds
	six := g.Dice != engine.Dice
	if !six {
		if r.SolveCPUSeconds, err = solveCPU(g, false); err != nil {
			return r, err
		}
		if r.PlainGoSolveCPUSeconds, err = solveCPU(g, true); err != nil {
			return r, err
		}
	}
	path := filepath.Join(dir, filepath.Base(strategy.Path(dir, g)))
	if err := strategy.FromSolution(sol).Save(path); err != nil {
		return r, err
	}
	sol = nil
	fi, err := os.Stat(path)
	if err != nil {
		return r, err
	}
	r.TableBytes = fi.Size()
	var t *strategy.Table
	r.LoadSeconds, err = best(5, func() (err error) { t, err = strategy.Load(path, g); return err })
	if err != nil {
		return r, err
	}
	if r.AdviceSeconds, err = adviceTime(t, 200, g.Rolls-1); err != nil {
		return r, err
	}
	if r.AdviceNoRerollSeconds, err = adviceTime(t, 200, 0); err != nil {
		return r, err
	}
	if err := play(t, o, &r); err != nil {
		return r, err
	}
	r.PeakRSSBytes = PeakRSS()
	return r, nil
}

// play times the simulations and the distribution that o asks for.
func play(t *strategy.Table, o Options, r *Result) error {
	if o.Games == 0 && !o.Distribution {
		return nil
	}
	start := time.Now()
	p, err := policy.New(t.Game, t.Value)
	if err != nil {
		return err
	}
	if o.Games > 0 {
		if _, err := scores.Simulate(p, o.Games, 1, scores.Options{Threads: o.Threads}); err != nil {
			return err
		}
		r.SimulatedGames, r.SimulateSeconds = o.Games, time.Since(start).Seconds()
		r.GamesPerSecond = float64(o.Games) / r.SimulateSeconds
	}
	if !o.Distribution {
		return nil
	}
	g := t.Game
	if g.Dice != engine.Dice {
		err := memory.CheckLong("the exact distribution of "+strategy.Describe(g), r.TableBytes+scores.ExactMemory(g), o.MemoryLimit)
		if tooMuch, ok := errors.AsType[*memory.TooMuch](err); ok {
			return sample(t, o, tooMuch, r)
		}
	}
	start = time.Now()
	d := scores.Exact(p, scores.Options{Threads: o.Threads})
	r.DistributionSeconds = time.Since(start).Seconds()
	r.DistributionMethod, r.DistributionMean = "exact", d.Summary().Mean
	return nil
}

// sample times the distribution of t's game sampled from o.SampledGames
// games of the optimal player from a cold start, with seed 1, where its
// exact one does not fit in memory as tooMuch says.
func sample(t *strategy.Table, o Options, tooMuch *memory.TooMuch, r *Result) error {
	start := time.Now()
	p, err := policy.New(t.Game, t.Value)
	if err != nil {
		return err
	}
	s, err := scores.Simulate(p, o.SampledGames, 1, scores.Options{Threads: o.Threads})
	if err != nil {
		return err
	}
	r.DistributionSeconds = time.Since(start).Seconds()
	lo, hi := s.CI95()
	r.DistributionMethod, r.DistributionMean, r.DistributionGames, r.DistributionCI95 = "sampled", s.Summary().Mean, s.Games, &[2]float64{lo, hi}
	r.ExactMemoryBytes, r.MemoryAllowedBytes = tooMuch.Need, tooMuch.Have
	r.DistributionSampling = "the exact one " + tooMuch.Needs()
	return nil
}

// best returns the shortest of n timed runs of f.
func best(n int, f func() error) (float64, error) {
	shortest := 0.0
	for i := range n {
		start := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		if d := time.Since(start).Seconds(); i == 0 || d < shortest {
			shortest = d
		}
	}
	return shortest, nil
}

// solveCPU returns the least CPU time of three one-thread solves of g, with
// the plain Go lane kernel if plainGo; 0 where the OS does not tell it.
func solveCPU(g *engine.Game, plainGo bool) (float64, error) {
	least := 0.0
	for i := range 3 {
		runtime.GC()
		before := processCPU()
		if _, err := solver.Solve(g, solver.Options{Threads: 1, PlainGo: plainGo}); err != nil {
			return 0, err
		}
		if d := processCPU() - before; i == 0 || d < least {
			least = d
		}
	}
	return least, nil
}

// adviceTime returns the median time to rank the actions of n random
// positions: a random sheet, random dice, rollsLeft rerolls left.
func adviceTime(t *strategy.Table, n, rollsLeft int) (float64, error) {
	g := t.Game
	rng := rand.New(rand.NewPCG(1, 2))
	times := make([]float64, 0, n)
	for len(times) < n {
		// Any sheet but the full one, skipping states that cannot occur.
		s := engine.State{Filled: rng.Uint32N(1<<len(g.Categories) - 1)}
		if math.IsNaN(t.Value(s)) {
			continue
		}
		dice := g.Cup().Roll(rng.IntN(g.Cup().NumRolls()))
		start := time.Now()
		if _, err := t.Actions(s, dice, rollsLeft); err != nil {
			return 0, err
		}
		times = append(times, time.Since(start).Seconds())
	}
	slices.Sort(times)
	return times[n/2], nil
}

// PeakRSS returns the process's peak resident memory in bytes, from
// /proc/self/status on Linux; 0 where it is not known.
func PeakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// Machine describes the machine the figures come from: processor, cores,
// Go version and the solver's lane kernel.
func Machine() string {
	cpu := runtime.GOARCH
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores (GOMAXPROCS %d), %s %s/%s, %s lane kernel", cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH, solver.Kernel())
}

// SchoolDistribution is what SchoolExact measured: the exact solve of
// one-column school and the exact distribution of its final score under
// the optimal player.
type SchoolDistribution struct {
	States              int     `json:"states"`               // states between turns the player reaches
	DistributionSeconds float64 `json:"distribution_seconds"` // not counting the solve
	PeakRSSBytes        int64   `json:"peak_rss_bytes"`       // the process's peak, the solve included
	Expected            float64 `json:"expected_score"`
	Mean                float64 `json:"mean"`
	// The solve's wall time and CPU seconds, and the distribution's CPU
	// seconds, all threads together.
	SolveSeconds           float64 `json:"solve_seconds"`
	SolveCPUSeconds        float64 `json:"solve_cpu_seconds"`
	DistributionCPUSeconds float64 `json:"distribution_cpu_seconds"`
	// The process's peak memory after the solve, before the distribution.
	SolvePeakRSSBytes int64 `json:"solve_peak_rss_bytes"`
}

// SchoolExact times the exact solve of one-column school, then the exact
// distribution of its final score, from the table's float32 values as
// "dicepoker distribution" takes them.
func SchoolExact(threads int) (SchoolDistribution, error) {
	var r SchoolDistribution
	g, err := engine.New("school", engine.Options{Columns: 1})
	if err != nil {
		return r, err
	}
	start, cpu := time.Now(), processCPU()
	sol, err := school.Solve(g, solver.Options{Threads: threads})
	if err != nil {
		return r, err
	}
	r.SolveSeconds, r.SolveCPUSeconds, r.SolvePeakRSSBytes = time.Since(start).Seconds(), processCPU()-cpu, PeakRSS()
	t := school.FromSolution(sol)
	sol = nil
	runtime.GC()
	// As "dicepoker distribution" runs it: a heap that grows less before
	// each collection.
	defer gctarget.Tighten(30)()
	start, cpu = time.Now(), processCPU()
	d, err := school.Distribution(g, t.Value, scores.Options{Threads: threads})
	if err != nil {
		return r, err
	}
	r.DistributionSeconds, r.DistributionCPUSeconds = time.Since(start).Seconds(), processCPU()-cpu
	r.States, r.Expected, r.Mean = d.States, t.Expected, d.Summary().Mean
	r.PeakRSSBytes = PeakRSS()
	return r, nil
}
