package scores

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"dicepoker/engine"
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
}

func (o Options) threads() int {
	if o.Threads > 0 {
		return o.Threads
	}
	return runtime.GOMAXPROCS(0)
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

// batch is how many games a goroutine takes at a time.
const batch = 512

// Simulate plays games games of p's game with policy p. Game i rolls its
// dice from a PCG generator seeded with seed and a hash of i, so the same
// seed gives the same games, whatever the number of threads.
func Simulate(p *policy.Policy, games int, seed uint64, o Options) (*Sample, error) {
	if games <= 0 {
		return nil, fmt.Errorf("cannot simulate %d games", games)
	}
	threads := o.threads()
	parts := make([]tally, threads)
	players := make([]*player, threads)
	for w := range players {
		players[w] = newPlayer(p)
	}
	var mu sync.Mutex
	done := 0
	batches := (games + batch - 1) / batch
	parallel(batches, threads, func(w, b int) {
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
	return total.sample(p.Game(), games), nil
}

// mix is the SplitMix64 finaliser, a bijection that spreads game indices
// over the generator's seeds.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// lanes is how many games a player plays side by side, one step of each
// in turn, so that the memory reads of one game's step (its state's
// decisions, scattered over a large cache) overlap those of the others.
const lanes = 16

// player plays games with a policy.
type player struct {
	p     *policy.Policy
	lanes [lanes]lane
}

// lane is a game in play.
type lane struct {
	pcg     rand.PCG
	rng     *rand.Rand // reading pcg
	s       engine.State
	t       *policy.Turn // the turn of s
	r       int          // the roll in hand
	rolling bool         // still rerolling this turn
	game
}

// game is one played game.
type game struct {
	score      int
	upper      bool // earned the upper bonus
	fiveAlikes int  // five-alike bonuses earned
	fullBox    bool // the five-alike box ended holding its full points
}

func newPlayer(p *policy.Policy) *player {
	pl := &player{p: p}
	for i := range pl.lanes {
		pl.lanes[i].rng = rand.New(&pl.lanes[i].pcg)
	}
	return pl
}

// play plays games from..to-1 of those seeded with seed and adds them to t.
func (pl *player) play(seed uint64, from, to int, t *tally) {
	g := pl.p.Game()
	for first := from; first < to; first += lanes {
		ls := pl.lanes[:min(lanes, to-first)]
		for i := range ls {
			ls[i].pcg.Seed(seed, mix(uint64(first+i)))
			ls[i].s, ls[i].game = engine.State{}, game{}
		}
		for range g.Turns() {
			for i := range ls {
				l := &ls[i]
				l.t, l.r, l.rolling = pl.p.Turn(l.s), roll(l.rng, 0), true
			}
			for left := g.Rolls - 1; left > 0; left-- {
				for i := range ls {
					l := &ls[i]
					if !l.rolling {
						continue
					}
					k, reroll := l.t.Keep(l.r, left)
					if l.rolling = reroll; reroll {
						l.r = roll(l.rng, k)
					}
				}
			}
			for i := range ls {
				l := &ls[i]
				move := l.t.Place(l.r)
				l.score += move.Total()
				l.upper = l.upper || move.Bonus > move.FiveAlikeBonus
				if move.FiveAlikeBonus > 0 {
					l.fiveAlikes++
				}
				l.s = move.Next
			}
		}
		for i := range ls {
			ls[i].fullBox = ls[i].s.FullBox
			t.add(ls[i].game)
		}
	}
}

// tally counts games. Its counts are whole numbers, which float64 holds
// exactly, so adding tallies in any order gives the same totals.
type tally struct {
	scores                                Histogram
	upper, fiveAlike, fiveAlikes, fullBox int
}

func (t *tally) add(g game) {
	t.scores.add(g.score, []float64{1})
	t.upper += b2i(g.upper)
	t.fiveAlike += b2i(g.fiveAlikes > 0)
	t.fiveAlikes += g.fiveAlikes
	t.fullBox += b2i(g.fullBox)
}

func (t *tally) merge(u *tally) {
	t.scores.add(u.scores.Lo, u.scores.W)
	t.upper += u.upper
	t.fiveAlike += u.fiveAlike
	t.fiveAlikes += u.fiveAlikes
	t.fullBox += u.fullBox
}

func (t *tally) sample(g *engine.Game, games int) *Sample {
	return &Sample{Game: g, Games: games, Scores: t.scores, UpperBonus: t.upper,
		FiveAlikeBonus: t.fiveAlike, FiveAlikeBonuses: t.fiveAlikes, FullBox: t.fullBox}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Summary describes the sample's scores: the sample mean and standard
// deviation, extremes and percentiles.
func (s *Sample) Summary() Summary { return s.Scores.summarize(true) }

// CI95 returns the 95% confidence interval of the mean score, from the
// normal approximation: mean ± 1.96 standard errors.
func (s *Sample) CI95() (lo, hi float64) {
	sum := s.Summary()
	half := distuv.UnitNormal.Quantile(0.975) * stat.StdErr(sum.SD, float64(s.Games))
	return sum.Mean - half, sum.Mean + half
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
	if e := g.Extra; e != nil {
		bs = append(bs, Bonus{fmt.Sprintf("%s-%d", g.Categories[e.Box].Name, e.Full), s.FullBox})
	}
	return bs
}
