package school

import (
	"errors"
	"fmt"
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
	diag    []float64   // the diagonal of XᵀCX
	sum     [][]float64 // each block's part of a pass's sums
	p       [][]float64 // each pair of blocks' residuals in a pass and the zero, as many as the largest blockPair's
}

// sampleSet is a round's samples laid out for the fit's passes: sample i
// goes to block i mod lsqBlocks.
type sampleSet struct {
	blocks [lsqBlocks]sampleBlock
	pairs  [lsqBlocks / 2][]blockPair // blocks 2q and 2q+1 weight by weight, in parts of at most pairPart samples of each
	n      int                        // samples
}

// sampleBlock is a block of a sampleSet, sample by sample: the order a
// pass values the samples in.
type sampleBlock struct {
	idx    []int32   // the entries' weights, sample by sample: sample k's from ends[k-1] (0 for the first) to ends[k]
	val    []float32 // the entries' values
	ends   []int
	target []float64 // each sample's target
}

// blockPair holds the entries of two blocks again, weight by weight: the
// order a pass adds each sample's residual into the weights it names in.
// Adding them sample by sample, as the fit once did, made each add into a
// weight wait on the store of the one before wherever a sample names a
// weight twice (a few times in each of its 250 entries), and a pass took
// 1.7 times as long.
//
// Each weight's entries in a block are one chain of adds, in the order of
// the samples; the two blocks' chains alternate, so that two adds are
// under way at once and neither block's sums change. The shorter chain is
// padded with the pair's zero residual: adding +0 leaves every sum as it
// was, since a sum that starts at +0 is never -0. On two threads a pass is
// bound by the bytes it reads, so the entries are kept small: a residual's
// place in 16 bits, and no values for the weights whose entries are all 1
// (the tables', most of them). A pair holds up to pairPart samples of each
// block; a pass adds one pair after another into the same sums, so that
// each weight's entries still follow the order of the samples.
type blockPair struct {
	from, to int       // the blocks' samples it holds, from from to (at most) to
	cols     []int32   // weight j's entries from cols[j] to cols[j+1]: the first block's at even places, the second's at odd
	rows     []uint16  // the places of the entries' residuals: the first block's samples', then the second's, then the zero
	vals     []int32   // where weight j's values start in colVal, or -1 where each is 1
	colVal   []float32 // the values of the weights not all 1, weight by weight
}

// pairPart is the most samples of each block a blockPair holds: a place
// in 16 bits names each of both blocks' residuals and the zero.
const pairPart = (math.MaxUint16+1)/2 - 1

// newSampleSet lays out samples for a fit of n weights.
func newSampleSet(samples []sample, n, threads int) (*sampleSet, error) {
	return newSampleSetIn(samples, n, threads, pairPart)
}

// newSampleSetIn lays out samples for a fit of n weights with blockPairs
// of part samples of each block, 1 to pairPart.
func newSampleSetIn(samples []sample, n, threads, part int) (*sampleSet, error) {
	if part < 1 || part > pairPart {
		return nil, fmt.Errorf("school: %d samples of each block in a pair, want 1 to %d", part, pairPart)
	}
	set := &sampleSet{n: len(samples)}
	workers.Each(lsqBlocks, threads, func(_, b int) {
		set.blocks[b].layOut(samples, b)
	})
	errs := make([]error, len(set.pairs))
	workers.Each(len(set.pairs), threads, func(_, q int) {
		a, b := &set.blocks[2*q], &set.blocks[2*q+1]
		for from := 0; from < len(a.ends); from += part { // a has as many samples as b or one more
			bp := blockPair{from: from, to: from + part}
			if errs[q] = bp.layOut(a, b, n); errs[q] != nil {
				return
			}
			set.pairs[q] = append(set.pairs[q], bp)
		}
	})
	return set, errors.Join(errs...)
}

// layOut lays out samples b, b+lsqBlocks, ... sample by sample.
func (blk *sampleBlock) layOut(samples []sample, b int) {
	entries := 0
	for i := b; i < len(samples); i += lsqBlocks {
		entries += len(samples[i].idx)
	}
	blk.idx, blk.val = make([]int32, 0, entries), make([]float32, 0, entries)
	for i := b; i < len(samples); i += lsqBlocks {
		x := samples[i]
		blk.idx = append(blk.idx, x.idx...)
		blk.val = append(blk.val, x.val...)
		blk.ends = append(blk.ends, len(blk.idx))
		blk.target = append(blk.target, x.target)
	}
}

// samples returns the samples of blk that bp holds, from and to.
func (bp *blockPair) samples(blk *sampleBlock) (from, to int) {
	return min(bp.from, len(blk.ends)), min(bp.to, len(blk.ends))
}

// span returns where the entries of blk's samples from to to are.
func (blk *sampleBlock) span(from, to int) (int, int) {
	if from == to {
		return 0, 0
	}
	start := 0
	if from > 0 {
		start = blk.ends[from-1]
	}
	return start, blk.ends[to-1]
}

