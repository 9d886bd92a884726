package seats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/policy"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/target"
)

// Setup is what the seats of a single-sheet game play by.
type Setup struct {
	Game *engine.Game
	// EV is the expected-value optimum (the strategy table's values):
	// optimal play, and the play of the needs met and out of reach.
	EV solver.Values
	// Table is the every-target table, for win and target seats; nil
	// when none plays.
	Table *target.Table
	// Threads are the goroutines that play (0: runtime.GOMAXPROCS).
	Threads int
}

// Seat is one strategy's results over the games: its final totals and
// the share of games it won, a tie shared among the tied.
type Seat struct {
	Strategy Strategy
	Sample   *scores.Sample // its final totals
	WinRate  float64
	// WinCI95 is the 95% confidence interval of the win rate, over the
	// blocks of games that seat each strategy everywhere with the same
	// dice (Play).
	WinCI95 [2]float64
}

// seatPlay plays one seat's turns.
type seatPlay func(s engine.State, score int, others []rival) *policy.Turn

// rival is another player's position, as a seat that plays to win sees it.
type rival struct {
	state engine.State
	score int
}

// NeedsTable reports whether any of strategies plays by the every-target
// table.
func NeedsTable(strategies []Strategy) bool {
	for _, s := range strategies {
		if s.Kind == Win || s.Kind == Target {
			return true
		}
	}
	return false
}

// Play plays about games games of len(strategies) players, one strategy
// a seat, and returns each strategy's results, in the order given. Games
// come in blocks of one game a seat: in a block every strategy plays in
// every seat in turn, and the seats keep their dice from game to game
// (common random numbers), so that what differs between the strategies'
// results is their play; games is rounded up to whole blocks. Each turn's
// dice are drawn before it is played, five for each roll, and a reroll
// of k dice takes the first k of its roll: two players who keep alike
// see alike dice. The same seed gives the same games whatever the
// threads.
func Play(st Setup, strategies []Strategy, games int, seed uint64) ([]Seat, error) {
	k := len(strategies)
	if k < 1 {
		return nil, fmt.Errorf("no strategy to play")
	}
	if NeedsTable(strategies) && st.Table == nil {
		return nil, fmt.Errorf("win and target seats play by the every-target table, and none was given")
	}
	plays := make([]seatPlay, k)
	for i, s := range strategies {
		p, err := st.seat(s)
		if err != nil {
			return nil, err
		}
		plays[i] = p
	}
	blocks := (games + k - 1) / k
	// totals[b][r][i] is strategy i's total in game r of block b.
	totals := make([][][]int, blocks)
	workers.Each(blocks, st.Threads, func(_, b int) {
		totals[b] = make([][]int, k)
		for r := range k {
			totals[b][r] = st.game(plays, seed, b, r)
		}
	})
	return results(st.Game, strategies, totals), nil
}

// seat returns the play of strategy s.
func (st Setup) seat(s Strategy) (seatPlay, error) {
	g := st.Game
	switch s.Kind {
	case Greedy:
		p, err := policy.Greedy(g)
		if err != nil {
			return nil, err
		}
		return func(s engine.State, _ int, _ []rival) *policy.Turn { return p.Turn(s) }, nil
	case Target:
		pl, err := st.Table.NewPlayer(engine.State{}, s.Total, 0, st.EV)
		if err != nil {
			return nil, err
		}
		return func(s engine.State, score int, _ []rival) *policy.Turn { return pl.Turn(s, score) }, nil
	case Win:
		p, err := policy.New(g, st.EV)
		if err != nil {
			return nil, err
		}
		sp := NewSpread(p, st.EV, st.Threads)
		return func(s engine.State, score int, others []rival) *policy.Turn {
			return st.Table.Contest(s, score, beat(sp, others))
		}, nil
	}
	p, err := policy.New(g, st.EV)
	if err != nil {
		return nil, err
	}
	return func(s engine.State, _ int, _ []rival) *policy.Turn { return p.Turn(s) }, nil
}

