package school

import (
	"math/rand/v2"
	"sync"

	"dicepoker/engine"
)

// Drift measures what a player scores from a position beyond the value its
// turn's search gives its best action there. An estimate's values are fitted to targets
// that lean on its own turn search (TrainOptions.Lambda), since the points
// alone are too noisy to decide by. The search takes the best of values
// that are each a little wrong, so on sheets its own games seldom meet
// (many zeros, bonuses lost, a School closed early) each turn's search
// disagrees with the value the turn before gave its sheet by a point or
// two, mostly the same way, and over a game that adds up to tens of
// points.
//
// The points a game brings from a position, less that value, are exactly
// the sum over the turns after of that disagreement (each turn's search
// less the value the turn before gave its sheet) plus each turn's luck
// (the turn's points and the value of the sheet it wrote, less the turn's
// search), whose mean is 0 under the player's own choices. So the mean of
// the disagreements over a few games played on from the position is the
// mean of what the player scores beyond that value, without the
// dice's spread: about fifteen points a game against over a hundred for
// the points, so 16 games tell it as closely as a thousand games' points
// would. Near the end, where the endgame values the sheets exactly, every
// disagreement is 0.
//
// The drift of a position is one shift of the values of every action
// there: it changes no ranking and no decision, only the expected final
// scores the advisor states.
type Drift struct {
	k      *Kernel
	player Player
	// Games are the games played on from a position; Seed seeds their
	// dice, the same for every position, so that the same position has the
	// same drift.
	Games   int
	Seed    uint64
	Threads int // goroutines; 0 means runtime.GOMAXPROCS
	// Lookahead says that the advisor values the actions by the player's
	// Lookahead: its values hold the search of the turn after already, so
	// the drift leaves out that turn's disagreement. That cancels exactly
	// for a write; with rerolls left the games play the rest of the
	// position's turn by the player, where the lookahead's value of a keep
	// assumes its own choices there, a difference the drift does not
	// measure.
	Lookahead bool
	// settled, when set, tells the sheets from which every later turn's
	// search is exactly the value the turn before gave its sheet, so
	// that a game's sum ends there (see Endgame.Drift).
	settled func(s *engine.SchoolState) bool
	// last is the position of the last call and its drift: play's coach
	// ranks a position for a hint, then again to judge the move made there.
	mu   sync.Mutex
	last *drifted
	// rests holds what the games of the last sheet's positions brought
	// after their first write (see of).
	rests *rests
}

// rests holds, for the positions of one sheet, each game's sum over the
// turns after its first write, by the game and the sheet that write left.
// The rest of a game depends on nothing else (its dice come from the
// game's own seed, turn by turn), and the positions of one turn, which a
// person enters a tap at a time, end their games' first turns in the same
// writes often: from dice that differ by a die, a game keeps the same
// dice and rolls the same from its seed.
type rests struct {
	sheet engine.SchoolState
	mu    sync.Mutex
	sums  map[rested]float64
}

// rested is a game of a drift and the sheet its first write left.
type rested struct {
	game  int
	sheet engine.SchoolState
}

// restsOf returns the rests of the positions of sheet s, those kept when
// the last call's were for s, else none.
func (d *Drift) restsOf(s *engine.SchoolState) *rests {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.rests == nil || d.rests.sheet != *s {
		d.rests = &rests{sheet: *s, sums: map[rested]float64{}}
	}
	return d.rests
}

func (r *rests) get(k rested) (float64, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.sums[k]
	return v, ok
}

func (r *rests) put(k rested, v float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sums[k] = v
}

// drifted is a position with its drift.
type drifted struct {
	p position
	v float64
}

// DriftGames is how many games a drift is measured over by default: two
// batches of the kernel's lanes, one a thread on two cores: a whole advise
// process takes about 33 ms with it on two quiet cores, 7 ms without.
const DriftGames = 16

// NewDrift returns the drift of player on kernel k, over DriftGames
// games.
func NewDrift(k *Kernel, player Player) *Drift {
	return &Drift{k: k, player: player, Games: DriftGames, Seed: 1}
}

// position is a point in a school turn: the sheet, the dice showing, the
// rolls still allowed and whether the dice came from a roll of all five.
type position struct {
	Sheet     engine.SchoolState
	Dice      engine.Multiset
	RollsLeft int
	Fresh     bool
}

// of returns the drift of position p: the mean over d.Games games played
// on from p by the player (the rest of its turn as the player plays it,
// then every later turn) of the sum, over the turns after p's (but the
// first of them with Lookahead), of each turn's search less the value the
// turn before gave its sheet. That is what the player scores from p beyond
// the value its search (or the lookahead's) gives its best action there.
// 0 for a full sheet.
func (d *Drift) of(p position) float64 {
	g := d.k.g
	if g.SchoolFull(&p.Sheet) {
		return 0
	}
	d.mu.Lock()
	last := d.last
	d.mu.Unlock()
	if last != nil && last.p == p {
		return last.v
	}
	sums := make([]float64, d.Games)
	rests := d.restsOf(&p.Sheet)
	// Every game finishes p's turn from the same search of p's sheet:
	// searched once, not in a lane of each game's, as the lanes do not
	// mix. A game's values are its own (they are not safe for concurrent
	// use), and the same.
	w := d.k.borrowScratch()
	defer giveScratch(w)
	at := d.k.search(&p.Sheet, d.player(&p.Sheet), w)
	d.k.lockstep(d.Games, d.Threads, func(i int, search searcher) {
		rng := func(t int) *rand.Rand { return rand.New(rand.NewPCG(d.Seed, uint64(i)<<8|uint64(t))) }
		values := d.player(&p.Sheet)
		m := d.k.finish(p.Sheet, p.Dice, p.RollsLeft, p.Fresh, values, 0, rng(0), at)
		first := rested{i, m.Next}
		if v, ok := rests.get(first); ok {
			sums[i] = v
			return
		}
		for t := 1; !g.SchoolFull(&m.Next) && !d.settles(&m.Next); t++ {
			before, st := values(m.Next), m.Next // the value the turn before gave the sheet
			var value float64
			values = d.player(&st)
			m, value = d.k.Turn(st, values, rng(t), search)
			if t > 1 || !d.Lookahead {
				sums[i] += value - before
			}
		}
		rests.put(first, sums[i])
	})
	mean := 0.0
	for _, v := range sums {
		mean += v
	}
	mean /= float64(d.Games)
	d.mu.Lock()
	d.last = &drifted{p, mean}
	d.mu.Unlock()
	return mean
}

// settles reports whether every turn from sheet s on disagrees with
// nothing: the turns left are not played.
func (d *Drift) settles(s *engine.SchoolState) bool {
	return d.settled != nil && d.settled(s)
}

// Add adds the drift of a position to the value of every action ranked
// there, as the advisor states them, and returns it: the position of
// sheet s with dice showing, rollsLeft rolls still allowed and fresh
// telling whether the dice came from a roll of all five, as
// Kernel.Actions ranks it.
func (d *Drift) Add(s engine.SchoolState, dice engine.Multiset, rollsLeft int, fresh bool, actions []engine.Ranked) float64 {
	v := d.of(position{s, dice, rollsLeft, fresh})
	for i := range actions {
		actions[i].Value += v
	}
	return v
}
