package chart

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"dicepoker/internal/atomicfile"
	"dicepoker/scores"
)

// pngBins is how many bins a PNG chart has at most.
const pngBins = 80

// PNG draws h as a histogram, its bars the share of games (of the weight)
// in each range of scores (see Bins), with the title given and labelled
// axes, and saves it to file as a PNG picture 8 by 4.5 inches, written to
// a temporary file and renamed into place.
func PNG(file string, h scores.Histogram, title string) error {
	bins, below, above := Bins(h, pngBins)
	width := bins[0].Hi - bins[0].Lo + 1
	hist := &plotter.Histogram{Width: float64(width), FillColor: color.RGBA{R: 70, G: 110, B: 170, A: 255}}
	hist.LineStyle.Width = vg.Points(0.5)
	hist.LineStyle.Color = color.White
	most := 0.0
	for _, b := range bins {
		// A bar covers its whole-number scores: Lo-0.5 to Hi+0.5.
		hist.Bins = append(hist.Bins, plotter.HistogramBin{Min: float64(b.Lo) - 0.5, Max: float64(b.Hi) + 0.5, Weight: 100 * b.Share})
		most = max(most, 100*b.Share)
	}
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "final score"
	if left := below.Share + above.Share; left > 0 {
		p.X.Label.Text += fmt.Sprintf(" (%.2f%% of games lie outside %d..%d)", 100*left, bins[0].Lo, bins[len(bins)-1].Hi)
	}
	p.Y.Label.Text = "% of games"
	if width > 1 {
		p.Y.Label.Text += fmt.Sprintf(" per %d points", width)
	}
	p.Add(plotter.NewGrid(), hist)
	p.Y.Max = 1.05 * most // room under the title
	return save(p, file)
}

// save writes p to file as a PNG picture 8 by 4.5 inches, written to a
// temporary file and renamed into place.
func save(p *plot.Plot, file string) error {
	w, err := p.WriterTo(8*vg.Inch, 4.5*vg.Inch, "png")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return err
	}
	return atomicfile.WriteFile(file, buf.Bytes(), 0o644)
}
