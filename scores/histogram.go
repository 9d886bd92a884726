package scores

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// Histogram is a distribution of whole-number scores: W[i] is the weight
// (a count of games, or a probability) of score Lo+i.
type Histogram struct {
	Lo int
	W  []float64
}

// Percents are the percentiles a Summary reports.
var Percents = []float64{1, 5, 25, 50, 75, 95, 99}

// Summary describes a score distribution.
type Summary struct {
	Mean float64
	// SD is the standard deviation: of the sample for a simulation, of
	// the distribution for an exact one.
	SD       float64
	Min, Max int
	// Percentiles[i] is the Percents[i]th percentile: the lowest score
	// that at least that share of the weight lies at or below
	// (gonum's stat.Empirical quantile).
	Percentiles []float64
}

// Scores returns the scores with non-zero weight and their weights, in
// increasing order of score.
func (h Histogram) Scores() (x, w []float64) {
	for i, wi := range h.W {
		if wi != 0 {
			x = append(x, float64(h.Lo+i))
			w = append(w, wi)
		}
	}
	return x, w
}

// Total returns the sum of the weights.
func (h Histogram) Total() float64 { return floats.Sum(h.W) }

// summarize describes h; sample says whether its weights count games
// (sample standard deviation) or are probabilities (that of the
// distribution). h must have some weight.
func (h Histogram) summarize(sample bool) Summary {
	x, w := h.Scores()
	s := Summary{Min: int(x[0]), Max: int(x[len(x)-1])}
	switch {
	case sample && floats.Sum(w) < 2:
		// One game: no spread to estimate.
		s.Mean = x[0]
	case sample:
		s.Mean, s.SD = stat.MeanStdDev(x, w)
	default:
		s.Mean, s.SD = stat.PopMeanStdDev(x, w)
	}
	for _, p := range Percents {
		s.Percentiles = append(s.Percentiles, stat.Quantile(p/100, stat.Empirical, x, w))
	}
	return s
}

// add adds the weights p of the scores from lo on to h, which then covers
// its scores and no more.
func (h *Histogram) add(lo int, p []float64) {
	if len(p) == 0 {
		return
	}
	if len(h.W) == 0 {
		h.Lo = lo
	}
	if lo < h.Lo {
		h.W = append(make([]float64, h.Lo-lo), h.W...)
		h.Lo = lo
	}
	if end := lo + len(p) - h.Lo; end > len(h.W) {
		h.W = append(h.W, make([]float64, end-len(h.W))...)
	}
	for i, q := range p {
		h.W[lo-h.Lo+i] += q
	}
}
