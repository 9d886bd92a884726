package tables

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testFloats returns values over three blocks, the last one short, with
// testValues' special ones at the start.
func testFloats() []float32 {
	vs := make([]float32, 2*BlockWords+7)
	for i := range vs {
		vs[i] = float32(i)*0.37 + 1
	}
	copy(vs, testValues())
	return vs
}

// sameBits reports whether a and b hold the same float32 bits.
func sameBits(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// TestFloatsRoundTrip reads values written by WriteFloats, block by
// block and whole, and those of a table written by Write (read whole at
// once), mapped and not.
func TestFloatsRoundTrip(t *testing.T) {
	values := testFloats()
	for _, mapped := range []bool{false, true} {
		for _, w := range []struct {
			name  string
			write func(string, Header, []float32) error
			whole bool // every block loaded at once
		}{{"WriteFloats", WriteFloats, false}, {"Write", Write, true}} {
			t.Run(fmt.Sprintf("%s/mapped=%v", w.name, mapped), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "f.dpt")
				if err := w.write(path, headerFor(values), values); err != nil {
					t.Fatal(err)
				}
				f, err := OpenFloats(path, wantMapped(mapped))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				i := BlockWords + 3
				if got := f.Float(i); !sameBits(got, values[i]) {
					t.Errorf("value %d: %v, want %v", i, got, values[i])
				}
				if loaded := f.done[0].Load(); loaded != w.whole {
					t.Errorf("block 0 loaded after a look-up in block 1: %v, want %v", loaded, w.whole)
				}
				if !w.whole && !mapped && f.Floats()[0] != 0 {
					t.Errorf("value 0 is %v before its block is read, want 0", f.Floats()[0])
				}
				if err := f.LoadAll(); err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(f.Floats(), values, sameBits) || f.Header != headerFor(values) {
					t.Error("the values read differ from those written")
				}
			})
		}
	}
}

// TestFloatsRefused damages table files of WriteFloats: a damaged block
// gives NaN and an Err naming it, the blocks read before it and the
// other blocks keep their values; what the open checks refuses the file.
func TestFloatsRefused(t *testing.T) {
	values := testFloats()
	dir := t.TempDir()
	path := filepath.Join(dir, "f.dpt")
	if err := WriteFloats(path, headerFor(values), values); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := len(good) - 4*len(values) // the first value's offset
	words := filepath.Join(dir, "w.dpt")
	if err := WriteWords(words, headerFor(values), make([]uint32, len(values))); err != nil {
		t.Fatal(err)
	}
	for _, mapped := range []bool{false, true} {
		t.Run(fmt.Sprintf("mapped=%v", mapped), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "bad.dpt")
			if err := os.WriteFile(p, flip(at+4*BlockWords+9)(slices.Clone(good)), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := OpenFloats(p, wantMapped(mapped))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if got := f.Float(5); !sameBits(got, values[5]) {
				t.Errorf("value 5, block 0: %v, want %v", got, values[5])
			}
			if got := f.Float(BlockWords + 1); !math.IsNaN(float64(got)) {
				t.Errorf("a value of the damaged block 1: %v, want NaN", got)
			}
			if err := f.Err(); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "block 1 checksum mismatch") || !strings.Contains(err.Error(), p) {
				t.Errorf("Err = %v, want block 1's damage in %s", err, p)
			}
			if got := f.Float(3); !sameBits(got, values[3]) {
				t.Errorf("value 3, block 0, after the damage: %v, want %v", got, values[3])
			}
			if err := f.LoadAll(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("LoadAll = %v, want ErrCorrupt", err)
			}
		})
	}
	for _, c := range []struct {
		name, path, reason string
		err                error
	}{
		{"a word table", words, "value type 3", ErrVersion},
		{"missing", filepath.Join(dir, "none.dpt"), "", os.ErrNotExist},
	} {
		t.Run(c.name, func(t *testing.T) {
			if f, err := OpenFloats(c.path, testWant); !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.reason) {
				if f != nil {
					f.Close()
				}
				t.Errorf("OpenFloats = %v, want %v with %q", err, c.err, c.reason)
			}
		})
	}
}

// TestFloatsConcurrent looks values up from several goroutines at once,
// mapped and not, each block checked by whichever asks first: every
// value read is the one written (run with -race for the memory model).
func TestFloatsConcurrent(t *testing.T) {
	values := testFloats()
	path := filepath.Join(t.TempDir(), "f.dpt")
	if err := WriteFloats(path, headerFor(values), values); err != nil {
		t.Fatal(err)
	}
	for _, mapped := range []bool{false, true} {
		t.Run(fmt.Sprintf("mapped=%v", mapped), func(t *testing.T) {
			f, err := OpenFloats(path, wantMapped(mapped))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var wg sync.WaitGroup
			bad := make(chan int, 8)
			for g := range 8 {
				wg.Go(func() {
					for k := range 500 {
						if i := (g*7919 + k*104729) % len(values); !sameBits(f.Float(i), values[i]) {
							bad <- i
							return
						}
					}
				})
			}
			wg.Wait()
			close(bad)
			for i := range bad {
				t.Errorf("value %d read wrong", i)
			}
		})
	}
}
