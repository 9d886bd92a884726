package school

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"dicepoker/engine"
	"dicepoker/tables"
)

// TestShippedEstimates reads every estimate that ships inside the
// program: each loads, checked for its game, rules and checksums, with
// the estimate's number of weights, finite and not all zero, and a mean
// score a fitted player makes; and every file shipped is one of them.
func TestShippedEstimates(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, columns := range ShippedColumns {
		g := mustSchool(t, columns)
		names[shippedName(g)] = true
		t.Run(strconv.Itoa(columns), func(t *testing.T) {
			t.Parallel()
			e, err := ShippedFiles{}.Estimate(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(e.W) != e.Features() {
				t.Fatalf("%d weights, want %d", len(e.W), e.Features())
			}
			zeros := 0
			for i, w := range e.W {
				if math.IsNaN(w) || math.IsInf(w, 0) {
					t.Fatalf("weight %d is %v", i, w)
				}
				if w == 0 {
					zeros++
				}
			}
			if zeros == len(e.W) {
				t.Errorf("every weight is 0: not a fitted estimate")
			}
			// A fitted player scores about 400 points a column.
			if low, high := 300*float64(columns), 500*float64(columns); e.Expected < low || e.Expected > high {
				t.Errorf("mean score %.2f, want %.0f to %.0f", e.Expected, low, high)
			}
		})
	}
	entries, err := fs.ReadDir(Shipped(), "estimates")
	if err != nil {
		t.Fatal(err)
	}
	for _, entry := range entries {
		if name := "estimates/" + entry.Name(); !names[name] {
			t.Errorf("%s ships but no column count reads it", name)
		}
	}
}

// TestShippedRefuses checks that a damaged or foreign shipped estimate is
// refused as a table file would be, naming where it came from, and that
// rules with no shipped estimate find none.
func TestShippedRefuses(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, ShippedColumns[0])
	name := shippedName(g)
	data, err := fs.ReadFile(Shipped(), name)
	if err != nil {
		t.Fatal(err)
	}
	file, err := tables.Gunzip(data)
	if err != nil {
		t.Fatal(err)
	}
	zip := func(b []byte) []byte {
		var out bytes.Buffer
		w := gzip.NewWriter(&out)
		w.Write(b)
		w.Close()
		return out.Bytes()
	}
	edited := func(at int) []byte {
		b := slices.Clone(file)
		b[at] ^= 1
		return zip(b)
	}
	tests := []struct {
		name   string
		data   []byte
		g      *engine.Game
		err    error
		reason string
	}{
		{"gzip byte flipped", func() []byte { b := slices.Clone(data); b[len(b)/2] ^= 1; return b }(), g, tables.ErrCorrupt, ""},
		{"gzip cut short", data[:len(data)-9], g, tables.ErrCorrupt, "unexpected EOF"},
		{"not gzipped", file, g, tables.ErrCorrupt, "gzip: invalid header"},
		{"payload byte flipped", edited(len(file) - 5), g, tables.ErrCorrupt, "payload checksum mismatch"},
		{"header byte flipped", edited(20), g, tables.ErrCorrupt, "header checksum mismatch"},
		{"another column count", data, mustSchool(t, ShippedColumns[0]+1), tables.ErrRules, "options are"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, err := decodeEstimate(tt.g, tt.data, "(inside the program) "+name, false)
			if e != nil || !errors.Is(err, tt.err) {
				t.Fatalf("got %v, %v; want %v", e, err, tt.err)
			}
			if msg := err.Error(); !strings.Contains(msg, "table (inside the program) "+name) || !strings.Contains(msg, tt.reason) {
				t.Errorf("message %q: want the shipped file's name and %q", msg, tt.reason)
			}
		})
	}
	t.Run("from the site", func(t *testing.T) {
		t.Parallel()
		// The offline app's site: a host may unpack a .gz file on the way.
		for _, tt := range []struct {
			name   string
			data   []byte
			reason string // "": read
		}{
			{"gzipped", data, ""},
			{"unpacked by the host", file, ""},
			{"gzip cut short", data[:len(data)-9], "unexpected EOF"},
			{"unpacked, payload byte flipped", func() []byte { b := slices.Clone(file); b[len(b)-5] ^= 1; return b }(), "payload checksum mismatch"},
		} {
			site := ShippedFiles{FS: fstest.MapFS{name: {Data: tt.data}}, Where: "tables/"}
			e, err := site.Estimate(g)
			if tt.reason == "" {
				if want, _ := (ShippedFiles{}).Estimate(g); err != nil || !slices.Equal(e.W, want.W) {
					t.Errorf("%s: %v, want the estimate shipped inside the program", tt.name, err)
				}
				continue
			}
			if e != nil || !errors.Is(err, tables.ErrCorrupt) || !strings.Contains(err.Error(), "table tables/"+name) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("%s: %v, %v; want the site's file named and %q", tt.name, e, err, tt.reason)
			}
		}
		if _, err := (ShippedFiles{FS: fstest.MapFS{}}).Estimate(g); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a site without the file: %v, want none", err)
		}
	})
	t.Run("rules with none shipped", func(t *testing.T) {
		t.Parallel()
		if e, err := (ShippedFiles{}).Estimate(mustSchool(t, 1)); e != nil || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("one column: %v, %v; want none", e, err)
		}
	})
}

