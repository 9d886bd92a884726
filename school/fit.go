package school

import (
	"math/rand/v2"
	"slices"

	"dicepoker/engine"
)

// TrainOptions say how to fit an estimate.
type TrainOptions struct {
	Rounds  int    // rounds of play and fit
	Games   int    // games played each round
	Seed    uint64 // the seed of the first round's dice; round i adds i
	Threads int    // goroutines; 0 means runtime.GOMAXPROCS
	// Lambda mixes the targets: 0 fits each sheet to its turn's search,
	// 1 to the points the rest of the game brought, in between the
	// λ-return of temporal-difference learning. Leaning on the search
	// (λ about 0.4) learns fastest and steadiest; the points alone (λ = 1)
	// are noisy enough to make the rounds' players drift.
	Lambda float64
	// Teacher, when set, are exact values (the one-column solution): each
	// sheet met is fitted to them, and so are the sheets that the writes
	// of a few rolls there lead to, where the decisions are made.
	Teacher Values
	// Average is how many of the last rounds' weights the estimate is the
	// mean of (0 or 1: the last round's), which smooths out the noise of
	// a round's games.
	Average int
	// Calibrate, when above 0, is how many games of the fitted estimate's
	// own player set, at the end, its value of the sheets with t turns
	// left to what that player scores from them (see calibrate).
	Calibrate int
	// Progress, when set, is told after each round.
	Progress func(round int, e *Estimate)
}

// trainStyles are the styles that lead in the games a round plays, game i
// taking style i mod len(trainStyles): the estimate's own player from the
// start, whose sheets matter most, and others that reach the sheets it
// never does.
var trainStyles = []Style{
	{}, {}, {}, {},
	{Random: 0.1}, {Random: 0.1}, {Random: 0.3}, {Random: 0.6},
	{Greedy: true, Random: 0.1}, {Firsts: true, Random: 0.1},
}

// playStyles are the styles of a fit by rounds of play (no Teacher):
// trainStyles, with sheets shaken as hand-written ones are and the greedy
// player's own sheets besides, which its own games never lead to but a
// person may hold. The one-column fit to exact values keeps trainStyles,
// whose sheets are the ones its decisions are judged on.
var playStyles = append(slices.Clone(trainStyles), Style{Shake: true}, Style{Shake: true, Random: 0.3}, Style{Greedy: true})

// Train fits an estimate of school game g by rounds of approximate policy
// iteration: each round plays games with the current estimate, each game
// led in by one of several styles of play (see trainStyles) for a random
// number of turns and played on from there by the estimate's own player,
// then fits the weights by least squares to a target for each sheet the
// estimate's player met, this round's sheets and, at half weight, the
// round before's. The target is the λ-return: the points the rest of the
// game brought (λ = 1), or their mix with the value the turn's exact search
// gives the sheet. So the estimate learns what its own player makes of the
// sheets that other players leave. With a Teacher the target is the exact
// value, on every sheet met. The estimate is the mean of the last rounds'
// fits.
func Train(g *engine.Game, o TrainOptions) (*Estimate, error) {
	e, err := NewEstimate(g, nil)
	if err != nil {
		return nil, err
	}
	k := NewKernel(g)
	mean := make([]float64, e.Features())
	from := o.Rounds - max(o.Average, 1)
	var before *sampleSet // the round before's samples
	styles := playStyles
	if o.Teacher != nil {
		styles = trainStyles
	}
	for round := range o.Rounds {
		samples, err := newSampleSet(e.play(k, o, o.Seed+uint64(round), styles), e.Features(), o.Threads)
		if err != nil {
			return nil, err
		}
		fit := newLSQ(e.Features(), o.Threads)
		fit.add(samples, 1)
		if before != nil {
			fit.add(before, fitMemory)
		}
		e.W = fit.solve(e.W, fitPull, fitSteps)
		before = samples
		if round >= from {
			for i, v := range e.W {
				mean[i] += v / float64(o.Rounds-from)
			}
		}
		if o.Progress != nil {
			o.Progress(round, e)
		}
	}
	if o.Rounds > 0 {
		copy(e.W, mean)
	}
	if o.Calibrate > 0 {
		e.calibrate(k, o, o.Seed+uint64(o.Rounds))
	}
	return e, nil
}

