package kind

import (
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/target"
)

// Opener opens what the commands need of a game, whatever its kind: its
// strategies' tables through advice.Opener, and the reports of the work
// they do on them. Every report may be nil.
type Opener struct {
	advice.Opener
	// In returns the progress callback of work described by what,
	// counted in unit ("games", "turns").
	In func(what, unit string) func(done, total int)
	// Turns returns the scores.Options.TurnProgress callback of an exact
	// pass described by what.
	Turns func(what string) func(turn, turns, done, states int)
	// Memory tells the user, before work that needs bytes of memory, how
	// much it needs.
	Memory func(what string, bytes float64)
}

func (o Opener) in(what, unit string) func(done, total int) {
	if o.In == nil {
		return nil
	}
	return o.In(what, unit)
}

func (o Opener) turns(what string) func(turn, turns, done, states int) {
	if o.Turns == nil {
		return nil
	}
	return o.Turns(what)
}

func (o Opener) memory(what string, bytes float64) {
	if o.Memory != nil {
		o.Memory(what, bytes)
	}
}

// Player is a strategy ready to play its game: a single sheet's by the
// values of its table (optimal), greedy, or aiming at a total; school's
// by its exact table (one column), its estimate, or greedy.
type Player struct {
	Game *engine.Game
	Name string // optimal, greedy, estimate or target
	// Expected is the exact expected final score of the player: the
	// optimal one's (its table's), or the one's that aims at a total; nil
	// where it is not known exactly (greedy, an estimate).
	Expected *float64
	// Aim is the total the player aims at, with its exact chance of it;
	// nil for the players of the most points on average.
	Aim *Aim

	o       Opener
	entries int            // the table's size, for the memory of its exact distribution
	policy  *policy.Policy // single sheet: plays by state values
	aimer   *target.Player // single sheet: plays for Aim
	school  *advice.SchoolStrategy
}

// Aim is a player's target, as simulate and distribution print it: the
// least final total aimed at, the exact chance of reaching it and the
// expected score of that play.
type Aim struct {
	Target      int     `json:"target"`
	Probability float64 `json:"probability"`
	Expected    float64 `json:"expected"`
}

