package chart

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "lines.png")
	err := Lines(file, "test", "total", "chance (%)", 10,
		Series{Name: "a", Y: []float64{100, 80, 40, 5}}, Series{Name: "b", Y: []float64{100, 70, 30, 2}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("%s is not a PNG file", file)
	}
	svg := filepath.Join(t.TempDir(), "lines.SVG")
	if err := Lines(svg, "test", "total", "chance (%)", 10, Series{Name: "a", Y: []float64{100, 50}}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(svg); err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("%s is not an SVG picture (%v)", svg, err)
	}
	if err := Lines(filepath.Join(t.TempDir(), "none", "x.png"), "test", "x", "y", 0, Series{Name: "a", Y: []float64{1, 2}}); err == nil {
		t.Error("saved into a missing directory")
	}
}