// beat returns the worth of each final total against rivals who play for
// the expected score: the chance of finishing ahead of each of them, a
// tie counting half, with each rival's final total taken as normal with
// the mean and spread of expected-value play from their sheet (rounded
// to whole points), the rivals independent.
func beat(sp *Spread, others []rival) target.Worth {
	type normal struct{ mean, sd float64 }
	ns := make([]normal, len(others))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, o := range others {
		m, sd := sp.Final(o.state, o.score)
		ns[i] = normal{m, sd}
		lo, hi = min(lo, m-6*sd), max(hi, m+6*sd)
	}
	// below(n, z) is the chance that rival n finishes below z + 1/2.
	below := func(n normal, z float64) float64 {
		if n.sd < 1e-9 {
			if z+0.5 > n.mean {
				return 1
			}
			return 0
		}
		return 0.5 * math.Erfc(-(z+0.5-n.mean)/(n.sd*math.Sqrt2))
	}
	w := target.Worth{Lo: int(math.Floor(lo)) - 1}
	under := make([]float64, len(ns)) // below z-1, for each rival
	for i, n := range ns {
		under[i] = below(n, float64(w.Lo-1))
	}
	for z := w.Lo; z <= int(math.Ceil(hi))+1; z++ {
		p := 1.0
		for i, n := range ns {
			at := below(n, float64(z))
			p *= under[i] + (at-under[i])/2
			under[i] = at
		}
		w.Of = append(w.Of, p)
	}
	return w
}

// game plays game r of block b: the strategy in seat p is (p+r) mod k,
// and seat p rolls the dice of stream p of the block. It returns each
// strategy's total.
func (st Setup) game(plays []seatPlay, seed uint64, b, r int) []int {
	g := st.Game
	k := len(plays)
	states, score := make([]engine.State, k), make([]int, k)
	rngs := make([]*rand.Rand, k)
	for p := range rngs {
		rngs[p] = rand.New(rand.NewPCG(seed, uint64(b)*uint64(k)+uint64(p)))
	}
	others := make([]rival, 0, k-1)
	var dice [policy.MaxRolls][engine.Dice]uint8
	for range g.Turns() {
		for p := range k {
			for j := range dice {
				for d := range dice[j] {
					dice[j][d] = uint8(rngs[p].IntN(engine.Faces))
				}
			}
			others = others[:0]
			for q := range k {
				if q != p {
					others = append(others, rival{states[q], score[q]})
				}
			}
			t := plays[(p+r)%k](states[p], score[p], others)
			roll := rollOf(engine.Multiset{}, dice[0][:])
			for left := g.Rolls - 1; left > 0; left-- {
				keep, reroll := t.Keep(roll, left)
				if !reroll {
					break
				}
				kept := engine.Keep(keep)
				roll = rollOf(kept, dice[g.Rolls-left][:engine.Dice-kept.Size()])
			}
			move := t.Place(roll)
			score[p] += move.Total()
			states[p] = move.Next
		}
	}
	totals := make([]int, k)
	for p := range k {
		totals[(p+r)%k] = score[p]
	}
	return totals
}

// rollOf returns the roll of the kept dice and faces (0..5) rolled.
func rollOf(kept engine.Multiset, faces []uint8) int {
	for _, f := range faces {
		kept[f]++
	}
	return engine.RollIndex(kept)
}

// results sums up the games by strategy: its totals (scores.BySeat) and
// its share of the wins (scores.WinRates), whose interval comes from the
// spread of the blocks, the games of a block sharing their dice.
func results(g *engine.Game, strategies []Strategy, totals [][][]int) []Seat {
	games := slices.Concat(totals...)
	samples, wins := scores.BySeat(g, games), scores.WinRates(games, len(strategies))
	seats := make([]Seat, len(strategies))
	for i := range seats {
		seats[i] = Seat{Strategy: strategies[i], Sample: samples[i], WinRate: wins[i].Rate, WinCI95: wins[i].CI95}
	}
	return seats
}