// calibrate shifts the estimate's value of every sheet with t turns left,
// for each t, by the mean of what its own player then scored beyond it in
// o.Calibrate games of its own. Each round fits the play of the round
// before, and the mean of the last rounds' weights plays better than any
// of them, so its values lag behind its own play: by about 9 points on a
// new three-column sheet. A shift by the turns left changes no decision
// (but where two were equal to the last bit), since every write of a turn
// leaves as many turns to play.
func (e *Estimate) calibrate(k *Kernel, o TrainOptions, seed uint64) {
	o.Lambda = 1
	at := e.lin.number + e.l.time // the weight of t turns left is at+t
	turns := e.Game.Turns()
	sum, n := make([]float64, turns+1), make([]int, turns+1)
	// The games go in parts, each with its own seed, to keep the samples
	// of only one part at a time.
	const part = 2000
	for done := 0; done < o.Calibrate; done += part {
		o.Games = min(part, o.Calibrate-done)
		for _, x := range e.play(k, o, seed<<16+uint64(done), []Style{{}}) {
			p, t := 0.0, -1
			for i, j := range x.idx {
				p += e.W[j] * float64(x.val[i])
				if int(j) >= at && int(j) <= at+turns {
					t = int(j) - at
				}
			}
			if t >= 0 {
				sum[t] += x.target - p
				n[t]++
			}
		}
	}
	for t := range sum {
		if n[t] > 0 {
			e.W[at+t] += sum[t] / float64(n[t])
		}
	}
}

// Constants of a round's fit.
const (
	fitMemory = 0.5  // the weight of the round before's samples
	fitPull   = 0.05 // how strongly each weight is held where it was, by its share of the samples
	fitSteps  = 60   // steps of conjugate gradients
)

// sample is a sheet met in a fit's games with its target.
type sample struct {
	idx    []int32
	val    []float32
	target float64
}

// play plays a round's games with the current estimate and returns their
// samples, game after game whatever the threads.
func (e *Estimate) play(k *Kernel, o TrainOptions, seed uint64, styles []Style) []sample {
	games := make([][]sample, o.Games)
	k.lockstep(o.Games, o.Threads, func(i int, search searcher) {
		f := fitter{e: e, k: k, o: &o, search: search, style: styles[i%len(styles)]}
		games[i] = f.game(gameRand(seed, i))
	})
	return slices.Concat(games...)
}

// fitter plays one game for a fit.
type fitter struct {
	e      *Estimate
	k      *Kernel
	o      *TrainOptions
	search searcher
	style  Style
	out    []sample
	// idx, val gather a sample's entries before it takes a copy of just
	// their length: growing each sample's own slices as the entries came
	// cost a dozen allocations a sample and left a third of the fit's
	// memory unused.
	idx []int32
	val []float32
}

// turn is one turn of a fit's game, before its target is known.
type turn struct {
	at             int     // its sample
	search, points float64 // the search's value of the sheet; the points the turn brought
}

// game plays a game rolling with rng and returns its samples. Its style
// plays a lead-in of a random number of turns (none for the estimate's
// own player), whose sheets are not fitted but for a Teacher; from the
// sheet it leads to, the estimate's own player plays the rest, and each
// sheet there is fitted to the λ-return of its turns.
func (f *fitter) game(rng *rand.Rand) []sample {
	g, e, k := f.k.g, f.e, f.k
	player := f.style.player(g, e.After)
	lead := 0
	if !f.style.own() || f.style.Random > 0 || f.style.Shake {
		lead = rng.IntN(g.Turns())
	}
	var turns []turn
	s := g.NewSchoolState()
	for t := 0; !g.SchoolFull(&s); t++ {
		if t == lead && f.style.Shake {
			if s, _ = f.shake(s, rng); g.SchoolFull(&s) {
				break
			}
		}
		if t < lead {
			if f.o.Teacher != nil {
				f.add(&s, f.o.Teacher(s))
			}
			m, _ := k.turn(s, player(&s), f.style.Random, rng, f.search)
			s = m.Next
			continue
		}
		x := turn{at: len(f.out)}
		f.add(&s, 0)
		var m engine.SchoolWrite
		m, x.search = k.turn(s, e.After(&s), 0, rng, f.search)
		x.points = float64(m.Total())
		if f.o.Teacher != nil {
			f.out[x.at].target = f.o.Teacher(s)
			f.alternatives(&s, rng)
		}
		turns = append(turns, x)
		s = m.Next
	}
	if f.o.Teacher == nil {
		after := 0.0 // the target of the turn after
		for i := len(turns) - 1; i >= 0; i-- {
			x := &turns[i]
			y := (1-f.o.Lambda)*x.search + f.o.Lambda*(x.points+after)
			f.out[x.at].target = y
			after = y
		}
	}
	return f.out
}

