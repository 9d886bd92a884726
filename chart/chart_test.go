package chart

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/scores"
)

func TestBins(t *testing.T) {
	for _, tc := range []struct {
		name        string
		h           scores.Histogram
		n           int
		bins        []Bin
		below, over float64
	}{
		{"one score", scores.Histogram{Lo: 7, W: []float64{3}}, 30,
			[]Bin{{7, 7, 1}}, 0, 0},
		{"width 1", scores.Histogram{Lo: 2, W: []float64{1, 0, 1, 2}}, 10,
			[]Bin{{2, 2, 0.25}, {3, 3, 0}, {4, 4, 0.25}, {5, 5, 0.5}}, 0, 0},
		{"width 2 aligned", scores.Histogram{Lo: 3, W: []float64{1, 1, 1, 1}}, 3,
			[]Bin{{2, 3, 0.25}, {4, 5, 0.5}, {6, 7, 0.25}}, 0, 0},
		{"width 5", scores.Histogram{Lo: 0, W: []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}, 3,
			[]Bin{{0, 4, 5.0 / 12}, {5, 9, 5.0 / 12}, {10, 14, 2.0 / 12}}, 0, 0},
		{"negative", scores.Histogram{Lo: -3, W: []float64{1, 1, 1, 1}}, 2,
			[]Bin{{-5, -1, 0.75}, {0, 4, 0.25}}, 0, 0},
		// 0.05% at each end lies beyond the 0.1th and 99.9th percentiles.
		{"tails", scores.Histogram{Lo: 0, W: append(append([]float64{5}, make([]float64, 98)...), 9990, 5)}, 5,
			[]Bin{{99, 99, 0.999}}, 0.0005, 0.0005},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bins, below, above := Bins(tc.h, tc.n)
			if len(bins) != len(tc.bins) {
				t.Errorf("%s: bins %v, want %v", tc.name, bins, tc.bins)
				return
			}
			for i, b := range bins {
				if b.Lo != tc.bins[i].Lo || b.Hi != tc.bins[i].Hi || !near(b.Share, tc.bins[i].Share) {
					t.Errorf("%s: bins %v, want %v", tc.name, bins, tc.bins)
					break
				}
			}
			if !near(below.Share, tc.below) || !near(above.Share, tc.over) {
				t.Errorf("%s: tails %v %v, want shares %v %v", tc.name, below, above, tc.below, tc.over)
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

func TestText(t *testing.T) {
	var out bytes.Buffer
	h := scores.Histogram{Lo: 0, W: append(append([]float64{5}, make([]float64, 98)...), 2000, 7990, 5)}
	if err := Text(&out, h, 5); err != nil {
		t.Fatal(err)
	}
	want := "score         share\n" +
		"< 99          0.05%\n" +
		"99           20.00% #############\n" +
		"100          79.90% ##################################################\n" +
		"> 100         0.05%\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestTextNegative checks the labels of bins of negative scores, which
// school's -200 zeros give, and that the shares stay in one column when a
// label is wider than usual.
func TestTextNegative(t *testing.T) {
	var out bytes.Buffer
	h := scores.Histogram{Lo: -20, W: make([]float64, 30)}
	for i := range h.W {
		h.W[i] = 1
	}
	if err := Text(&out, h, 3); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n-20..-11 ", "\n-10..-1 ", "\n0-9 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no row %q in\n%s", want[1:], out.String())
		}
	}
	out.Reset()
	h = scores.Histogram{Lo: -1180, W: make([]float64, 2504)}
	for i := range h.W {
		h.W[i] = 1
	}
	if err := Text(&out, h, 30); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	at := strings.Index(lines[1], "%")
	for _, line := range lines[1:] {
		if strings.Index(line, "%") != at {
			t.Errorf("shares out of line:\n%s", out.String())
			break
		}
	}
}

func TestSave(t *testing.T) {
	// Two dice: mean 7, median 7.
	h := scores.Histogram{Lo: 2, W: []float64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}}
	for _, tc := range []struct{ name, file, magic string }{
		{"png", "chart.png", "\x89PNG\r\n\x1a\n"},
		{"svg", "chart.SVG", "<?xml"},
		{"other names are png", "chart", "\x89PNG\r\n\x1a\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), tc.file)
			if err := Save(file, h, "two dice"); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, []byte(tc.magic)) {
				t.Fatalf("%s starts %q, want %q", file, data[:min(len(data), 8)], tc.magic)
			}
			if tc.magic == "<?xml" {
				for _, want := range []string{"mean 7.00", "median 7", "two dice"} {
					if !bytes.Contains(data, []byte(want)) {
						t.Errorf("the SVG has no %q", want)
					}
				}
				return
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != 1600 || b.Dy() != 900 {
				t.Errorf("%d x %d pixels, want 1600 x 900", b.Dx(), b.Dy())
			}
		})
	}
}

func TestRoundTicks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lo, hi float64
		labels []string
	}{
		{"scores", 11.5, 1580.5, []string{"200", "400", "600", "800", "1000", "1200", "1400"}},
		{"percent", 0, 3.7, []string{"0", "0.5", "1", "1.5", "2", "2.5", "3", "3.5"}},
		{"negative", -1180.5, 1323.5, []string{"-1000", "-500", "0", "500", "1000"}},
		{"small", 0, 0.12, []string{"0", "0.02", "0.04", "0.06", "0.08", "0.1", "0.12"}},
		{"one value", 3, 3, []string{"3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var labels []string
			for _, tick := range RoundTicks(tc.lo, tc.hi) {
				if tick.Value < tc.lo || tick.Value > tc.hi {
					t.Errorf("tick %v outside %v..%v", tick.Value, tc.lo, tc.hi)
				}
				if tick.Label != "" {
					labels = append(labels, tick.Label)
				}
			}
			if strings.Join(labels, " ") != strings.Join(tc.labels, " ") {
				t.Errorf("labels %v, want %v", labels, tc.labels)
			}
		})
	}
}
