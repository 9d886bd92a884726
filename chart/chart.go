// Package chart draws distributions of final scores: as rows of '#' for a
// terminal, and as PNG or SVG pictures with gonum's plot package.
package chart

import (
	"gonum.org/v1/gonum/stat"

	"dicepoker/scores"
)

// Bin is a range of scores, Lo to Hi inclusive, and its share of the
// weight.
type Bin struct {
	Lo, Hi int
	Share  float64
}

// tail is the share of the weight at each end that Bins may leave to its
// below and above bins, so that a long thin tail (Yahtzee bonuses) does
// not squeeze the rest of the picture.
const tail = 0.001

// widths are the bin widths Bins chooses from, up to a factor of 10^k.
var widths = []int{1, 2, 5, 10, 20, 25, 50}

// Bins groups h's scores into at most n bins (at least 2) of one round width
// (1, 2, 5, 10, 20, 25, 50, 100, ...). They cover the scores from the
// 0.1th to the 99.9th percentile; below and above hold the share of the
// scores under and over them (Lo and Hi give their ranges).
func Bins(h scores.Histogram, n int) (bins []Bin, below, above Bin) {
	x, w := h.Scores()
	total := 0.0
	for _, wi := range w {
		total += wi
	}
	first := int(stat.Quantile(tail, stat.Empirical, x, w))
	last := int(stat.Quantile(1-tail, stat.Empirical, x, w))
	width := roundWidth(first, last, max(n, 2))
	lo := floorTo(first, width)
	count := (last-lo)/width + 1
	bins = make([]Bin, count)
	for i := range bins {
		bins[i] = Bin{Lo: lo + i*width, Hi: lo + (i+1)*width - 1}
	}
	hi := bins[count-1].Hi
	below = Bin{Lo: int(x[0]), Hi: lo - 1}
	above = Bin{Lo: hi + 1, Hi: int(x[len(x)-1])}
	for i, s := range x {
		share := w[i] / total
		switch v := int(s); {
		case v < lo:
			below.Share += share
		case v > hi:
			above.Share += share
		default:
			bins[(v-lo)/width].Share += share
		}
	}
	return bins, below, above
}

// roundWidth returns the smallest round width that covers first..last
// with at most n bins aligned on multiples of the width. With n >= 2 there
// is one: a width over |first| and |last| needs two bins at most.
func roundWidth(first, last, n int) int {
	for scale := 1; ; scale *= 10 {
		for _, w := range widths {
			if w *= scale; (last-floorTo(first, w))/w+1 <= n {
				return w
			}
		}
	}
}

// floorTo rounds x down to a multiple of w.
func floorTo(x, w int) int {
	q := x / w
	if x%w != 0 && x < 0 {
		q--
	}
	return q * w
}
