package scores

import (
	"math/bits"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
	"dicepoker/policy"
)

// mix is SplitMix64's step and finaliser, a bijection: the generator's
// output from its state x, and the hash that spreads game indices over
// the seeds.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// planner gives the turns of the games a lockstep plays: the states of
// one batch (at most lanes.Lanes, distinct) at a time, on goroutine w.
type planner interface {
	// plan readies the turns of states on goroutine w, for games games.
	plan(w int, states []engine.State, games int)
	// turn returns the turn of the j-th state of w's batch, for a game
	// with score points so far.
	turn(w, j, score int) *policy.Turn
	// byScore reports whether turn depends on the score, else each
	// state's turn is asked for once for all its games.
	byScore() bool
}

// batches plans a policy's turns in batches, one for each goroutine.
type batches []*policy.Plays

// plan takes the keep lattice's choices for a batch that many games
// play, and leaves the keeps to a search on first use for one that few
// do: the lattice costs about as much as searchBelow games' searches.
func (b batches) plan(w int, states []engine.State, games int) {
	if games < searchBelow {
		b[w].PlanSearching(states)
	} else {
		b[w].Plan(states)
	}
}

func (b batches) turn(w, j, _ int) *policy.Turn { return b[w].Turn(j) }
func (batches) byScore() bool                   { return false }

// searchBelow is how many games a batch must have for its keeps to come
// from the keep lattice rather than searches.
const searchBelow = 128

// turnsOf plans each game's turn with a TurnOf.
type turnsOf struct {
	of     TurnOf
	states [][lanes.Lanes]engine.State // by goroutine
}

func (t *turnsOf) plan(w int, states []engine.State, _ int) { copy(t.states[w][:], states) }
func (t *turnsOf) turn(w, j, score int) *policy.Turn        { return t.of(t.states[w][j], score) }
func (*turnsOf) byScore() bool                              { return true }

// round is how many games are in play at once: enough that the games
// that meet a state meet it in one batch, few enough to keep their
// memory small (16 bytes a game).
const round = 1 << 20

// unit is how many games, consecutive by state, a goroutine plays at a
// time: the states that straddle two units are planned twice.
const unit = 8192

// lockstep plays games turn by turn, all of a round's games' turn t
// together. Each turn it sorts the games by state, so that the games of
// a state lie together: each distinct state is planned once (once per
// unit it straddles) for all of them, the plans need no cache, as a
// state is met in one turn only, and the games are read in order.
type lockstep struct {
	g       *engine.Game
	layout  statespace.Layout
	plans   planner
	threads int
	six     bool // the game rolls six dice (roll6), not five (roll)
	games   []live
	spare   []live // the sort's other buffer
	// counts[u][d] counts the games of unit u whose state index has high
	// digit d (the index's top bits, at most highBits of them), as the
	// unit's turn leaves them; sort turns them into the unit's places.
	counts [][1 << highBits]int32
	// starts[d] is where the games of high digit d start once sorted.
	starts [1<<highBits + 1]int32
	low    [][]int32 // each goroutine's counts of the low digits
	shift  uint      // the index's low bits, below the high digit
	count  bool      // whether playUnit counts the games' high digits
	free   func()    // gives back games' and spare's memory (newHuge)
	// states[w] holds the batch of states goroutine w plans: a local
	// array, passed through the planner interface, went to the heap
	// once a batch.
	states [][lanes.Lanes]engine.State
}

// release gives back the memory of the games, which are then gone.
func (ls *lockstep) release() {
	if ls.free != nil {
		ls.free()
		ls.games, ls.spare, ls.free = nil, nil, nil
	}
}

// highBits is the most bits of the state index that sort's first pass
// places by.
const highBits = 11

// live is a game in play, in 16 bytes, as the sort moves it every turn:
// its dice's generator, state and what it has earned. Scores fit 16 bits
// (policy.New sees to it; swedish can score at most 1,833).
type live struct {
	rng        stream
	index      uint32 // the state's layout index
	score      int16
	fiveAlikes uint8 // five-alike bonuses earned
	upper      bool  // earned the upper bonus
}

// play plays games from..to-1 of those seeded with seed and adds them to
// t; progress, when set, is told of each turn played.
func (ls *lockstep) play(seed uint64, from, to int, t *tally, progress func(turn int)) {
	ls.six = ls.g.Dice == engine.MaxDice
	if ls.six {
		draws6Once.Do(makeDraws6)
	} else {
		drawsOnce.Do(makeDraws)
	}
	// Both buffers at their full size at once, the games seeded on
	// every goroutine; the sort overwrites the spare before reading it.
	n := to - from
	if cap(ls.games) < n {
		ls.release()
		var free, freeSpare func()
		ls.games, free = newHuge[live](n)
		ls.spare, freeSpare = newHuge[live](n)
		ls.free = func() { free(); freeSpare() }
	}
	ls.games, ls.spare = ls.games[:n], ls.spare[:n]
	start := uint32(ls.layout.Index(engine.State{}))
	workers.Each((n+unit-1)/unit, ls.threads, func(_, u int) {
		for i := u * unit; i < min((u+1)*unit, n); i++ {
			ls.games[i] = live{rng: seeded(seed, uint64(from+i)), index: start}
		}
	})
	ls.ready(n)
	for turn := range ls.g.Turns() {
		if turn > 0 { // every game starts in the same state
			ls.sort()
		}
		ls.count = turn < ls.g.Turns()-1
		workers.Each(len(ls.counts), ls.threads, ls.playUnit)
		if progress != nil {
			progress(turn)
		}
	}
	for i := range ls.games {
		l := &ls.games[i]
		t.add(game{score: int(l.score), upper: l.upper, fiveAlikes: int(l.fiveAlikes), fullBox: ls.layout.State(int(l.index)).FullBox})
	}
}

