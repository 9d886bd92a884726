package kind

import (
	"sync"
	"sync/atomic"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/gctarget"
	"dicepoker/policy"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/seats"
	"dicepoker/strategy"
	"dicepoker/target"
)

// Player is a strategy ready to play its game: a single sheet's by the
// values of its table (optimal), greedy, aiming at a total, or seats of
// several players, one strategy a seat (seats.Play); school's by its
// exact table (one column), its estimate, or greedy.
type Player struct {
	Game *engine.Game
	// Name is optimal, greedy, estimate or target; for seats, their
	// strategies, comma-separated ("win,optimal,target:250").
	Name string
	// Expected is the exact expected final score of the player: the
	// optimal one's (its table's), or the one's that aims at a total (its
	// every-target table's, then its exact distribution's mean once that
	// is computed); nil where it is not known exactly (greedy, an
	// estimate, seats).
	Expected *float64
	// Aim is the total the player aims at, with its chance of it; nil
	// for the players of the most points on average.
	Aim *Aim

	o      advice.Opener
	policy *policy.Policy           // single sheet: plays by state values
	aimer  *target.Player           // single sheet: plays for Aim
	school *advice.SchoolStrategy   // school: the first seat's strategy
	lineup []*advice.SchoolStrategy // school: one a seat, or one for every seat
	seats  *seats.Setup             // single sheet: what seats play by
}

// Aim is a player's target, as simulate and distribution print it: the
// least final total aimed at, the chance of reaching it (the every-target
// table's, within its bound of the exact one) and the expected score of
// that play (the table's, within target.EBound of the exact one, until
// the exact distribution gives its mean).
type Aim struct {
	Target      int      `json:"target"`
	Probability float64  `json:"probability"`
	Expected    *float64 `json:"expected,omitempty"`
}

// NewPlayer opens the strategy called name for g ("": the game's default,
// the optimal one where its game is solved exactly, else the estimate),
// or, when total is not nil, the player that aims at a final total of at
// least *total (the single-sheet games), by the game's every-target
// table, built on first use. For a single sheet, name may also be what
// only seats play (Seated): a list of strategies, one a seat, of
// optimal, greedy, win and target:T.
func NewPlayer(o advice.Opener, g *engine.Game, name string, total *int) (*Player, error) {
	if total != nil {
		return aiming(o, g, *total)
	}
	return Of(g).player(o, name)
}

