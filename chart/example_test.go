package chart_test

import (
	"fmt"
	"os"

	"dicepoker/chart"
	"dicepoker/scores"
)

// The sum of two dice as a text chart, one row for each score.
func ExampleText() {
	h := scores.Histogram{Lo: 2, W: []float64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}}
	chart.Text(os.Stdout, h, 20)
	// Output:
	// score         share
	// 2             2.78% ########
	// 3             5.56% #################
	// 4             8.33% #########################
	// 5            11.11% #################################
	// 6            13.89% ##########################################
	// 7            16.67% ##################################################
	// 8            13.89% ##########################################
	// 9            11.11% #################################
	// 10            8.33% #########################
	// 11            5.56% #################
	// 12            2.78% ########
}

// The labelled ticks of a score axis from 11.5 to 1580.5: every 200.
func ExampleRoundTicks() {
	for _, t := range chart.RoundTicks(11.5, 1580.5) {
		if t.Label != "" {
			fmt.Print(t.Label, " ")
		}
	}
	fmt.Println()
	// Output: 200 400 600 800 1000 1200 1400
}
