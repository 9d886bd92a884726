package main

import (
	"fmt"
	"io"
	"slices"

	"dicepoker/chart"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/strategy"
)

// schoolDistributionGames is how many games school's distribution is
// sampled from: its states carry the reserve and the column bonus, too
// many to carry every score forward exactly.
const schoolDistributionGames = 20000

// distributionSchool prints the distribution of school's final score
// under its default strategy, sampled from simulated games.
func distributionSchool(g *engine.Game, table, png string, threads int, asJSON bool, stdout io.Writer) error {
	st, err := openSchool(g, table, "")
	if err != nil {
		return err
	}
	games := school.NewKernel(g).Simulate([]school.Player{st.Player}, schoolDistributionGames, 1, threads)
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
		if err := chart.PNG(png, s.Scores, title); err != nil {
			return err
		}
	}
	lo95, hi95 := s.CI95()
	if asJSON {
		return writeJSON(stdout, struct {
			Game     string `json:"game"`
			Options  string `json:"options,omitempty"`
			Strategy string `json:"strategy"`
			Games    int    `json:"games"`
			sampleStats
			Probabilities ordered[float64] `json:"probabilities"` // shares of the sampled games
		}{g.Name, g.Options.String(), st.Name, s.Games, statsOf(s), probabilitiesJSON(s.Scores, float64(s.Games))})
	}
	fmt.Fprintf(stdout, "%s, %s strategy: final score distribution sampled from %d games (seed 1)\n", strategy.Describe(g), st.Name, s.Games)
	fmt.Fprintf(stdout, "mean         %.3f (95%% confidence interval %.3f to %.3f)\n", sum.Mean, lo95, hi95)
	fmt.Fprintf(stdout, "sd           %.4f\n", sum.SD)
	fmt.Fprintf(stdout, "percentiles  %s\n", percentilesText(sum))
	fmt.Fprintf(stdout, "min, max     %d, %d\n\n", sum.Min, sum.Max)
	return chart.Text(stdout, s.Scores, histogramRows)
}
