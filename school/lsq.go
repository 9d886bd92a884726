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
	sets    []*sampleSet // the samples
	weights []float64    // each set's weight cᵢ
	n       int          // weights of the estimate
	threads int
	diag    []float64 // the diagonal of XᵀCX
	sum     [][]float64
}

// sampleSet is a round's samples laid out for the fit's passes: sample i
// goes to block i mod lsqBlocks, and each block holds its samples' entries
// end to end, so that a pass streams through memory in the order it sums.
type sampleSet struct {
	blocks [lsqBlocks]sampleBlock
	n      int // samples
}

// sampleBlock is a block of a sampleSet: its samples' entries end to end,
// sample k's from ends[k-1] (0 for the first) to ends[k].
type sampleBlock struct {
	idx    []int32
	val    []float32
	ends   []int
	target []float64
}

// newSampleSet lays out samples for a fit.
func newSampleSet(samples []sample) *sampleSet {
	set := &sampleSet{n: len(samples)}
	for i, x := range samples {
		b := &set.blocks[i%lsqBlocks]
		b.idx = append(b.idx, x.idx...)
		b.val = append(b.val, x.val...)
		b.ends = append(b.ends, len(b.idx))
		b.target = append(b.target, x.target)
	}
	return set
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

// entries returns sample i's entries.
func (set *sampleSet) entries(i int) ([]int32, []float32) {
	b, k := &set.blocks[i%lsqBlocks], i/lsqBlocks
	from := 0
	if k > 0 {
		from = b.ends[k-1]
	}
	return b.idx[from:b.ends[k]], b.val[from:b.ends[k]]
}

// add adds a set of samples with weight c.
func (l *lsq) add(set *sampleSet, c float64) {
	for i := range set.n {
		idx, val := set.entries(i)
		for k, j := range idx {
			v := float64(val[k])
			l.diag[j] += c * v * v
		}
	}
	l.sets, l.weights = append(l.sets, set), append(l.weights, c)
}

// normal sets out to XᵀC(Xv) plus, when y is set, subtracts XᵀCy: the
// samples' part of the normal equations applied to v.
func (l *lsq) normal(v []float64, y bool, out []float64) {
	workers.Each(lsqBlocks, l.threads, func(_, b int) {
		acc := l.sum[b]
		clear(acc)
		for s, set := range l.sets {
			c := l.weights[s]
			blk := &set.blocks[b]
			from := 0
			for k, end := range blk.ends {
				idx, val := blk.idx[from:end], blk.val[from:end]
				from = end
				p := dotEntries(v, idx, val)
				if y {
					p -= blk.target[k]
				}
				p *= c
				for i, j := range idx {
					acc[j] += p * float64(val[i])
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

// dotEntries returns the sum of v[idx[i]]·val[i]: in four sums side by
// side, since one sum waits on each add before the next (the fit's
// passes spent half their time so).
func dotEntries(v []float64, idx []int32, val []float32) float64 {
	var p0, p1, p2, p3 float64
	i := 0
	for ; i+4 <= len(idx); i += 4 {
		p0 += v[idx[i]] * float64(val[i])
		p1 += v[idx[i+1]] * float64(val[i+1])
		p2 += v[idx[i+2]] * float64(val[i+2])
		p3 += v[idx[i+3]] * float64(val[i+3])
	}
	for ; i < len(idx); i++ {
		p0 += v[idx[i]] * float64(val[i])
	}
	return (p0 + p1) + (p2 + p3)
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += x * b[i]
	}
	return s
}
