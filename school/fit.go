package school

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

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
	// λ-return of temporal-difference learning.
	Lambda float64
	// Teacher, when set, are exact values (the one-column solution) to
	// fit the first round to: on the sheets met playing with them, and on
	// the sheets each write of a few rolls there would lead to, relative
	// to the sheet it starts from, where the decisions are made.
	Teacher Values
	// Average is how many of the last rounds' weights the estimate is the
	// mean of (0 or 1: the last round's), which smooths out the noise of
	// a round's games.
	Average int
	// Progress, when set, is told after each round.
	Progress func(round int, e *Estimate)
}

// Train fits an estimate of school game g by rounds of approximate policy
// iteration: each round plays games with the current estimate and fits
// the weights, by least squares, to a target for each sheet met: the
// λ-return that mixes the value the turn's exact search gives the sheet
// (with the current estimate for the sheets after it) and the points the
// rest of the game brought.
func Train(g *engine.Game, o TrainOptions) (*Estimate, error) {
	e, err := NewEstimate(g, nil)
	if err != nil {
		return nil, err
	}
	k := NewKernel(g)
	var sums *normal
	mean := make([]float64, e.Features())
	for round := range o.Rounds {
		policy, target := e.After, Values(nil)
		if round == 0 && o.Teacher != nil {
			policy, target = Fixed(o.Teacher), o.Teacher
		}
		a := e.fit(k, policy, target, o.Lambda, o.Games, o.Seed+uint64(round), o.Threads)
		if sums != nil {
			a.addScaled(sums, fitMemory)
		}
		sums = a
		w, err := a.solve()
		if err != nil {
			return nil, err
		}
		e.W = w
		if from := o.Rounds - max(o.Average, 1); round >= from {
			for i, v := range w {
				mean[i] += v / float64(o.Rounds-from)
			}
		}
		if o.Progress != nil {
			o.Progress(round, e)
		}
	}
	if o.Rounds > 0 {
		e.W = mean
	}
	return e, nil
}

// normal holds the normal equations of a least-squares fit: the sums of
// x xᵀ and of x y over the samples.
type normal struct {
	n  int
	xx []float64
	xy []float64
}

func newNormal(n int) *normal { return &normal{n: n, xx: make([]float64, n*n), xy: make([]float64, n)} }

// add adds a sample: features x with target y.
func (a *normal) add(x *sparse, y float64) {
	for i, fi := range x.idx {
		vi := x.val[i]
		a.xy[fi] += vi * y
		row := a.xx[fi*a.n:]
		for j, fj := range x.idx {
			row[fj] += vi * x.val[j]
		}
	}
}

// sample is one turn of a game played for a fit.
type sample struct {
	x              sparse
	search, points float64 // the search's value of the sheet; the points the turn brought
}

// fitRolls is the number of rolls whose writes a fit to exact values
// also fits, at each sheet met.
const fitRolls = 3

// fitBlocks is the number of blocks the games of a fit are summed in; it
// fixes the order of the sums whatever the threads.
const fitBlocks = 16

// fitMemory is the weight each round's fit gives the samples of the
// rounds before, which steadies the fit from round to round.
const fitMemory = 0.5

// addScaled adds b's sums times f to a's.
func (a *normal) addScaled(b *normal, f float64) {
	for i := range a.xx {
		a.xx[i] += f * b.xx[i]
	}
	for i := range a.xy {
		a.xy[i] += f * b.xy[i]
	}
}

// fit plays games with the policy and returns the normal equations that
// fit the sheets met: to target, or, if nil, to the λ-return.
func (e *Estimate) fit(k *Kernel, policy Player, target Values, lambda float64, games int, seed uint64, threads int) *normal {
	blocks := make([]*normal, fitBlocks)
	parallel(fitBlocks, threads, func(b int, w *scratch) {
		f := fitter{e: e, k: k, policy: policy, target: target, lambda: lambda, a: newNormal(e.Features()), w: w}
		for i := b; i < games; i += fitBlocks {
			f.game(gameRand(seed, i))
		}
		blocks[b] = f.a
	}, k)
	sum := newNormal(e.Features())
	for _, a := range blocks {
		sum.addScaled(a, 1)
	}
	return sum
}

// fitter plays games for a fit and adds their sheets to its equations.
type fitter struct {
	e      *Estimate
	k      *Kernel
	policy Player
	target Values
	lambda float64
	a      *normal
	w      *scratch
	turns  []sample
	alts   sparse
}

// game plays one game rolling with rng and adds its sheets.
func (f *fitter) game(rng *rand.Rand) {
	g := f.k.g
	s := g.NewSchoolState()
	f.turns = f.turns[:0]
	for t := 0; !g.SchoolFull(&s); t++ {
		m, v := f.k.Turn(s, f.policy(&s), rng, f.w)
		if f.target != nil {
			v = f.target(s)
			f.alternatives(&s, v, rng)
		}
		if t == len(f.turns) {
			f.turns = append(f.turns, sample{})
		}
		f.turns = f.turns[:t+1]
		x := &f.turns[t]
		x.x.reset()
		f.e.features(&s, x.x.add)
		x.search, x.points = v, float64(m.Total())
		s = m.Next
	}
	after := 0.0 // the target of the turn after
	for t := len(f.turns) - 1; t >= 0; t-- {
		x := &f.turns[t]
		y := x.search
		if f.target == nil {
			y = (1-f.lambda)*x.search + f.lambda*(x.points+after)
		}
		f.a.add(&x.x, y)
		after = y
	}
}

// alternatives adds, for a few rolls in s (worth v), the sheets their
// writes lead to, relative to s: where the decisions are made.
func (f *fitter) alternatives(s *engine.SchoolState, v float64, rng *rand.Rand) {
	var moves [2 * engine.MaxSchoolRows]engine.SchoolWrite
	for range fitRolls {
		dice := engine.Multiset{}.RollRest(rng)
		for _, alt := range f.k.g.SchoolMoves(*s, engine.RollIndex(dice), rng.IntN(2) == 0, moves[:0]) {
			f.alts.reset()
			f.e.features(&alt.Next, f.alts.add)
			f.e.features(s, func(i int, x float64) { f.alts.add(i, -x) })
			f.a.add(&f.alts, f.target(alt.Next)-v)
		}
	}
}

// ridge is the penalty on the weights, relative to the mean square of the
// features: it keeps rare features near 0, where the samples say little.
const ridge = 1e-3

// solve returns the ridge least-squares weights; the penalty also keeps
// features that never occurred at 0 and the system positive definite.
func (a *normal) solve() ([]float64, error) {
	n := a.n
	m := mat.NewSymDense(n, append([]float64(nil), a.xx...))
	mean := 0.0
	for i := range n {
		mean += m.At(i, i) / float64(n)
	}
	for i := range n {
		m.SetSym(i, i, m.At(i, i)+ridge*mean+1e-3)
	}
	var chol mat.Cholesky
	if !chol.Factorize(m) {
		return nil, errors.New("school: the least-squares system is not positive definite")
	}
	w := mat.NewVecDense(n, nil)
	if err := chol.SolveVecTo(w, mat.NewVecDense(n, append([]float64(nil), a.xy...))); err != nil {
		return nil, fmt.Errorf("school: least squares: %w", err)
	}
	return w.RawVector().Data, nil
}
