package school

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// lsqSamples returns count random samples over n weights as the fit's
// tuples make them: a few dozen entries each, most with value 1, some with
// one of a few tenths or any float32, and about one weight in ten named
// twice, whose entries then add up.
func lsqSamples(n, count int, rng *rand.Rand) []sample {
	samples := make([]sample, count)
	for i := range samples {
		x := &samples[i]
		for range 5 + rng.IntN(40) {
			j := int32(rng.IntN(n))
			if len(x.idx) > 0 && rng.IntN(10) == 0 {
				j = x.idx[rng.IntN(len(x.idx))]
			}
			v := float32(1)
			switch rng.IntN(4) {
			case 0:
				v = float32(rng.IntN(30)) / 10
			case 1:
				v = rng.Float32() * 3
			}
			x.idx, x.val = append(x.idx, j), append(x.val, v)
		}
		x.target = rng.NormFloat64() * 100
	}
	return samples
}

// normalSampleBySample is the samples' part of the normal equations as
// its definition sums it, and as the fit summed it before laying out its
// samples by weight: each sample's residual c·(x·v − y), added into every
// weight it names, sample after sample, block by block.
func normalSampleBySample(l *lsq, v []float64, y bool, out []float64) {
	clear(out)
	for b := range lsqBlocks {
		acc := l.sum[b]
		clear(acc)
		for s, set := range l.sets {
			blk := &set.blocks[b]
			from := 0
			for k, end := range blk.ends {
				idx, val := blk.idx[from:end], blk.val[from:end]
				from = end
				p := dotEntries(v, idx, val)
				if y {
					p -= blk.target[k]
				}
				p *= l.weights[s]
				for i, j := range idx {
					acc[j] += p * float64(val[i])
				}
			}
		}
		for j, a := range acc {
			out[j] += a
		}
	}
}

// TestLSQNormal checks a pass over the samples laid out weight by weight
// against the sums sample by sample: the same to the bit, whatever the
// threads, with weights named twice in a sample, a set too small to fill
// every block, and blocks in pairs of a few samples, so that a weight's
// sums go on from one pair to the next.
func TestLSQNormal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n       int
		counts  []int
		threads int
		part    int // the samples of each block in a blockPair
	}{
		{n: 40, counts: []int{500}, threads: 1, part: pairPart},
		{n: 40, counts: []int{500, 300}, threads: 2, part: pairPart},
		{n: 300, counts: []int{7, 1000}, threads: 3, part: pairPart},
		{n: 40, counts: []int{500, 300}, threads: 2, part: 1},
		{n: 300, counts: []int{7, 1000}, threads: 3, part: 5},
	} {
		t.Run(fmt.Sprintf("n=%d/sets=%d/part=%d", tc.n, len(tc.counts), tc.part), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.n), uint64(tc.threads)))
			l := newLSQ(tc.n, tc.threads)
			for s, count := range tc.counts {
				set, err := newSampleSetIn(lsqSamples(tc.n, count, rng), tc.n, tc.threads, tc.part)
				if err != nil {
					t.Fatal(err)
				}
				first := (count + lsqBlocks - 1) / lsqBlocks // block 0's samples, the most of any
				if want := (first + tc.part - 1) / tc.part; len(set.pairs[0]) != want {
					t.Fatalf("%d samples in pairs of %d of each block: %d pairs, want %d", count, tc.part, len(set.pairs[0]), want)
				}
				l.add(set, 1/float64(s+1))
			}
			v := make([]float64, tc.n)
			for j := range v {
				v[j] = rng.NormFloat64() * 10
			}
			for _, y := range []bool{false, true} {
				got, want := make([]float64, tc.n), make([]float64, tc.n)
				l.normal(v, y, got)
				normalSampleBySample(l, v, y, want)
				for j := range want {
					if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
						t.Fatalf("y %v, weight %d: %v by weight, %v sample by sample", y, j, got[j], want[j])
					}
				}
			}
		})
	}
}

