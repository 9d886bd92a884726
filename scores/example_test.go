package scores_test

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
)

// The exact distribution of the final score of poker dice under the
// greedy baseline: its mean is what the games of ExampleSimulate
// estimate, inside their 95% interval.
func ExampleExact() {
	g, _ := engine.New("poker-dice", engine.Options{})
	p, _ := policy.Greedy(g)
	sum := scores.Exact(p, scores.Options{}).Summary()
	fmt.Printf("mean %.4f, sd %.4f\n", sum.Mean, sum.SD)
	fmt.Println("percentiles", scores.Percents, sum.Percentiles)
	// Output:
	// mean 28.2828, sd 4.8513
	// percentiles [1 5 25 50 75 95 99] [18 21 25 28 32 37 39]
}

// Ten thousand games of poker dice with the greedy baseline: the same
// seed gives the same games.
func ExampleSimulate() {
	g, _ := engine.New("poker-dice", engine.Options{})
	p, _ := policy.Greedy(g)
	s, _ := scores.Simulate(p, 10000, 7, scores.Options{})
	lo, hi := s.CI95()
	fmt.Printf("mean %.3f, 95%% confidence interval %.3f to %.3f\n", s.Summary().Mean, lo, hi)
	for _, b := range s.Bonuses() {
		fmt.Printf("%s in %d games\n", b.Key, b.Games)
	}
	// Output:
	// mean 28.337, 95% confidence interval 28.241 to 28.434
	// upper-bonus in 3886 games
}

// The share of games that reached a target: AtLeast adds up the weight
// of the scores from it on.
func ExampleHistogram_AtLeast() {
	h := scores.Histogram{Lo: 10, W: []float64{0.25, 0.25, 0.5}} // scores 10, 11, 12
	fmt.Println(h.AtLeast(11), h.AtLeast(13))
	// Output:
	// 0.75 0
}
