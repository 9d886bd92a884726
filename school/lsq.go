package school

import (
	"errors"
	"fmt"
	"math"
	"slices"

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
	diag    []float64   // the diagonal of XᵀCX
	sum     [][]float64 // each block's part of a pass's sums
	p       [][]float64 // each block's samples' residuals in a pass, as many as the largest set's
}

// sampleSet is a round's samples laid out for the fit's passes: sample i
// goes to block i mod lsqBlocks.
type sampleSet struct {
	blocks [lsqBlocks]sampleBlock
	n      int // samples
}

// sampleBlock is a block of a sampleSet. It holds its entries twice, each
// in the order it is summed in: sample by sample, for a pass to value the
// samples, and weight by weight, for it to add each sample's residual into
// the weights it names. Adding them sample by sample instead, as the fit
// once did, made each add into a weight wait on the store of the one
// before wherever a sample names a weight twice (a few times in each of
// its 250 entries), and a pass took 1.7 times as long.
type sampleBlock struct {
	idx    []int32   // the entries' weights, sample by sample: sample k's from ends[k-1] (0 for the first) to ends[k]
	val    []float32 // the entries' values
	ends   []int
	target []float64 // each sample's target
	cols   []int32   // the entries weight by weight: weight j's from cols[j] to cols[j+1], in the order of the samples
	rows   []int32   // the entries' samples, weight by weight
	colVal []float32 // the entries' values, weight by weight
}

// newSampleSet lays out samples for a fit of n weights.
func newSampleSet(samples []sample, n, threads int) (*sampleSet, error) {
	set := &sampleSet{n: len(samples)}
	errs := make([]error, lsqBlocks)
	workers.Each(lsqBlocks, threads, func(_, b int) {
		errs[b] = set.blocks[b].layOut(samples, b, n)
	})
	return set, errors.Join(errs...)
}

// layOut lays out samples b, b+lsqBlocks, ... of a fit of n weights.
func (blk *sampleBlock) layOut(samples []sample, b, n int) error {
	entries := 0
	for i := b; i < len(samples); i += lsqBlocks {
		entries += len(samples[i].idx)
	}
	if entries > math.MaxInt32 {
		return fmt.Errorf("school: a block of a fit's samples holds %d entries, more than 2³¹", entries)
	}
	blk.idx, blk.val = make([]int32, 0, entries), make([]float32, 0, entries)
	blk.cols = make([]int32, n+1)
	for i := b; i < len(samples); i += lsqBlocks {
		x := samples[i]
		blk.idx = append(blk.idx, x.idx...)
		blk.val = append(blk.val, x.val...)
		blk.ends = append(blk.ends, len(blk.idx))
		blk.target = append(blk.target, x.target)
		for _, j := range x.idx {
			blk.cols[j+1]++
		}
	}
	for j := range n {
		blk.cols[j+1] += blk.cols[j]
	}
	// A counting sort, stable so that each weight's entries keep the order
	// of the samples.
	next := slices.Clone(blk.cols[:n])
	blk.rows, blk.colVal = make([]int32, entries), make([]float32, entries)
	from := 0
	for k, end := range blk.ends {
		for i := from; i < end; i++ {
			j := blk.idx[i]
			blk.rows[next[j]], blk.colVal[next[j]] = int32(k), blk.val[i]
			next[j]++
		}
		from = end
	}
	return nil
}

// prior is the weight of the pull of every entry towards where it was, in
// samples.
const prior = 5

// lsqBlocks is the number of blocks a pass over the samples is summed in;
// it fixes the order of the sums whatever the threads.
const lsqBlocks = 16

func newLSQ(n, threads int) *lsq {
	l := &lsq{n: n, threads: threads, diag: make([]float64, n), sum: make([][]float64, lsqBlocks), p: make([][]float64, lsqBlocks)}
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
	for b := range l.p {
		if n := len(set.blocks[b].ends); len(l.p[b]) < n {
			l.p[b] = make([]float64, n)
		}
	}
}

// normal sets out to XᵀC(Xv) plus, when y is set, subtracts XᵀCy: the
// samples' part of the normal equations applied to v.
func (l *lsq) normal(v []float64, y bool, out []float64) {
	workers.Each(lsqBlocks, l.threads, func(_, b int) {
		acc := l.sum[b]
		clear(acc)
		for s, set := range l.sets {
			blk := &set.blocks[b]
			blk.residuals(v, y, l.weights[s], l.p[b])
			blk.addByWeight(l.p[b], acc)
		}
	})
	clear(out)
	for _, acc := range l.sum {
		for j, a := range acc {
			out[j] += a
		}
	}
}

// residuals sets p[k] to c times sample k's x·v, less its target when y is
// set.
func (b *sampleBlock) residuals(v []float64, y bool, c float64, p []float64) {
	from := 0
	for k, end := range b.ends {
		r := dotEntries(v, b.idx[from:end], b.val[from:end])
		from = end
		if y {
			r -= b.target[k]
		}
		p[k] = r * c
	}
}

// addByWeight adds to acc[j] each of weight j's entries times its sample's
// p, in the order of the samples: the same sums, to the bit, as adding
// sample by sample.
func (b *sampleBlock) addByWeight(p, acc []float64) {
	cols := b.cols
	for j := range len(cols) - 1 {
		rows := b.rows[cols[j]:cols[j+1]]
		val := b.colVal[cols[j]:cols[j+1]]
		val = val[:len(rows)]
		a := acc[j]
		for i, k := range rows {
			a += p[k] * float64(val[i])
		}
		acc[j] = a
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
	val = val[:len(idx)]
	i := 0
	for ; i+4 <= len(idx); i += 4 {
		j, x := idx[i:i+4:i+4], val[i:i+4:i+4]
		p0 += v[j[0]] * float64(x[0])
		p1 += v[j[1]] * float64(x[1])
		p2 += v[j[2]] * float64(x[2])
		p3 += v[j[3]] * float64(x[3])
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
