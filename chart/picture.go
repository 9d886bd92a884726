package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"dicepoker/internal/atomicfile"
	"dicepoker/scores"
)

// pictureBins is how many bins a picture has at most.
const pictureBins = 80

// The picture is 8 by 4.5 inches; a PNG draws it at dpi dots an inch,
// 1600 by 900 pixels, sharp on a large screen.
const (
	width, height = 8 * vg.Inch, 4.5 * vg.Inch
	dpi           = 200
)

var (
	barColor    = color.RGBA{R: 70, G: 110, B: 170, A: 255}
	meanColor   = color.RGBA{R: 200, G: 40, B: 40, A: 255}
	medianColor = color.RGBA{R: 30, G: 140, B: 60, A: 255}
)

// Save draws h as a histogram (see Draw) and saves it to file: an SVG
// picture when the name ends in ".svg" (any case), else a PNG one of 1600
// by 900 pixels. The file is written to a temporary name and renamed into
// place.
func Save(file string, h scores.Histogram, title string) error {
	p := plot.New()
	if err := histogram(p, h, title); err != nil {
		return err
	}
	return save(file, p)
}

// save draws p into file as Save does: SVG for a ".svg" name, else PNG,
// written to a temporary name and renamed into place.
func save(file string, p *plot.Plot) error {
	format := "png"
	if strings.EqualFold(filepath.Ext(file), ".svg") {
		format = "svg"
	}
	var buf bytes.Buffer
	if err := render(&buf, format, p); err != nil {
		return err
	}
	return atomicfile.WriteFile(file, buf.Bytes(), 0o644)
}

// Draw writes h as a histogram to w in format "png" or "svg": its bars the
// share of games (of the weight) in each range of scores (see Bins), the
// mean and the median as vertical lines named in a legend, round values
// on both axes, the title given and labelled axes.
func Draw(w io.Writer, format string, h scores.Histogram, title string) error {
	p := plot.New()
	if err := histogram(p, h, title); err != nil {
		return err
	}
	return render(w, format, p)
}

// render writes p to w in format "png" or "svg", the picture's size.
func render(w io.Writer, format string, p *plot.Plot) error {
	var c vg.CanvasWriterTo
	switch format {
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(dpi))}
	case "svg":
		c = vgsvg.New(width, height)
	default:
		return fmt.Errorf("chart: no picture format %q (png or svg)", format)
	}
	p.Draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}

// histogram adds h's bars, its mean and median lines and the axes to p.
func histogram(p *plot.Plot, h scores.Histogram, title string) error {
	bins, below, above := Bins(h, pictureBins)
	binWidth := bins[0].Hi - bins[0].Lo + 1
	hist := &plotter.Histogram{Width: float64(binWidth), FillColor: barColor}
	hist.LineStyle.Width = vg.Points(0.5)
	hist.LineStyle.Color = color.White
	most := 0.0
	for _, b := range bins {
		// A bar covers its whole-number scores: Lo-0.5 to Hi+0.5.
		hist.Bins = append(hist.Bins, plotter.HistogramBin{Min: float64(b.Lo) - 0.5, Max: float64(b.Hi) + 0.5, Weight: 100 * b.Share})
		most = max(most, 100*b.Share)
	}
	p.Title.Text = title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "final score"
	if left := below.Share + above.Share; left > 0 {
		p.X.Label.Text += fmt.Sprintf(" (%.2f%% of games lie outside %d..%d)", 100*left, bins[0].Lo, bins[len(bins)-1].Hi)
	}
	p.Y.Label.Text = "% of games"
	if binWidth > 1 {
		p.Y.Label.Text += fmt.Sprintf(" per %d points", binWidth)
	}
	p.X.Tick.Marker = plot.TickerFunc(RoundTicks)
	p.Y.Tick.Marker = plot.TickerFunc(RoundTicks)
	p.Add(plotter.NewGrid(), hist)
	x, wt := h.Scores()
	top := 1.15 * most // room under the title for the legend
	for _, m := range []struct {
		name  string
		at    float64
		color color.Color
		dash  []vg.Length
	}{
		{fmt.Sprintf("mean %.2f", stat.Mean(x, wt)), stat.Mean(x, wt), meanColor, nil},
		{fmt.Sprintf("median %g", stat.Quantile(0.5, stat.Empirical, x, wt)), stat.Quantile(0.5, stat.Empirical, x, wt), medianColor, []vg.Length{vg.Points(6), vg.Points(3)}},
	} {
		line, err := plotter.NewLine(plotter.XYs{{X: m.at, Y: 0}, {X: m.at, Y: top}})
		if err != nil {
			return err
		}
		line.Color, line.Width, line.Dashes = m.color, vg.Points(1.5), m.dash
		p.Add(line)
		p.Legend.Add(m.name, line)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = 0, top
	return nil
}

// RoundTicks marks lo..hi with labelled ticks at the multiples of a
// round step (1, 2 or 5 times a power of ten) that cuts the range into 4
// to 10 parts, and unlabelled ones between: at every fifth of the step,
// every quarter for a step of 2.
func RoundTicks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'f', -1, 64)}}
	}
	step, minor := roundStep((hi - lo) / 10)
	// The labels are rounded to the decimals of the step, so that
	// 14 * 0.1 reads 1.4, not 1.4000000000000001.
	scale := math.Pow(10, max(0, -math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	for i := math.Ceil(lo/minor - 1e-9); i*minor <= hi+minor*1e-9; i++ {
		v := i * minor
		t := plot.Tick{Value: v}
		if k := math.Round(v / step); math.Abs(v-k*step) < minor/2 {
			// k*step, not v, so that no rounding error shows in the label;
			// and 0, not the -0 that Ceil gives just above -1.
			t.Value = k * step
			if k == 0 {
				t.Value = 0
			}
			t.Label = strconv.FormatFloat(math.Round(t.Value*scale)/scale, 'f', -1, 64)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// roundStep returns the least round step (1, 2 or 5 times a power of
// ten) at least span, and its minor step.
func roundStep(span float64) (step, minor float64) {
	scale := math.Pow(10, math.Floor(math.Log10(span)))
	for _, m := range []float64{1, 2, 5, 10} {
		if step = m * scale; step >= span*(1-1e-9) {
			break
		}
	}
	if m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); math.Abs(m-2) < 1e-9 {
		return step, step / 4
	}
	return step, step / 5
}