// TestLSQNormalFullPairs checks a pass where a blockPair holds as many
// samples as 16 bits can place: its zero at 65,534, and the samples
// beyond in a second pair, the same to the bit as sample by sample; and
// that a pair of more samples than that is refused.
func TestLSQNormalFullPairs(t *testing.T) {
	t.Parallel()
	const n = 20
	rng := rand.New(rand.NewPCG(3, 4))
	samples := make([]sample, lsqBlocks*pairPart+17)
	for i := range samples {
		x := &samples[i]
		for range 1 + rng.IntN(2) {
			x.idx, x.val = append(x.idx, int32(rng.IntN(n))), append(x.val, float32(rng.IntN(3)))
		}
		x.target = rng.NormFloat64()
	}
	set, err := newSampleSet(samples, n, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(set.pairs[0]); got != 2 {
		t.Fatalf("%d samples: %d pairs of blocks 0 and 1, want 2", len(samples), got)
	}
	if zero := set.pairs[0][0].residuals(&set.blocks[0], &set.blocks[1]) - 1; zero != math.MaxUint16-1 {
		t.Fatalf("the first pair's zero at %d, want %d", zero, math.MaxUint16-1)
	}
	l := newLSQ(n, 2)
	l.add(set, 1)
	v := make([]float64, n)
	for j := range v {
		v[j] = rng.NormFloat64()
	}
	got, want := make([]float64, n), make([]float64, n)
	l.normal(v, true, got)
	normalSampleBySample(l, v, true, want)
	for j := range want {
		if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
			t.Fatalf("weight %d: %v by weight, %v sample by sample", j, got[j], want[j])
		}
	}
	if _, err := newSampleSetIn(samples[:100], n, 2, pairPart+1); err == nil {
		t.Errorf("pairs of %d samples of each block: laid out, want refused", pairPart+1)
	}
}

// TestLSQSolve checks the fit's conjugate gradients against the normal
// equations solved directly: (XᵀCX + P) w = XᵀCy + P w0, where P pulls
// each weight towards w0 by μ times its share of the samples and prior;
// the steps stop at a residual of 1e-6 of the first, so the weights agree
// to about 1e-5.
func TestLSQSolve(t *testing.T) {
	t.Parallel()
	const n, mu = 30, 0.05
	rng := rand.New(rand.NewPCG(1, 2))
	l := newLSQ(n, 2)
	c := []float64{1, 0.5}
	a := mat.NewDense(n, n, nil)
	b := mat.NewVecDense(n, nil)
	for _, weight := range c {
		samples := lsqSamples(n, 400, rng)
		set, err := newSampleSet(samples, n, 2)
		if err != nil {
			t.Fatal(err)
		}
		l.add(set, weight)
		for _, x := range samples {
			row := make([]float64, n)
			for k, j := range x.idx {
				row[j] += float64(x.val[k])
			}
			for i := range n {
				b.SetVec(i, b.AtVec(i)+weight*row[i]*x.target)
				for j := range n {
					a.Set(i, j, a.At(i, j)+weight*row[i]*row[j])
				}
			}
		}
	}
	w0 := make([]float64, n)
	for j := range w0 {
		w0[j] = rng.NormFloat64()
		pull := mu*l.diag[j] + prior
		a.Set(j, j, a.At(j, j)+pull)
		b.SetVec(j, b.AtVec(j)+pull*w0[j])
	}
	var want mat.VecDense
	if err := want.SolveVec(a, b); err != nil {
		t.Fatal(err)
	}
	got := l.solve(w0, mu, 200)
	for j := range got {
		if math.Abs(got[j]-want.AtVec(j)) > 1e-4*(1+math.Abs(want.AtVec(j))) {
			t.Errorf("weight %d: %v by conjugate gradients, %v solved directly", j, got[j], want.AtVec(j))
		}
	}
}

// BenchmarkLSQNormal measures one pass of the fit's least squares on one
// thread over the samples of a round of the three-column fit, its first:
// 6,000 games of an untrained estimate led in by the fit's styles, as the
// fit lays them out and, for comparison, summed sample by sample. A
// round's samples outgrow the caches; a few hundred games'
// would not, and would hide what the layout is for.
func BenchmarkLSQNormal(b *testing.B) {
	g := mustSchool(b, 3)
	e, err := NewEstimate(g, nil)
	if err != nil {
		b.Fatal(err)
	}
	samples := e.play(NewKernel(g), TrainOptions{Games: 6000, Seed: 1, Lambda: 0.4}, 1, playStyles)
	set, err := newSampleSet(samples, e.Features(), 1)
	if err != nil {
		b.Fatal(err)
	}
	l := newLSQ(e.Features(), 1)
	l.add(set, 1)
	v, out := make([]float64, e.Features()), make([]float64, e.Features())
	for j := range v {
		v[j] = float64(j%7) - 3
	}
	b.Run("by-weight", func(b *testing.B) {
		for b.Loop() {
			l.normal(v, true, out)
		}
	})
	b.Run("sample-by-sample", func(b *testing.B) {
		for b.Loop() {
			normalSampleBySample(l, v, true, out)
		}
	})
}
