package school

import (
	"math"

	"dicepoker/internal/workers"
)

// lsq is a weighted least-squares fit of an estimate's weights to samples,
// drawn towards the weights it starts from: it minimises
//
//	Σ cᵢ (yᵢ − xᵢ·w)² + Σⱼ (μ dⱼ + prior) (wⱼ − w0ⱼ)²
//
// where dⱼ is entry j's share of the samples, so that entries the samples
// barely see stay near where they were. It solves the normal equations by
// conjugate gradients with a diagonal preconditioner, never forming the
// matrix: each step is two passes over the samples.
type lsq struct {
	sets    [][]sample // the samples, in blocks
	weights []float64  // each block's weight cᵢ
	n       int        // weights of the estimate
	threads int
	diag    []float64 // the diagonal of XᵀCX
	sum     [][]float64
}

// prior is the weight of the pull of every entry towards where it was, in
// samples.
const prior = 5

// lsqBlocks is the number of blocks a pass over the samples is summed in;
// it fixes the order of the sums whatever the threads.
const lsqBlocks = 16

func newLSQ(n, threads int) *lsq {
	l := &lsq{n: n, threads: threads, diag: make([]float64, n), sum: make([][]float64, lsqBlocks)}
	for b := range l.sum {
		l.sum[b] = make([]float64, n)
	}
	return l
}

// add adds samples with weight c.
func (l *lsq) add(samples []sample, c float64) {
	for _, x := range samples {
		for i, j := range x.idx {
			v := float64(x.val[i])
			l.diag[j] += c * v * v
		}
	}
	l.sets, l.weights = append(l.sets, samples), append(l.weights, c)
}

// normal sets out to XᵀC(Xv) plus, when y is set, subtracts XᵀCy: the
// samples' part of the normal equations applied to v.
func (l *lsq) normal(v []float64, y bool, out []float64) {
	workers.Each(lsqBlocks, l.threads, func(_, b int) {
		acc := l.sum[b]
		clear(acc)
		for s, set := range l.sets {
			c := l.weights[s]
			for i := b; i < len(set); i += lsqBlocks {
				x := &set[i]
				p := 0.0
				for k, j := range x.idx {
					p += v[j] * float64(x.val[k])
				}
				if y {
					p -= x.target
				}
				p *= c
				for k, j := range x.idx {
					acc[j] += p * float64(x.val[k])
				}
			}
		}
	})
	clear(out)
	for _, acc := range l.sum {
		for j, a := range acc {
			out[j] += a
		}
	}
}

// solve returns the weights that minimise the fit's sum, from w0, after
// at most steps steps of conjugate gradients.
func (l *lsq) solve(w0 []float64, mu float64, steps int) []float64 {
	n := l.n
	// The pull towards w0 of entry j: mu times its share of the samples,
	// and that of prior samples for every entry, so that entries seen a
	// few times only barely move.
	pull := make([]float64, n)
	for j, d := range l.diag {
		pull[j] = mu*d + prior
	}
	apply := func(v, out []float64) {
		l.normal(v, false, out)
		for j := range out {
			out[j] += pull[j] * v[j]
		}
	}
	w := append([]float64(nil), w0...)
	// r = b − A w, where b = XᵀCy + pull·w0; at w = w0 that is −(XᵀC(Xw0) − XᵀCy).
	r := make([]float64, n)
	l.normal(w, true, r)
	for j := range r {
		r[j] = -r[j]
	}
	z, p, q := make([]float64, n), make([]float64, n), make([]float64, n)
	precond := func() {
		for j := range z {
			z[j] = r[j] / (l.diag[j] + pull[j])
		}
	}
	precond()
	copy(p, z)
	rz := dot(r, z)
	start := math.Sqrt(dot(r, r))
	for range steps {
		apply(p, q)
		alpha := rz / dot(p, q)
		for j := range w {
			w[j] += alpha * p[j]
			r[j] -= alpha * q[j]
		}
		if math.Sqrt(dot(r, r)) < 1e-6*start {
			break
		}
		precond()
		next := dot(r, z)
		beta := next / rz
		rz = next
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
	}
	return w
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += x * b[i]
	}
	return s
}
