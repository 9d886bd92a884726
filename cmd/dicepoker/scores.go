package main

import (
	"fmt"
	"strconv"
	"strings"

	"dicepoker/advice"
	"dicepoker/scores"
)

// percentilesJSON gives the summary's percentiles as a JSON object keyed
// by percent, in increasing order: {"1": 151, "5": 180, ...}.
func percentilesJSON(s scores.Summary) advice.Ordered[float64] {
	o := make(advice.Ordered[float64], len(s.Percentiles))
	for i, v := range s.Percentiles {
		o[i] = advice.Entry[float64]{Key: strconv.FormatFloat(scores.Percents[i], 'g', -1, 64), Value: v}
	}
	return o
}

// sampleStats is what the JSON output says of a sample of games.
type sampleStats struct {
	Mean        float64                 `json:"mean"`
	CI95        [2]float64              `json:"ci95"`
	SD          float64                 `json:"sd"`
	Min         int                     `json:"min"`
	Max         int                     `json:"max"`
	Percentiles advice.Ordered[float64] `json:"percentiles"`
}

// statsOf summarises a sample of games for the JSON output.
func statsOf(s *scores.Sample) sampleStats {
	sum := s.Summary()
	lo, hi := s.CI95()
	return sampleStats{sum.Mean, [2]float64{lo, hi}, sum.SD, sum.Min, sum.Max, percentilesJSON(sum)}
}

// percentilesText writes the summary's percentiles on one line:
// "1%: 151  5%: 180 ...".
func percentilesText(s scores.Summary) string {
	parts := make([]string, len(s.Percentiles))
	for i, v := range s.Percentiles {
		parts[i] = fmt.Sprintf("%g%%: %g", scores.Percents[i], v)
	}
	return strings.Join(parts, "  ")
}