// add appends the sample of sheet s with target y.
func (f *fitter) add(s *engine.SchoolState, y float64) {
	f.idx, f.val = f.idx[:0], f.val[:0]
	f.e.features(s, recorder(func(i int, v float64) {
		f.idx, f.val = append(f.idx, int32(i)), append(f.val, float32(v))
	}))
	f.out = append(f.out, sample{idx: slices.Clone(f.idx), val: slices.Clone(f.val), target: y})
}

// fitRolls is the number of rolls whose writes a fit to exact values
// also fits, at each sheet met.
const fitRolls = 3

// alternatives adds, for a few rolls in s, the sheets their writes lead
// to, with their exact values: where the decisions are made.
func (f *fitter) alternatives(s *engine.SchoolState, rng *rand.Rand) {
	var moves [2 * engine.MaxSchoolRows]engine.SchoolWrite
	for range fitRolls {
		dice := engine.Multiset{}.RollRest(rng)
		for _, alt := range f.k.g.SchoolMoves(*s, engine.RollIndex(dice), rng.IntN(2) == 0, moves[:0]) {
			if !f.k.g.SchoolFull(&alt.Next) {
				f.add(&alt.Next, f.o.Teacher(alt.Next))
			}
		}
	}
}

// Shaking a sheet: how many cells it writes at most, the most it adds to
// the reserve, one shake in how many closes the School instead, and the
// most School cells that leaves open.
const (
	shakeWrites  = 6
	shakeReserve = 36
	shakeSchool  = 3
	shakeSchoolN = 2
)

// shakeCounts are the dice of its face a shaken School cell is closed with:
// a zero, the reserve's help, a cross, or dice over for the reserve; and
// schoolCounts those of a School closed in a shake, as a player who does
// the School first closes it: mostly with three, some dice over.
var (
	shakeCounts  = [...]int{0, 1, 2, 3, 3, 4, 4, 5}
	schoolCounts = [...]int{2, 3, 3, 3, 3, 4, 4, 5}
)

// shake returns s with a few cells written as no player's own game writes
// them so early, and a reserve added half the time: School rows closed or
// zeroed, combination cells crossed out or written with a roll drawn at
// random, as hand-written sheets have them; and the writes it made. One
// shake in shakeSchool instead closes every School cell but up to
// shakeSchoolN, as a player who does the School first has it, with many
// combination cells left and few or no School cells to take a zero: no
// player's games lead there (the advisor's own sheets so, with every School
// row closed but twos, were valued 45 points low). The points these writes
// bring are no sample's: the fit learns only what the sheet is worth after
// them.
func (f *fitter) shake(s engine.SchoolState, rng *rand.Rand) (_ engine.SchoolState, writes []engine.SchoolWrite) {
	g := f.k.g
	var open [engine.MaxSchoolRows]int
	school, keep := rng.IntN(shakeSchool) == 0, rng.IntN(shakeSchoolN+1)
	for i, n := 0, 1+rng.IntN(shakeWrites); school || i < n; i++ {
		if g.SchoolTurnsLeft(&s) <= 1 { // leave a turn to play
			break
		}
		rows, cells := 0, 0 // the rows it may write, and their open cells
		for c, cat := range g.Categories {
			if g.RowOpen(&s, c) && (cat.School || !school) {
				open[rows] = c
				rows++
				cells += g.Columns - int(s.Fill[c])
			}
		}
		if school && cells <= keep {
			break
		}
		c := open[rng.IntN(rows)]
		var w engine.SchoolWrite
		switch {
		case school:
			w = g.SchoolClose(s, c, schoolCounts[rng.IntN(len(schoolCounts))])
		case g.Categories[c].School:
			w = g.SchoolClose(s, c, shakeCounts[rng.IntN(len(shakeCounts))])
		default:
			points := 0
			if rng.IntN(2) == 0 {
				points = g.SchoolPoints(c, engine.RollIndex(engine.Multiset{}.RollRest(rng)), rng.IntN(2) == 0)
			}
			w = g.SchoolScore(s, c, points)
		}
		writes = append(writes, w)
		s = w.Next
	}
	if rng.IntN(2) == 0 {
		s.Reserve += rng.IntN(shakeReserve + 1)
	}
	return s, writes
}