// player opens the single-sheet strategy called name (NewPlayer).
func (k single) player(o advice.Opener, name string) (*Player, error) {
	g := k.g
	if Seated(name, nil) {
		return seated(o, g, name)
	}
	p := &Player{Game: g, Name: name, o: o, seats: &seats.Setup{Game: g}}
	var err error
	switch name {
	case "", "optimal":
		var t *strategy.Table
		if t, err = o.Table(g); err != nil {
			return nil, err
		}
		p.Name, p.Expected, p.seats.EV = "optimal", &t.Expected, t.Value
		p.policy, err = policy.New(g, t.Value)
	case "greedy":
		p.policy, err = policy.Greedy(g)
	default:
		return nil, advice.Fieldf("{strategy} %s: want optimal or greedy", engine.Quote(name))
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// aiming returns the player that aims at a final total of at least
// total from a new game of g, by its every-target table (built on first
// use), with its chance of the total and its expected score.
func aiming(o advice.Opener, g *engine.Game, total int) (*Player, error) {
	tab, ev, err := o.TargetPlay(g, true)
	if err != nil {
		return nil, err
	}
	pl, err := tab.NewPlayer(engine.State{}, total, 0, ev)
	if err != nil {
		return nil, err
	}
	v := tab.Value(engine.State{}, total, ev)
	return &Player{Game: g, Name: "target", Expected: &v.E, Aim: &Aim{Target: total, Probability: v.P, Expected: &v.E}, o: o, aimer: pl}, nil
}

// Games are the final scores of a run of games, by seat.
type Games struct {
	Seats []*scores.Sample
	// Wins is each seat's share of the games won, a tie shared among the
	// tied, with its interval: for games whose players share a table
	// (school, single-sheet seats), nil for a single sheet played alone.
	Wins []scores.WinRate
	// Strategies names each seat's strategy where Wins is set.
	Strategies []string
	// Bound is the every-target table's bound of its chances where a
	// seat plays by it, else 0.
	Bound float64
	// SameDice says that the strategies took every seat in turn, with the
	// same dice (seats.Play): the games come in whole rounds of one a
	// seat.
	SameDice bool
}

// maxGames is the most games a run plays: a billion take hours already.
const maxGames = 1_000_000_000

// CheckRun checks, before any table is opened, a run of games of g with
// *seats players taking turns (nil: not said, one), played by the
// strategy called name (Player) or, when total is not nil, aiming at
// *total.
func CheckRun(g *engine.Game, name string, total *int, games int, seats *int) error {
	if games <= 0 || games > maxGames {
		return advice.Fieldf("{games} %d: must be 1 to %d", games, maxGames)
	}
	return Of(g).checkRun(name, total, games, seats)
}

// Simulate plays games games with *seats players (nil: one, or for a
// single sheet's seats one a strategy named) taking turns, the dice
// seeded by seed, the same games whatever o.Threads says.
func (p *Player) Simulate(games int, seats *int, seed uint64, o scores.Options) (*Games, error) {
	var total *int
	if p.Aim != nil {
		total = &p.Aim.Target
	}
	if err := CheckRun(p.Game, p.Name, total, games, seats); err != nil {
		return nil, err
	}
	if p.school != nil {
		return p.playSchool(games, seats, seed, o.Threads)
	}
	if p.seats != nil && (seats != nil || Seated(p.Name, nil)) {
		return p.playSeats(games, seats, seed, o)
	}
	var s *scores.Sample
	var err error
	if p.aimer != nil {
		s, err = p.aimer.Simulate(games, seed, o)
	} else {
		s, err = scores.Simulate(p.policy, games, seed, o)
	}
	if err != nil {
		return nil, err
	}
	return &Games{Seats: []*scores.Sample{s}}, nil
}

// Distribution is the distribution of a player's final score: exact,
// carried forward through the states between turns, or, where the play
// is not exact (school with more than one column), sampled from games.
type Distribution struct {
	Exact  *scores.Distribution // nil when sampled
	Sample *scores.Sample       // nil when exact
}

// SampledGames is how many games a distribution is sampled from where
// there is no exact table to carry every score forward with.
const SampledGames = 20000

// schoolExactBytes is the peak memory of one-column school's exact
// distribution, as measured (see docs/benchmarks.md).
const schoolExactBytes = 3.3e9

// Distribution returns the distribution of p's final score from a new
// game, computed with threads goroutines. For a player that aims at a
// total it also sets p.Expected and p.Aim.Expected, which only the exact
// distribution knows, to its mean. Seats have no one distribution.
func (p *Player) Distribution(threads int) (*Distribution, error) {
	g := p.Game
	carrying := "carrying " + g.Name + " forward"
	switch {
	case p.aimer != nil:
		h, states := p.aimer.Distribution(scores.Options{Threads: threads, Progress: p.o.InProgress(carrying, "turns")})
		d := &scores.Distribution{Game: g, Scores: h, States: states}
		mean := d.Summary().Mean
		p.Expected, p.Aim.Expected = &mean, &mean
		return &Distribution{Exact: d}, nil
	case p.policy != nil:
		p.o.MemoryNotice("the exact distribution of "+strategy.Describe(g), float64(p.DistributionMemory()))
		return &Distribution{Exact: scores.Exact(p.policy, scores.Options{Threads: threads, TurnProgress: p.o.TurnProgress(carrying)})}, nil
	case p.school == nil || len(p.lineup) > 1:
		return nil, advice.Inputf("seats of %s (%s) have no one distribution", g.Name, p.Name)
	case p.school.Name == "optimal":
		// The pass carries a turn's states a chunk at a time, letting go
		// of each chunk's arcs and totals; a tighter garbage-collector
		// target keeps the process near what it holds (a peak of 3.3 GB
		// against 3.4 without it, and no slower).
		defer gctarget.Tighten(30)()
		p.o.MemoryNotice("the exact distribution of "+strategy.Describe(g), float64(p.DistributionMemory()))
		d, err := school.Distribution(g, p.school.Value, scores.Options{Threads: threads, TurnProgress: p.o.TurnProgress(carrying)})
		if err != nil {
			return nil, err
		}
		return &Distribution{Exact: d}, nil
	}
	turns := SampledGames * g.Turns()
	bar := p.o.InProgress("playing "+strategy.Describe(g), "turns")
	finals := school.NewKernel(g).Simulate([]school.Player{counted(p.school.Player, turns, bar)}, SampledGames, 1, threads)
	if bar != nil {
		bar(turns, turns)
	}
	return &Distribution{Sample: scores.BySeat(g, finals)[0]}, nil
}

// counted returns p, telling progress (unless nil) of the turns it has
// played, of total, now and then: a game plays p once a turn. The calls
// come from the goroutines that play; the one that finds the lock free
// reports, so that no two reports overlap. The caller reports the end.
func counted(p school.Player, total int, progress func(done, total int)) school.Player {
	if progress == nil {
		return p
	}
	var turns atomic.Int64
	var mu sync.Mutex
	return func(s *engine.SchoolState) school.Values {
		if n := turns.Add(1); n%1000 == 0 && mu.TryLock() {
			progress(int(n), total)
			mu.Unlock()
		}
		return p(s)
	}
}

// DistributionMemory returns about the most memory p.Distribution takes,
// beside the tables p plays by: the exact distributions' as measured,
// and nothing of note for a sampled one.
func (p *Player) DistributionMemory() int64 {
	switch {
	case p.aimer != nil:
		return target.DistributionMemory(p.Game)
	case p.policy != nil:
		return scores.ExactMemory(p.Game)
	case p.school != nil && len(p.lineup) <= 1 && p.school.Name == "optimal":
		return schoolExactBytes
	}
	return 0
}