// TestOpenEstimateShipped opens estimates from a tables directory: with
// none there, the shipped one, without fitting or writing a file; the
// directory's own table before it; and a fit where none ships.
func TestOpenEstimateShipped(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, ShippedColumns[0])
	errFit := errors.New("fitted")
	fit := func() (Fit, error) { return Fit{}, errFit }
	noticed := ""
	notice := func(msg string) { noticed = msg }

	dir := t.TempDir()
	e, err := OpenEstimate(dir, g, ShippedFiles{}, fit, notice)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ShippedFiles{}.Estimate(g)
	if !slices.Equal(e.W, want.W) || e.Expected != want.Expected {
		t.Errorf("opened mean score %.3f, want the shipped %.3f", e.Expected, want.Expected)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 || noticed != "" {
		t.Errorf("files %v written, notice %q", files, noticed)
	}

	own, _ := NewEstimate(g, nil)
	own.Expected = 12.5
	if err := own.Save(EstimatePath(dir, g)); err != nil {
		t.Fatal(err)
	}
	if e, err := OpenEstimate(dir, g, ShippedFiles{}, fit, notice); err != nil || e.Expected != own.Expected {
		t.Errorf("with a table in the directory: %v, %v; want its mean score %v", e, err, own.Expected)
	}

	// None ships for one column: a fit, told with its cost, and saved.
	one := mustSchool(t, 1)
	if _, err := OpenEstimate(dir, one, ShippedFiles{}, fit, notice); !errors.Is(err, errFit) || noticed != "" {
		t.Errorf("one column, the fit failing: %v, notice %q", err, noticed)
	}
	f := Fit{Train: TrainOptions{Rounds: 1, Games: 8, Seed: 1}, Games: 8}
	path := EstimatePath(dir, one)
	if _, err := OpenEstimate(dir, one, ShippedFiles{}, func() (Fit, error) { return f, nil }, notice); err != nil ||
		noticed != "no estimate table for school (columns=1) yet: fitting it once ("+FitCost(one, f).String()+") and saving it to "+path {
		t.Errorf("one column: %v, notice %q", err, noticed)
	}
	if _, err := LoadEstimate(path, one); err != nil {
		t.Errorf("the fit was not saved: %v", err)
	}
}

// TestBuildThreads checks that a fit gives the same estimate, to the bit,
// on one thread as on three: the shipped estimates and their refit rely on
// it, having been fitted on another machine. The rounds and games are few,
// the steps all there: the games of a round, the least squares, the
// calibration and the games that measure the estimate.
func TestBuildThreads(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 2)
	var built [2]*Estimate
	for i, threads := range []int{1, 3} {
		f := DefaultFit(g, nil, threads)
		f.Train.Rounds, f.Train.Games, f.Train.Average, f.Train.Calibrate, f.Games = 2, 40, 2, 40, 40
		e, err := Build(g, f)
		if err != nil {
			t.Fatal(err)
		}
		built[i] = e
	}
	one, three := built[0], built[1]
	if one.Expected != three.Expected {
		t.Errorf("mean score %v on one thread, %v on three", one.Expected, three.Expected)
	}
	for i := range one.W {
		if math.Float64bits(one.W[i]) != math.Float64bits(three.W[i]) {
			t.Fatalf("weight %d is %v on one thread, %v on three", i, one.W[i], three.W[i])
		}
	}
}

// TestCostDisk checks the disk the costs of the school tables count
// against the files their tables are saved to.
func TestCostDisk(t *testing.T) {
	t.Parallel()
	g1, g3 := mustSchool(t, 1), mustSchool(t, 3)
	dir := t.TempDir()
	l, err := NewLayout(g1)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEstimate(g3, nil)
	tests := []struct {
		name string
		save func(path string) error
		cost int64
	}{
		{"exact", (&Exact{Game: g1, Values: make([]float32, l.Size())}).Save, ExactCost(g1, 0).Disk},
		{"timing", (&Timing{Game: g3, F: make([]float32, dimsOf(g3).size()), n: dimsOf(g3)}).Save, TimingCost(g3, 0).Disk},
		{"estimate", e.Save, FitCost(g3, DefaultFit(g3, nil, 0)).Disk},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, tt.name+".dpt")
			if err := tt.save(path); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if d := tt.cost - fi.Size(); d < 0 || d > 100 {
				t.Errorf("cost counts %d bytes, the file has %d", tt.cost, fi.Size())
			}
		})
	}
}

func TestShips(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		o    engine.Options
		want bool
	}{
		{engine.Options{}, true},
		{engine.Options{Columns: 3}, true},
		{engine.Options{Columns: 2}, true},
		{engine.Options{Columns: 5}, false},
		{engine.Options{Columns: 1}, false},
		{engine.Options{Columns: 3, Taken: "pair"}, false},
	} {
		t.Run(fmt.Sprintf("%+v", c.o), func(t *testing.T) {
			t.Parallel()
			g, err := engine.New("school", c.o)
			if err != nil {
				t.Fatal(err)
			}
			if got := Ships(g); got != c.want {
				t.Errorf("Ships(%s) = %v, want %v", EstimatePath("", g), got, c.want)
			}
		})
	}
}
