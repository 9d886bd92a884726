package scores

import (
	"testing"
	"time"
)

// BenchmarkSimulateYahtzee measures optimal Yahtzee games a second once
// the policy has met most states a game visits (after a warm-up of
// 300,000 games): each op plays 10,000 fresh games. Run it with -cpu 1,2.
func BenchmarkSimulateYahtzee(b *testing.B) {
	p := optimal(b, "yahtzee")
	if _, err := Simulate(p, 300_000, 0, Options{}); err != nil {
		b.Fatal(err)
	}
	const games = 10_000
	seed := uint64(1)
	start := time.Now()
	for b.Loop() {
		if _, err := Simulate(p, games, seed, Options{}); err != nil {
			b.Fatal(err)
		}
		seed++
	}
	b.ReportMetric(float64(games)*float64(b.N)/time.Since(start).Seconds(), "games/s")
	b.ReportMetric(float64(p.Planned()), "states")
}

// BenchmarkDistributionYahtzee measures the exact distribution of optimal
// Yahtzee.
func BenchmarkDistributionYahtzee(b *testing.B) {
	p := optimal(b, "yahtzee")
	for b.Loop() {
		Exact(p, Options{})
	}
}
