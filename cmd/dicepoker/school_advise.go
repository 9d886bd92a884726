package main

import (
	"fmt"
	"io"

	"dicepoker/advice"
	"dicepoker/school"
)

// writeRollouts prints what the games played on after the best actions of
// a say: each one's mean final score with its 95% confidence interval,
// beside the expected score the ranking gives it.
func writeRollouts(w io.Writer, a *advice.Ranking, rolls []school.Rollout, seed uint64) {
	fmt.Fprintf(w, "\nrollouts: %d games played on after each of the %d best actions (seed %d),\n", rolls[0].Games, len(rolls), seed)
	fmt.Fprintf(w, "each turn rolling the same dice after every action; no other player takes a bonus meanwhile\n")
	width := actionWidth(a, len(rolls))
	fmt.Fprintf(w, "%4s  %-*s %10s %10s %9s %9s %9s\n", "rank", width, "action", "expected", "rollout", "95% CI", "vs 1st", "95% CI")
	for i, r := range rolls {
		fmt.Fprintf(w, "%4d  %-*s %10.3f %10.3f %9s %9.3f %9s\n", i+1, width, a.Describe(i), a.Expected(i),
			float64(a.SheetScore)+r.Mean, fmt.Sprintf("± %.3f", r.CI95), r.VsFirst, fmt.Sprintf("± %.3f", r.VsCI95))
	}
}
