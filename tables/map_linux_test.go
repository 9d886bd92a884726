//go:build amd64 || arm64

package tables

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"
)

// TestMapped checks that with Expect.Map, the values Read and OpenFloats
// return lie in a mapping of the file, as /proc/self/maps lists it, and
// without, they do not.
func TestMapped(t *testing.T) {
	values := testFloats()
	for _, c := range []struct {
		name  string
		write func(string, Header, []float32) error
		read  func(path string, want Expect) ([]float32, error)
	}{
		{"Read", Write, func(path string, want Expect) ([]float32, error) { _, vs, err := Read(path, want); return vs, err }},
		{"OpenFloats", WriteFloats, func(path string, want Expect) ([]float32, error) {
			f, err := OpenFloats(path, want)
			if err != nil {
				return nil, err
			}
			return f.Floats(), f.LoadAll()
		}},
	} {
		for _, mapped := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/mapped=%v", c.name, mapped), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "t.dpt")
				if err := c.write(path, headerFor(values), values); err != nil {
					t.Fatal(err)
				}
				got, err := c.read(path, wantMapped(mapped))
				if err != nil {
					t.Fatal(err)
				}
				if in := inMapping(t, uintptr(unsafe.Pointer(&got[0])), path); in != mapped {
					t.Errorf("values in a mapping of the file: %v, want %v", in, mapped)
				}
			})
		}
	}
}

// inMapping reports whether address a lies in a mapping of the file at
// path.
func inMapping(t *testing.T, a uintptr, path string) bool {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var lo, hi uintptr
		if _, err := fmt.Sscanf(sc.Text(), "%x-%x", &lo, &hi); err == nil && lo <= a && a < hi {
			return strings.HasSuffix(sc.Text(), " "+path)
		}
	}
	return false
}

// TestRelease checks that Release gives back a mapped table's mapping,
// of either format (checked by block, or whole as Write writes it):
// afterwards no mapping of the file is listed in /proc/self/maps, where
// Close leaves it for the words still read.
func TestRelease(t *testing.T) {
	values := testFloats()
	for _, c := range []struct {
		name   string
		write  func(string, Header, []float32) error
		end    func(*Words) error
		mapped bool
	}{
		{"Close", WriteFloats, (*Words).Close, true},
		{"Settle", WriteFloats, (*Words).Settle, true},
		{"Release", WriteFloats, (*Words).Release, false},
		{"Release/whole", Write, (*Words).Release, false},
		{"Close/whole", Write, (*Words).Close, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.dpt")
			if err := c.write(path, headerFor(values), values); err != nil {
				t.Fatal(err)
			}
			w, err := OpenFloats(path, wantMapped(true))
			if err != nil {
				t.Fatal(err)
			}
			a := uintptr(unsafe.Pointer(&w.Floats()[0]))
			if !inMapping(t, a, path) {
				t.Fatal("the values are not mapped once opened")
			}
			if err := c.end(w); err != nil {
				t.Fatal(err)
			}
			if in := inMapping(t, a, path); in != c.mapped {
				t.Errorf("mapped after %s: %v, want %v", c.name, in, c.mapped)
			}
		})
	}
}
