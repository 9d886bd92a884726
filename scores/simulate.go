package scores

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
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
	// Context, when set, stops an exact pass once it is done (see Carry):
	// a server's request's, so that no work goes on for a client that
	// left; nil never stops.
	Context context.Context
}

func (o Options) threads() int { return workers.Threads(o.Threads) }

// err returns the error of o.Context once it is done, else nil.
func (o Options) err() error {
	if o.Context == nil {
		return nil
	}
	return o.Context.Err()
}

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

// Simulate plays games games of p's game with policy p. Game i rolls its
// dice from a SplitMix64 stream seeded with seed and a hash of i, so the
// same seed gives the same games, whatever the number of threads. The
// games are played in lockstep, each state's turn planned once for all
// the games that meet it, in batches of the solver's lanes
// (policy.Plays).
func Simulate(p *policy.Policy, games int, seed uint64, o Options) (*Sample, error) {
	bs := make(batches, o.threads())
	for w := range bs {
		bs[w] = p.NewPlays()
	}
	return simulate(p.Game(), bs, games, seed, o)
}

// TurnOf gives the decisions of a turn in state s with score points
// scored so far, for a way of playing that looks at more than the state
// (a target to reach). It is called from several goroutines at once.
type TurnOf func(s engine.State, score int) *policy.Turn

// SimulateBy plays games games of g as Simulate does, each turn's
// decisions from turn.
func SimulateBy(g *engine.Game, turn TurnOf, games int, seed uint64, o Options) (*Sample, error) {
	return simulate(g, &turnsOf{of: turn, states: make([][lanes.Lanes]engine.State, o.threads())}, games, seed, o)
}

// simulate plays games games of g in lockstep rounds, their turns from
// plans.
func simulate(g *engine.Game, plans planner, games int, seed uint64, o Options) (*Sample, error) {
	if games <= 0 {
		return nil, fmt.Errorf("cannot simulate %d games", games)
	}
	ls := &lockstep{g: g, layout: statespace.NewLayout(g), plans: plans, threads: o.threads()}
	defer ls.release()
	var t tally
	for from := 0; from < games; from += round {
		to := min(from+round, games)
		var progress func(int)
		if o.Progress != nil {
			// A round's games count as played in proportion to its turns.
			progress = func(turn int) { o.Progress(from+(to-from)*(turn+1)/g.Turns(), games) }
		}
		ls.play(seed, from, to, &t, progress)
	}
	return t.sample(g, games), nil
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