// ready makes the sort's counts for n games.
func (ls *lockstep) ready(n int) {
	units := (n + unit - 1) / unit
	ls.counts = slices.Grow(ls.counts[:0], units)[:units]
	width := uint(bits.Len(uint(ls.layout.Size() - 1)))
	ls.shift = width - min(width, highBits)
	ls.states = make([][lanes.Lanes]engine.State, ls.threads)
	ls.low = make([][]int32, ls.threads)
	for w := range ls.low {
		ls.low[w] = make([]int32, 1<<ls.shift)
	}
}

// sort orders the games by state index, stably, in two passes: the
// games of each unit go to their high digit's place, counted as the unit
// played its turn (on every goroutine, a unit at a time), then each high
// digit's games, together and mostly in the cache, are sorted by the low
// bits (a digit at a time on every goroutine).
func (ls *lockstep) sort() {
	// Each unit's games of digit d go after those of the digits before
	// and of the units before.
	var total [1 << highBits]int32
	for u := range ls.counts {
		for d, c := range &ls.counts[u] {
			total[d] += c
		}
	}
	at := int32(0)
	for d, c := range total {
		ls.starts[d], total[d] = at, at
		at += c
	}
	ls.starts[1<<highBits] = at
	for u := range ls.counts {
		c := &ls.counts[u]
		for d, x := range c {
			c[d] = total[d]
			total[d] += x
		}
	}
	workers.Each(len(ls.counts), ls.threads, func(_, u int) {
		c := &ls.counts[u]
		for _, l := range ls.games[u*unit : min((u+1)*unit, len(ls.games))] {
			d := l.index >> ls.shift
			ls.spare[c[d]] = l
			c[d]++
		}
	})
	workers.Each(1<<highBits, ls.threads, func(w, d int) {
		lo, hi := ls.starts[d], ls.starts[d+1]
		ls.sortLow(ls.spare[lo:hi], ls.games[lo:hi], ls.low[w])
	})
}

// sortLow sorts games, of one high digit, by their index into to,
// stably: a few by insertion, more by counting their low bits in count
// (the span they cover only).
func (ls *lockstep) sortLow(games, to []live, count []int32) {
	if len(games) < 32 {
		copy(to, games)
		for i := 1; i < len(to); i++ {
			l, j := to[i], i
			for ; j > 0 && to[j-1].index > l.index; j-- {
				to[j] = to[j-1]
			}
			to[j] = l
		}
		return
	}
	mask := uint32(1)<<ls.shift - 1
	least, most := mask, uint32(0)
	for i := range games {
		k := games[i].index & mask
		least, most = min(least, k), max(most, k)
	}
	c := count[least : most+1]
	clear(c)
	for i := range games {
		c[games[i].index&mask-least]++
	}
	at := int32(0)
	for k, x := range c {
		c[k] = at
		at += x
	}
	for i := range games {
		k := games[i].index&mask - least
		to[c[k]] = games[i]
		c[k]++
	}
}

// playUnit plays the turn of the u-th unit of games on goroutine w: the
// games of Lanes distinct states at a time, their turns planned together;
// then counts them for the sort, unless the turn is the last.
func (ls *lockstep) playUnit(w, u int) {
	all := ls.games[u*unit : min((u+1)*unit, len(ls.games))]
	for games := all; len(games) > 0; {
		states := &ls.states[w]
		var ends [lanes.Lanes]int
		n, i := 0, 0
		for ; i < len(games) && n < lanes.Lanes; n++ {
			index := games[i].index
			states[n] = ls.layout.State(int(index))
			for i < len(games) && games[i].index == index {
				i++
			}
			ends[n] = i
		}
		ls.plans.plan(w, states[:n], i)
		byScore := ls.plans.byScore()
		k := 0
		for j := range n {
			var t *policy.Turn
			if !byScore {
				t = ls.plans.turn(w, j, 0)
			}
			for ; k < ends[j]; k++ {
				if byScore {
					t = ls.plans.turn(w, j, int(games[k].score))
				}
				ls.playTurn(&games[k], t)
			}
		}
		games = games[i:]
	}
	if ls.count {
		ls.countUnit(u, all)
	}
}

// countUnit counts unit u's games by the high digit of their index, for
// the sort.
func (ls *lockstep) countUnit(u int, games []live) {
	c := &ls.counts[u]
	*c = [1 << highBits]int32{}
	for i := range games {
		c[games[i].index>>ls.shift]++
	}
}

// playTurn plays game l's turn t: the first roll, the rerolls its keeps
// ask for, then the move.
func (ls *lockstep) playTurn(l *live, t *policy.Turn) {
	r := ls.roll(&l.rng, 0)
	for left := ls.g.Rolls - 1; left > 0; left-- {
		k, reroll := t.Keep(r, left)
		if !reroll {
			break
		}
		r = ls.roll(&l.rng, k)
	}
	end := t.End(r)
	l.score += end.Points
	l.upper = l.upper || end.UpperBonus
	if end.FiveAlikeBonus {
		l.fiveAlikes++
	}
	l.index = end.Next
}

// roll returns the roll that keep k becomes, of the game's dice.
func (ls *lockstep) roll(s *stream, k int) int {
	if ls.six {
		return roll6(s, k)
	}
	return roll(s, k)
}

// game is one played game.
type game struct {
	score      int
	upper      bool // earned the upper bonus
	fiveAlikes int  // five-alike bonuses earned
	fullBox    bool // the five-alike box ended holding its full points
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
