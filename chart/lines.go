package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is one curve of a Lines chart: a name for the legend and a value
// for each score from the chart's first on.
type Series struct {
	Name string
	Y    []float64
}

// seriesColors are the curves' colours, in order.
var seriesColors = []color.Color{
	color.RGBA{R: 70, G: 110, B: 170, A: 255},
	color.RGBA{R: 200, G: 90, B: 40, A: 255},
	color.RGBA{R: 60, G: 150, B: 80, A: 255},
}

// Lines draws each series as a curve over the scores lo, lo+1, ..., with
// the title and the axis labels given, round values on both axes and a
// legend, and saves it to file as Save does: an SVG picture for a ".svg"
// name, else a PNG one of 1600 by 900 pixels.
func Lines(file, title, xLabel, yLabel string, lo int, series ...Series) error {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	p.X.Tick.Marker = plot.TickerFunc(RoundTicks)
	p.Y.Tick.Marker = plot.TickerFunc(RoundTicks)
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	for i, s := range series {
		pts := make(plotter.XYs, len(s.Y))
		for j, y := range s.Y {
			pts[j] = plotter.XY{X: float64(lo + j), Y: y}
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.Color = seriesColors[i%len(seriesColors)]
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(s.Name, line)
	}
	return save(file, p)
}
