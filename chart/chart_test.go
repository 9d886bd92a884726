package chart

import (
	"bytes"
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

func TestPNG(t *testing.T) {
	file := filepath.Join(t.TempDir(), "chart.png")
	h := scores.Histogram{Lo: 10, W: []float64{0.1, 0.2, 0.4, 0.2, 0.1}}
	if err := PNG(file, h, "test"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("%s is not a PNG file", file)
	}
}