// Player opens the strategy called name for g ("": the game's default,
// the optimal one where its game is solved exactly, else the estimate),
// or, when total is not nil, solves for a final total of at least
// *total (the single-sheet games) and returns the player that aims at
// it. threads is the goroutines of such a solve.
func (o Opener) Player(g *engine.Game, name string, total *int, threads int) (*Player, error) {
	if total != nil {
		return o.aiming(g, *total, threads)
	}
	if g.Columns != 0 {
		st, err := o.Named(g, name)
		if err != nil {
			return nil, err
		}
		p := &Player{Game: g, Name: st.Name, o: o, school: st}
		if st.Name == "optimal" {
			p.Expected = &st.Expected
		}
		return p, nil
	}
	p := &Player{Game: g, Name: name, o: o}
	var err error
	switch name {
	case "", "optimal":
		var t *strategy.Table
		if t, err = o.Table(g); err != nil {
			return nil, err
		}
		p.Name, p.Expected, p.entries = "optimal", &t.Expected, len(t.Values)
		p.policy, err = policy.New(g, t.Value)
	case "greedy":
		p.policy, err = policy.Greedy(g)
	default:
		return nil, advice.Inputf("--strategy %q: want optimal or greedy", name)
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// aiming solves g for a final total of at least total from a new game
// and returns the player that aims at it, with its exact chance and
// expected score.
func (o Opener) aiming(g *engine.Game, total, threads int) (*Player, error) {
	sol, err := target.Solve(g, engine.State{}, total, solver.Options{Threads: threads,
		Progress: o.progress(fmt.Sprintf("solving %s for a total of %d", g.Name, total))})
	if err != nil {
		return nil, err
	}
	pl, err := sol.NewPlayer(total, 0)
	if err != nil {
		return nil, err
	}
	v := sol.Value(engine.State{}, total)
	return &Player{Game: g, Name: "target", Expected: &v.E, Aim: &Aim{Target: total, Probability: v.P, Expected: v.E}, o: o, aimer: pl}, nil
}

// progress returns the states progress callback of work described by
// what, or nil.
func (o Opener) progress(what string) func(done, total int) {
	if o.Progress == nil {
		return nil
	}
	return o.Progress(what)
}

// Games are the final scores of a run of games, by seat.
type Games struct {
	Seats []*scores.Sample
	// Wins is each seat's share of the games won, a tie shared among the
	// tied: for games whose players share a table (school), nil for the
	// single-sheet games, played alone.
	Wins []float64
}

// maxGames is the most games a run plays: a billion take hours already.
const maxGames = 1_000_000_000

// maxSchoolGames is the most school games a run plays: it keeps every
// game's scores, 8 bytes a seat.
const maxSchoolGames = 50_000_000

// CheckRun checks, before any table is opened, a run of games of g with
// *seats players taking turns (nil: not said, one).
func CheckRun(g *engine.Game, games int, seats *int) error {
	switch {
	case games <= 0 || games > maxGames:
		return advice.Inputf("--games %d: must be 1 to %d", games, maxGames)
	case g.Columns == 0 && seats != nil:
		return advice.Inputf("--players belongs to school, not to %s", g.Name)
	case g.Columns == 0:
	case games > maxSchoolGames:
		return advice.Inputf("--games %d: school plays at most %d games a run", games, maxSchoolGames)
	case seats != nil && (*seats < 1 || *seats > scores.MaxSeats):
		return advice.Inputf("--players %d: school has 1 to %d players", *seats, scores.MaxSeats)
	}
	return nil
}

// Simulate plays games games with *seats players (nil: one) taking
// turns, the dice seeded by seed, the same games whatever o.Threads says.
func (p *Player) Simulate(games int, seats *int, seed uint64, o scores.Options) (*Games, error) {
	if err := CheckRun(p.Game, games, seats); err != nil {
		return nil, err
	}
	if p.school != nil {
		players := []school.Player{p.school.Player}
		if seats != nil {
			players = slices.Repeat(players, *seats)
		}
		finals := school.NewKernel(p.Game).Simulate(players, games, seed, o.Threads)
		return &Games{Seats: scores.BySeat(p.Game, finals), Wins: scores.WinShares(finals)}, nil
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

// exactBytesPerState is about the peak memory of a single-sheet exact
// distribution for each entry of the game's table, as measured: swedish,
// 4,194,304 entries, peaks at 1.9 GB; yahtzee, a quarter as many, at
// under 300 MiB.
const exactBytesPerState = 450

// schoolExactBytes is the peak memory of one-column school's exact
// distribution, as measured (see the README).
const schoolExactBytes = 3.6e9

// Distribution returns the distribution of p's final score from a new
// game, computed with threads goroutines.
func (p *Player) Distribution(threads int) (*Distribution, error) {
	g := p.Game
	carrying := "carrying " + g.Name + " forward"
	switch {
	case p.aimer != nil:
		h, states := p.aimer.Distribution(scores.Options{Threads: threads, Progress: p.o.in(carrying, "turns")})
		return &Distribution{Exact: &scores.Distribution{Game: g, Scores: h, States: states}}, nil
	case p.policy != nil:
		p.o.memory("the exact distribution of "+strategy.Describe(g), exactBytesPerState*float64(p.entries))
		return &Distribution{Exact: scores.Exact(p.policy, scores.Options{Threads: threads, TurnProgress: p.o.turns(carrying)})}, nil
	case p.school.Name == "optimal":
		// The pass carries a turn's states a chunk at a time, letting go
		// of each chunk's arcs and totals; a tighter garbage-collector
		// target keeps the process near what it holds (a peak of 3.6 GB,
		// and no slower).
		defer debug.SetGCPercent(debug.SetGCPercent(30))
		p.o.memory("the exact distribution of "+strategy.Describe(g), schoolExactBytes)
		d, err := school.Distribution(g, p.school.Value, scores.Options{Threads: threads, TurnProgress: p.o.turns(carrying)})
		if err != nil {
			return nil, err
		}
		return &Distribution{Exact: d}, nil
	}
	turns := SampledGames * g.Turns()
	bar := p.o.in("playing "+strategy.Describe(g), "turns")
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
