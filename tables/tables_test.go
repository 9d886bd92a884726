package tables

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

var testHeader = Header{
	Game:        "yahtzee",
	Options:     "forced-joker",
	Fingerprint: [32]byte{1, 2, 3, 31: 0xff},
	Expected:    254.5896,
}

var testWant = Expect{
	Game:        testHeader.Game,
	Options:     testHeader.Options,
	Fingerprint: testHeader.Fingerprint,
	Rebuild:     "dicepoker solve --game yahtzee",
}

// testValues returns values that include the awkward float32 bit patterns.
func testValues() []float32 {
	return []float32{
		0, 1, -1, 0.5, 254.5896, math.MaxFloat32, math.SmallestNonzeroFloat32,
		float32(math.Copysign(0, -1)),
		float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00000), // quiet NaN
		math.Float32frombits(0xffa00001), // negative signalling NaN with payload
	}
}

func headerFor(values []float32) Header {
	h := testHeader
	h.States = uint64(len(values))
	return h
}

func TestRoundTrip(t *testing.T) {
	big := make([]float32, 100_000)
	for i := range big {
		big[i] = float32(i)*0.25 - 7
	}
	tests := []struct {
		name   string
		h      Header
		values []float32
	}{
		{"special values", headerFor(testValues()), testValues()},
		{"empty", headerFor(nil), nil},
		{"many", headerFor(big), big},
		{"no options", Header{Game: "g", Expected: math.Inf(-1), States: 1}, []float32{3}},
		// Headers that the first read of shortHeader bytes holds exactly,
		// and misses by one byte or by much.
		{"header of shortHeader bytes", Header{Game: "g", Options: strings.Repeat("o", shortHeader-fixedSize-1), States: 2}, []float32{1, 2}},
		{"header one byte longer", Header{Game: "g", Options: strings.Repeat("o", shortHeader-fixedSize), States: 2}, []float32{1, 2}},
		{"longest header", Header{Game: strings.Repeat("g", math.MaxUint16), Options: strings.Repeat("o", math.MaxUint16), States: 1}, []float32{5}},
	}
	bothWays(t, func(t *testing.T, mapped bool) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "t.dpt")
				if err := Write(path, tt.h, tt.values); err != nil {
					t.Fatal(err)
				}
				want := Expect{Game: tt.h.Game, Options: tt.h.Options, Fingerprint: tt.h.Fingerprint, Map: mapped}
				h, values, err := Read(path, want)
				if err != nil {
					t.Fatal(err)
				}
				if h.Game != tt.h.Game || h.Options != tt.h.Options || h.Fingerprint != tt.h.Fingerprint ||
					math.Float64bits(h.Expected) != math.Float64bits(tt.h.Expected) || h.States != tt.h.States {
					t.Errorf("header = %+v, want %+v", h, tt.h)
				}
				if len(values) != len(tt.values) {
					t.Fatalf("got %d values, want %d", len(values), len(tt.values))
				}
				for i, v := range values {
					if math.Float32bits(v) != math.Float32bits(tt.values[i]) {
						t.Errorf("value %d = %#08x, want %#08x", i, math.Float32bits(v), math.Float32bits(tt.values[i]))
					}
				}
			})
		}
	})
}

// bothWays runs test with the tables read as copies, and mapped (see
// Expect.Map).
func bothWays(t *testing.T, test func(t *testing.T, mapped bool)) {
	for _, mapped := range []bool{false, true} {
		t.Run(fmt.Sprintf("mapped=%v", mapped), func(t *testing.T) { test(t, mapped) })
	}
}

// wantMapped is testWant, its table mapped or not.
func wantMapped(mapped bool) Expect {
	w := testWant
	w.Map = mapped
	return w
}

// TestReadOwnValues checks that the values Read returns are the caller's
// to change, mapped or not: the file keeps its bytes, and a second Read
// gives the values as written.
func TestReadOwnValues(t *testing.T) {
	bothWays(t, func(t *testing.T, mapped bool) {
		before := goodFile(t)
		path := filepath.Join(t.TempDir(), "t.dpt")
		if err := os.WriteFile(path, before, 0o644); err != nil {
			t.Fatal(err)
		}
		_, got, err := Read(path, wantMapped(mapped))
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			got[i] = 42
		}
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Fatalf("the file changed with the values read (%v)", err)
		}
		want := testValues()
		if _, again, err := Read(path, wantMapped(mapped)); err != nil || math.Float32bits(again[4]) != math.Float32bits(want[4]) {
			t.Errorf("read again: %v, %v, want %v", err, again, want)
		}
	})
}

