package main

import (
	"fmt"
	"strconv"
	"strings"

	"dicepoker/scores"
)

// percentilesJSON gives the summary's percentiles as a JSON object keyed
// by percent, in increasing order: {"1": 151, "5": 180, ...}.
func percentilesJSON(s scores.Summary) ordered[float64] {
	o := make(ordered[float64], len(s.Percentiles))
	for i, v := range s.Percentiles {
		o[i] = entry[float64]{strconv.FormatFloat(scores.Percents[i], 'g', -1, 64), v}
	}
	return o
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
