package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"dicepoker/advice"
	"dicepoker/chart"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/strategy"
)

// schoolDistributionGames is how many games school's distribution is
// sampled from when there is no exact table to carry every score
// forward with (more than one column).
const schoolDistributionGames = 20000

// schoolDistributionBytes is the peak memory of one-column school's exact
// distribution, as measured (see the README).
const schoolDistributionBytes = 3.6e9

// distributionSchool prints the distribution of school's final score
// under its default strategy: exact for one column, whose optimal player
// is carried forward through the states between turns, else sampled from
// simulated games of the estimate.
func distributionSchool(g *engine.Game, table, png string, threads int, asJSON bool, stdout io.Writer) error {
	if g.Columns == 1 {
		return exactSchool(g, table, png, threads, asJSON, stdout)
	}
	st, err := opener(table).School(g)
	if err != nil {
		return err
	}
	turns := schoolDistributionGames * g.Turns()
	bar := progressIn("playing "+strategy.Describe(g), "turns")
	games := school.NewKernel(g).Simulate([]school.Player{counted(st.Player, turns, bar)}, schoolDistributionGames, 1, threads)
	if bar != nil {
		bar(turns, turns)
	}
	s := &scores.Sample{Game: g, Games: len(games)}
	lo := slices.MinFunc(games, func(a, b []int) int { return a[0] - b[0] })[0]
	hi := slices.MaxFunc(games, func(a, b []int) int { return a[0] - b[0] })[0]
	s.Scores = scores.Histogram{Lo: lo, W: make([]float64, hi-lo+1)}
	for _, sc := range games {
		s.Scores.W[sc[0]-lo]++
	}
	sum := s.Summary()
	if png != "" {
		title := fmt.Sprintf("%s: final score distribution, %s strategy, %d games (mean %.2f)", strategy.Describe(g), st.Name, s.Games, sum.Mean)
		if err := chart.Save(png, s.Scores, title); err != nil {
			return err
		}
	}
	lo95, hi95 := s.CI95()
	if asJSON {
		return writeJSON(stdout, struct {
			Game     string `json:"game"`
			Options  string `json:"options,omitempty"`
			Rules    string `json:"rules"`
			Method   string `json:"method"` // sampled; an exact distribution says exact
			Strategy string `json:"strategy"`
			Games    int    `json:"games"`
			sampleStats
			Probabilities advice.Ordered[float64] `json:"probabilities"` // shares of the sampled games
		}{g.Name, g.Options.String(), g.Options.String(), "sampled", st.Name, s.Games, statsOf(s), probabilitiesJSON(s.Scores, float64(s.Games))})
	}
	fmt.Fprintf(stdout, "%s, %s strategy: final score distribution sampled from %d games (seed 1); only one column is solved exactly\n", strategy.Describe(g), st.Name, s.Games)
	fmt.Fprintf(stdout, "mean         %.3f (95%% confidence interval %.3f to %.3f)\n", sum.Mean, lo95, hi95)
	fmt.Fprintf(stdout, "sd           %.4f\n", sum.SD)
	fmt.Fprintf(stdout, "percentiles  %s\n", percentilesText(sum))
	fmt.Fprintf(stdout, "min, max     %d, %d\n\n", sum.Min, sum.Max)
	return chart.Text(stdout, s.Scores, histogramRows)
}

// exactSchool prints the exact distribution of one-column school's final
// score under the optimal strategy, read from file or the tables
// directory, as distribution does for the other games.
func exactSchool(g *engine.Game, file, png string, threads int, asJSON bool, stdout io.Writer) error {
	t, err := opener(file).Exact(g)
	if err != nil {
		return err
	}
	// The pass holds up to two turns of score distributions, letting go
	// of each state's as it is carried. A tighter garbage-collector
	// target keeps the process near what it holds (a peak of 4.8 GB
	// instead of 6.8 before the pass let go of them, and no slower).
	defer debug.SetGCPercent(debug.SetGCPercent(30))
	memoryNotice("the exact distribution of "+strategy.Describe(g), schoolDistributionBytes)
	start := time.Now()
	d, err := school.Distribution(g, t.Value, scores.Options{Threads: threads, TurnProgress: turnProgress("carrying " + g.Name + " forward")})
	if err != nil {
		return err
	}
	r := exact{game: g, dist: d, summary: d.Summary(), expected: t.Expected, seconds: time.Since(start).Seconds()}
	return r.print(png, asJSON, stdout)
}

// counted returns p, telling progress (unless nil) of the turns it has
// played, of total, now and then: a game plays p once a turn. The calls
// come from the goroutines that play; the one that finds the lock free
// reports, so that no two reports overlap. The caller reports the end.
func counted(p school.Player, total int, progress func(done, total int)) school.Player {
	if progress == nil {
		return p
	}
	var turns atomic.Int64
	var mu sync.Mutex
	return func(s *engine.SchoolState) school.Values {
		if n := turns.Add(1); n%1000 == 0 && mu.TryLock() {
			progress(int(n), total)
			mu.Unlock()
		}
		return p(s)
	}
}
