package scores

import "testing"

// BenchmarkSimulate measures a million optimal games of yatzy and of
// yahtzee from a cold start: the strategy table loaded, a new policy, no
// turn planned yet. Run it with -cpu 2 for the figure.
func BenchmarkSimulate(b *testing.B) {
	for _, name := range []string{"yatzy", "yahtzee"} {
		b.Run(name, func(b *testing.B) {
			table(b, name)
			for b.Loop() {
				p := optimal(b, name)
				if _, err := Simulate(p, 1_000_000, 1, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDistribution measures the exact distribution of optimal yahtzee
// and yatzy.
func BenchmarkDistribution(b *testing.B) {
	for _, name := range []string{"yahtzee", "yatzy"} {
		b.Run(name, func(b *testing.B) {
			p := optimal(b, name)
			for b.Loop() {
				Exact(p, Options{})
			}
		})
	}
}