// TestLayout checks the bytes of a small file against the documented layout.
func TestLayout(t *testing.T) {
	h := Header{Game: "ya", Options: "o", Fingerprint: [32]byte{0: 0xaa, 31: 0xbb}, Expected: 1.5, States: 2}
	path := filepath.Join(t.TempDir(), "t.dpt")
	if err := Write(path, h, []float32{1, -2}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte("DPTABLE\x00")
	want = append(want, 1, 0, 0, 0) // version
	want = append(want, 1, 0, 0, 0) // float32
	want = append(want, 2, 0, 'y', 'a', 1, 0, 'o')
	want = append(want, h.Fingerprint[:]...)
	want = append(want, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f) // 1.5
	want = append(want, 2, 0, 0, 0, 0, 0, 0, 0)
	payload := []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0} // 1, -2
	tab := crc32.MakeTable(crc32.Castagnoli)
	want = binary.LittleEndian.AppendUint32(want, crc32.Checksum(payload, tab))
	want = binary.LittleEndian.AppendUint32(want, crc32.Checksum(want, tab))
	want = append(want, payload...)
	if len(want) != 76+2+1+8 {
		t.Fatalf("test is wrong: built %d bytes", len(want))
	}
	if !bytes.Equal(got, want) {
		t.Errorf("file bytes\n got %x\nwant %x", got, want)
	}
}

func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	values := testValues()
	var files [][]byte
	for _, name := range []string{"a.dpt", "b.dpt", "a.dpt"} {
		path := filepath.Join(dir, name)
		if err := Write(path, headerFor(values), values); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) || !bytes.Equal(files[0], files[2]) {
		t.Error("identical input gave different files")
	}
}

func TestWriteCreatesDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "t.dpt")
	values := testValues()
	if err := Write(path, headerFor(values), values); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Read(path, testWant); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("directory %s not created: %v", dir, err)
	}
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o644 {
			t.Errorf("file mode = %v, want 0644", perm)
		}
	}
	assertEntries(t, dir, "t.dpt")
}

func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.dpt")
	for _, values := range [][]float32{{1, 2, 3}, {4}} {
		if err := Write(path, headerFor(values), values); err != nil {
			t.Fatal(err)
		}
		_, got, err := Read(path, testWant)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, values) {
			t.Errorf("read %v, want %v", got, values)
		}
	}
	assertEntries(t, dir, "t.dpt")
}

func TestWriteFails(t *testing.T) {
	values := testValues()
	tests := []struct {
		name  string
		setup func(t *testing.T, path string) // makes writing to path fail
		h     Header
		want  string // in the error message
	}{
		{
			name: "target is a directory",
			setup: func(t *testing.T, path string) {
				if err := os.MkdirAll(filepath.Join(path, "sub"), 0o755); err != nil {
					t.Fatal(err)
				}
			},
			h: headerFor(values),
		},
		{
			name: "parent is a file",
			setup: func(t *testing.T, path string) {
				if err := os.WriteFile(filepath.Dir(path), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			},
			h: headerFor(values),
		},
		{
			name:  "state count mismatch",
			setup: func(t *testing.T, path string) {},
			h:     Header{Game: "yahtzee", States: 3},
			want:  "header says 3 states but 12 values were given",
		},
		{
			name:  "game too long",
			setup: func(t *testing.T, path string) {},
			h:     Header{Game: strings.Repeat("x", 70000), States: uint64(len(values))},
			want:  "game is 70000 bytes long",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "p", "t.dpt")
			tt.setup(t, path)
			before := tree(t, dir)
			err := Write(path, tt.h, values)
			if err == nil {
				t.Fatal("Write succeeded")
			}
			msg := err.Error()
			if !strings.Contains(msg, "cannot write table "+path+": ") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q does not name %s and say %q", msg, path, tt.want)
			}
			if after := tree(t, dir); !slices.Equal(before, after) {
				t.Errorf("Write left %v behind, had %v", after, before)
			}
		})
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv(EnvDir, "/some/tables")
	if dir, err := DefaultDir(); err != nil || dir != "/some/tables" {
		t.Errorf("DefaultDir() = %q, %v; want /some/tables", dir, err)
	}

	t.Setenv(EnvDir, "")
	if runtime.GOOS == "linux" {
		t.Setenv("XDG_CACHE_HOME", "/cache")
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Skip(err)
	}
	want := filepath.Join(cache, "dicepoker")
	if runtime.GOOS == "linux" && want != "/cache/dicepoker" {
		t.Fatalf("test is wrong: want %s", want)
	}
	if dir, err := DefaultDir(); err != nil || dir != want {
		t.Errorf("DefaultDir() = %q, %v; want %s", dir, err, want)
	}
}

func TestFileName(t *testing.T) {
	tests := []struct{ game, options, want string }{
		{"yahtzee", "", "yahtzee.dpt"},
		{"yahtzee", "forced-joker", "yahtzee+forced-joker.dpt"},
		{"yahtzee", "forced-joker,bonus=35", "yahtzee+forced-joker+bonus=35.dpt"},
		{"yahtzee", "forced-joker, upper bonus", "yahtzee+forced-joker+upper+bonus.dpt"},
		{"yahtzee", "a/b\\c:d*é", "yahtzee+a_b_c_d__.dpt"},
		{"big kniffel", "x", "big+kniffel+x.dpt"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.options, func(t *testing.T) {
			if got := FileName(tt.game, tt.options); got != tt.want {
				t.Errorf("FileName(%q, %q) = %q, want %q", tt.game, tt.options, got, tt.want)
			}
		})
	}
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

// tree returns the paths of everything under dir.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		paths = append(paths, path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// assertEntries checks that dir holds exactly names, so no temporary files.
func assertEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	if got := entries(t, dir); !slices.Equal(got, names) {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}
