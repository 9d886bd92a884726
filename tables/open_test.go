package tables

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// kept is a table for Open's test: its values, and the path saved to.
type kept struct {
	values []float32
	path   string
}

func (k *kept) Save(path string) error {
	if err := Write(path, Header{Game: testHeader.Game, Options: testHeader.Options, Fingerprint: testHeader.Fingerprint,
		States: uint64(len(k.values))}, k.values); err != nil {
		return err
	}
	k.path = path
	return nil
}

func loadKept(path string) (*kept, error) {
	_, values, err := Read(path, testWant)
	if err != nil {
		return nil, err
	}
	return &kept{values, path}, nil
}

// TestOpen checks that Open builds and saves a missing table once, with a
// notice, then reads it back; that a table it cannot save comes back with
// the WriteError; and that a damaged one is refused, not rebuilt.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.dpt")
	if err := os.WriteFile(damaged, []byte("not a table: no magic"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "t.dpt")
	cases := []struct {
		name      string
		path      string
		builds    int  // the builds Open makes
		saved     bool // the table returned was saved to path
		writeFail bool
		corrupt   bool
	}{
		{"missing: built and saved", fresh, 1, true, false, false},
		{"present: read, not built", fresh, 0, true, false, false},
		{"unwritable: built, kept in memory", filepath.Join(blocked, "t.dpt"), 1, false, true, false},
		{"damaged: refused", damaged, 0, false, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			builds, notices, described := 0, 0, 0
			build := func() (*kept, error) { builds++; return &kept{values: []float32{1, 2, 3}}, nil }
			building := func() string { described++; return "building" }
			k, err := Open(c.path, loadKept, build, building, func(msg string) {
				notices++
				if want := "building and saving it to " + c.path; msg != want {
					t.Errorf("notice %q, want %q", msg, want)
				}
			})
			if builds != c.builds || notices != c.builds || described != c.builds {
				t.Errorf("%d builds, %d notices and %d described, want %d", builds, notices, described, c.builds)
			}
			var write *WriteError
			if got := errors.As(err, &write); got != c.writeFail {
				t.Errorf("error %v: a write error %v, want %v", err, got, c.writeFail)
			}
			if got := errors.Is(err, ErrCorrupt); got != c.corrupt {
				t.Fatalf("error %v: corrupt %v, want %v", err, got, c.corrupt)
			}
			if c.corrupt {
				return
			}
			if !slices.Equal(k.values, []float32{1, 2, 3}) || (k.path == c.path) != c.saved {
				t.Errorf("table %v saved to %q, want [1 2 3] saved %v", k.values, k.path, c.saved)
			}
		})
	}
}
