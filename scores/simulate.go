package scores

import (
	"fmt"
	"sync"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/policy"
)

// Options tune a simulation or an exact pass. The results do not depend
// on them.
type Options struct {
	Threads int // goroutines; 0 means runtime.GOMAXPROCS
	// Progress, when set, is called now and then with the work done so
	// far and the total: games played, or turns carried forward. Calls
	// do not overlap.
	Progress func(done, total int)
	// TurnProgress, when set, is called now and then during an exact pass
	// with the turn being carried forward (from 1), the turns, and how
	// many of the turn's states are done of how many. The turns in the
	// middle of a game hold the most states, so a turn's share of the
	// time is known only once it starts. Calls do not overlap.
	TurnProgress func(turn, turns, done, states int)
}

func (o Options) threads() int { return workers.Threads(o.Threads) }

// Sample is the outcome of simulated games: the final scores and how often
// the bonuses were earned.
type Sample struct {
	Game   *engine.Game
	Games  int
	Scores Histogram // games that ended with each score
	// UpperBonus counts the games that earned the upper bonus.
	UpperBonus int
	// FiveAlikeBonus counts the games that earned at least one five-alike
	// bonus (yahtzee-bonus, poker-bonus), FiveAlikeBonuses the bonuses.
	FiveAlikeBonus, FiveAlikeBonuses int
	// FullBox counts the games that ended with the five-alike box holding
	// its full points (50).
	FullBox int
}

// batch is how many games a goroutine takes at a time.
const batch = 512

// Simulate plays games games of p's game with policy p. Game i rolls its
// dice from a PCG generator seeded with seed and a hash of i, so the same
// seed gives the same games, whatever the number of threads.
func Simulate(p *policy.Policy, games int, seed uint64, o Options) (*Sample, error) {
	return SimulateBy(p.Game(), func(s engine.State, _ int) *policy.Turn { return p.Turn(s) }, games, seed, o)
}

// TurnOf gives the decisions of a turn in state s with score points
// scored so far, for a way of playing that looks at more than the state
// (a target to reach). It is called from several goroutines at once.
type TurnOf func(s engine.State, score int) *policy.Turn

// SimulateBy plays games games of g as Simulate does, each turn's
// decisions from turn.
func SimulateBy(g *engine.Game, turn TurnOf, games int, seed uint64, o Options) (*Sample, error) {
	if games <= 0 {
		return nil, fmt.Errorf("cannot simulate %d games", games)
	}
	threads := o.threads()
	parts := make([]tally, threads)
	players := make([]*player, threads)
	for w := range players {
		players[w] = newPlayer(g, turn)
	}
	var mu sync.Mutex
	done := 0
	batches := (games + batch - 1) / batch
	workers.Each(batches, threads, func(w, b int) {
		from, to := b*batch, min((b+1)*batch, games)
		players[w].play(seed, from, to, &parts[w])
		if o.Progress != nil {
			mu.Lock()
			done += to - from
			o.Progress(done, games)
			mu.Unlock()
		}
	})
	var total tally
	for i := range parts {
		total.merge(&parts[i])
	}
	return total.sample(g, games), nil
}

// Summary describes the sample's scores: the sample mean and standard
// deviation, extremes and percentiles.
func (s *Sample) Summary() Summary { return s.Scores.summarize(true) }

// CI95 returns the 95% confidence interval of the mean score, from the
// normal approximation: mean ± 1.96 standard errors.
func (s *Sample) CI95() (lo, hi float64) {
	sum := s.Summary()
	half := HalfWidth95(sum.SD, s.Games)
	return sum.Mean - half, sum.Mean + half
}

// HalfWidth95 returns the half-width of the 95% confidence interval of the
// mean of n values whose standard deviation is sd, from the normal
// approximation: 1.96 standard errors.
func HalfWidth95(sd float64, n int) float64 {
	return distuv.UnitNormal.Quantile(0.975) * stat.StdErr(sd, float64(n))
}

// Bonus is how many games earned one of the game's bonuses.
type Bonus struct {
	// Key names it: "upper-bonus"; the five-alike bonus by its sheet key
	// ("yahtzee-bonus", "poker-bonus"), earned at least once; or the
	// five-alike box with its full points ("yahtzee-50"), held at the end.
	Key   string
	Games int
}

// Bonuses returns how many games earned each bonus the game has.
func (s *Sample) Bonuses() []Bonus {
	g := s.Game
	var bs []Bonus
	if g.Upper.Points != 0 {
		bs = append(bs, Bonus{"upper-bonus", s.UpperBonus})
	}
	if key := g.BonusKey(); key != "" {
		bs = append(bs, Bonus{key, s.FiveAlikeBonus})
	}
	if key := g.FullBoxKey(); key != "" {
		bs = append(bs, Bonus{key, s.FullBox})
	}
	return bs
}
