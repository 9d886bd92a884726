package school

import (
	"errors"
	"math"

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
	// Teacher, when set, are exact values to fit the first round to, on
	// sheets met playing with them (the one-column solution).
	Teacher Values
	// Start, when set, are the weights to start from; else all zero.
	Start []float64
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
	e, err := NewEstimate(g, o.Start)
	if err != nil {
		return nil, err
	}
	k := NewKernel(g)
	for round := range o.Rounds {
		policy, target := e.After, Values(nil)
		if round == 0 && o.Teacher != nil {
			policy, target = Fixed(o.Teacher), o.Teacher
		}
		w, err := e.fit(k, policy, target, o.Lambda, o.Games, o.Seed+uint64(round), o.Threads)
		if err != nil {
			return nil, err
		}
		e.W = w
		if o.Progress != nil {
			o.Progress(round, e)
		}
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

// fitBlocks is the number of blocks the games of a fit are summed in; it
// fixes the order of the sums whatever the threads.
const fitBlocks = 16

// fit plays games with the policy and returns the weights that fit the
// sheets met best: to target, or, if nil, to the λ-return.
func (e *Estimate) fit(k *Kernel, policy Player, target Values, lambda float64, games int, seed uint64, threads int) ([]float64, error) {
	n := e.Features()
	blocks := make([]*normal, fitBlocks)
	parallel(fitBlocks, threads, func(b int, w *scratch) {
		a := newNormal(n)
		var turns []sample
		for i := b; i < games; i += fitBlocks {
			rng := gameRand(seed, i)
			s := k.g.NewSchoolState()
			turns = turns[:0]
			for t := 0; !k.g.SchoolFull(&s); t++ {
				m, v := k.Turn(s, policy(&s), rng, w)
				if target != nil {
					v = target(s)
				}
				if t == len(turns) {
					turns = append(turns, sample{})
				}
				turns = turns[:t+1]
				x := &turns[t]
				x.x.reset()
				e.features(&s, x.x.add)
				x.search, x.points = v, float64(m.Total())
				s = m.Next
			}
			after := 0.0 // the target of the turn after
			for t := len(turns) - 1; t >= 0; t-- {
				x := &turns[t]
				y := x.search
				if target == nil {
					y = (1-lambda)*x.search + lambda*(x.points+after)
				}
				a.add(&x.x, y)
				after = y
			}
		}
		blocks[b] = a
	}, k)
	sum := newNormal(n)
	for _, a := range blocks {
		for i := range sum.xx {
			sum.xx[i] += a.xx[i]
		}
		for i := range sum.xy {
			sum.xy[i] += a.xy[i]
		}
	}
	return sum.solve()
}

// solve returns the ridge least-squares weights: a tiny penalty keeps
// features that never occurred at 0 and the system positive definite.
func (a *normal) solve() ([]float64, error) {
	n := a.n
	m := append([]float64(nil), a.xx...)
	for i := range n {
		m[i*n+i] += 1e-6*m[i*n+i] + 1e-3
	}
	// Cholesky: m = L Lᵀ, L in the lower triangle of m.
	for j := range n {
		d := m[j*n+j]
		for k := range j {
			d -= m[j*n+k] * m[j*n+k]
		}
		if d <= 0 || math.IsNaN(d) {
			return nil, errors.New("school: the least-squares system is not positive definite")
		}
		d = math.Sqrt(d)
		m[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := m[i*n+j]
			for k := range j {
				s -= m[i*n+k] * m[j*n+k]
			}
			m[i*n+j] = s / d
		}
	}
	w := append([]float64(nil), a.xy...)
	for i := range n { // L z = xy
		for k := range i {
			w[i] -= m[i*n+k] * w[k]
		}
		w[i] /= m[i*n+i]
	}
	for i := n - 1; i >= 0; i-- { // Lᵀ w = z
		for k := i + 1; k < n; k++ {
			w[i] -= m[k*n+i] * w[k]
		}
		w[i] /= m[i*n+i]
	}
	return w, nil
}