// residuals is how many residuals a pass works out for bp over blocks a
// and b: their samples' and the zero.
func (bp *blockPair) residuals(a, b *sampleBlock) int {
	af, at := bp.samples(a)
	bf, bt := bp.samples(b)
	return at - af + bt - bf + 1
}

// layOut lays out bp's samples of blocks a and b weight by weight, for a
// fit of n weights.
func (bp *blockPair) layOut(a, b *sampleBlock, n int) error {
	count := [2][]int32{make([]int32, n), make([]int32, n)}
	unit := make([]bool, n)
	for j := range unit {
		unit[j] = true
	}
	for h, blk := range []*sampleBlock{a, b} {
		from, to := blk.span(bp.samples(blk))
		for i, j := range blk.idx[from:to] {
			count[h][j]++
			unit[j] = unit[j] && blk.val[from+i] == 1
		}
	}
	bp.cols, bp.vals = make([]int32, n+1), make([]int32, n)
	entries, values := 0, 0
	for j := range n {
		m := 2 * int(max(count[0][j], count[1][j]))
		bp.vals[j] = -1
		if !unit[j] {
			bp.vals[j] = int32(values)
			values += m
		}
		if entries += m; entries > math.MaxInt32 {
			return fmt.Errorf("school: two blocks of a fit's samples hold %d entries, more than 2³¹", entries)
		}
		bp.cols[j+1] = int32(entries)
	}
	zero := uint16(bp.residuals(a, b) - 1)
	bp.rows, bp.colVal = make([]uint16, entries), make([]float32, values)
	for i := range bp.rows {
		bp.rows[i] = zero
	}
	// A counting sort, stable so that each weight's entries keep the order
	// of the samples.
	first := 0 // the residual of the block's first sample
	for h, blk := range []*sampleBlock{a, b} {
		next := count[h] // reused: the place of weight j's next entry, from its first
		for j := range next {
			next[j] = int32(h)
		}
		from, to := bp.samples(blk)
		i, _ := blk.span(from, to)
		for k := from; k < to; k++ {
			for ; i < blk.ends[k]; i++ {
				j := blk.idx[i]
				bp.rows[bp.cols[j]+next[j]] = uint16(first + k - from)
				if bp.vals[j] >= 0 {
					bp.colVal[bp.vals[j]+next[j]] = blk.val[i]
				}
				next[j] += 2
			}
		}
		first = to - from
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
	l := &lsq{n: n, threads: threads, diag: make([]float64, n), sum: make([][]float64, lsqBlocks), p: make([][]float64, lsqBlocks/2)}
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
	for q := range l.p {
		for _, bp := range set.pairs[q] {
			if n := bp.residuals(&set.blocks[2*q], &set.blocks[2*q+1]); len(l.p[q]) < n {
				l.p[q] = make([]float64, n)
			}
		}
	}
}

// normal sets out to XᵀC(Xv) plus, when y is set, subtracts XᵀCy: the
// samples' part of the normal equations applied to v.
func (l *lsq) normal(v []float64, y bool, out []float64) {
	workers.Each(lsqBlocks/2, l.threads, func(_, q int) {
		accA, accB := l.sum[2*q], l.sum[2*q+1]
		clear(accA)
		clear(accB)
		for s, set := range l.sets {
			a, b := &set.blocks[2*q], &set.blocks[2*q+1]
			for _, bp := range set.pairs[q] {
				p := l.p[q][:bp.residuals(a, b)]
				af, at := bp.samples(a)
				a.residuals(v, y, l.weights[s], af, p[:at-af])
				bf, _ := bp.samples(b)
				b.residuals(v, y, l.weights[s], bf, p[at-af:len(p)-1])
				p[len(p)-1] = 0
				bp.addByWeight(p, accA, accB)
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

// residuals sets p[k] to c times sample first+k's x·v, less its target
// when y is set.
func (b *sampleBlock) residuals(v []float64, y bool, c float64, first int, p []float64) {
	from, _ := b.span(first, first+len(p))
	for k, end := range b.ends[first : first+len(p)] {
		r := dotEntries(v, b.idx[from:end], b.val[from:end])
		from = end
		if y {
			r -= b.target[first+k]
		}
		p[k] = r * c
	}
}

// addByWeight adds to accA[j] and accB[j] each of weight j's entries in
// the first block and the second times its sample's residual in p, in the
// order of the samples: the same sums, to the bit, as adding sample by
// sample.
func (bp *blockPair) addByWeight(p, accA, accB []float64) {
	cols := bp.cols
	for j := range len(cols) - 1 {
		rows := bp.rows[cols[j]:cols[j+1]]
		a, b := accA[j], accB[j]
		if bp.vals[j] < 0 {
			for i := 0; i+1 < len(rows); i += 2 {
				a += p[rows[i]]
				b += p[rows[i+1]]
			}
		} else {
			val := bp.colVal[bp.vals[j]:][:len(rows)]
			for i := 0; i+1 < len(rows); i += 2 {
				a += p[rows[i]] * float64(val[i])
				b += p[rows[i+1]] * float64(val[i+1])
			}
		}
		accA[j], accB[j] = a, b
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
