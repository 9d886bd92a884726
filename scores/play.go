package scores

import (
	"math/rand/v2"

	"dicepoker/engine"
	"dicepoker/policy"
)

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

// player plays games with a way of playing.
type player struct {
	g     *engine.Game
	turn  TurnOf
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

func newPlayer(g *engine.Game, turn TurnOf) *player {
	pl := &player{g: g, turn: turn}
	for i := range pl.lanes {
		pl.lanes[i].rng = rand.New(&pl.lanes[i].pcg)
	}
	return pl
}

// play plays games from..to-1 of those seeded with seed and adds them to t.
func (pl *player) play(seed uint64, from, to int, t *tally) {
	g := pl.g
	for first := from; first < to; first += lanes {
		ls := pl.lanes[:min(lanes, to-first)]
		for i := range ls {
			ls[i].pcg.Seed(seed, mix(uint64(first+i)))
			ls[i].s, ls[i].game = engine.State{}, game{}
		}
		for range g.Turns() {
			for i := range ls {
				l := &ls[i]
				l.t, l.r, l.rolling = pl.turn(l.s, l.score), roll(l.rng, 0), true
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
