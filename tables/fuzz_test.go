package tables

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead reads table files of any bytes against testWant. A file it
// accepts must be for those rules and hold the values its header counts,
// and writing them again must give the same bytes: a table has one
// encoding. A file it refuses gets an *Error that names it and says why,
// as one of the kinds the errors classify. Its seed corpus is in
// testdata/fuzz; "go test -fuzz=FuzzRead ./tables" runs it for longer.
func FuzzRead(f *testing.F) {
	dir := addSeeds(f)
	path, again := filepath.Join(dir, "in.dpt"), filepath.Join(dir, "again.dpt")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		h, vs, err := Read(path, testWant)
		if err != nil {
			checkRefusal(t, err, path)
			return
		}
		checkAccepted(t, h, vs, Write, again, data)
	})
}

// addSeeds adds the seed corpus of FuzzRead and FuzzDecode: tables as
// Write makes them, cut short by a byte and to their header, and no table
// at all. It returns the directory the tables were written in.
func addSeeds(f *testing.F) string {
	dir := f.TempDir()
	for _, b := range seedFiles(f, dir, Write, testValues()) {
		f.Add(b)
		f.Add(b[:len(b)-1])
		f.Add(b[:offPayload])
	}
	f.Add([]byte{})
	f.Add([]byte(magic))
	return dir
}

// FuzzDecode decodes table files of any bytes against testWant, as
// FuzzRead reads them: what it accepts is for those rules, holds the
// values its header counts and has one encoding; what it refuses gets an
// *Error, without a path, that says why as one of the kinds the errors
// classify. "go test -fuzz=FuzzDecode ./tables" runs it for longer.
func FuzzDecode(f *testing.F) {
	dir := addSeeds(f)
	again := filepath.Join(dir, "again.dpt")
	f.Fuzz(func(t *testing.T, data []byte) {
		h, vs, err := Decode(data, testWant)
		if err != nil {
			checkRefusal(t, err, "")
			return
		}
		checkAccepted(t, h, vs, Write, again, data)
	})
}

// FuzzOpenFloats opens table files of any bytes with OpenFloats, against
// testWant, mapped and not. A file it accepts and whose every block
// LoadAll checks must hold the values its header counts, and writing them
// again, by WriteFloats or, for a file of value type 1, Write, must give
// the same bytes. A file or block it refuses gets an *Error that names it
// and says why, as one of the kinds the errors classify.
func FuzzOpenFloats(f *testing.F) {
	dir := f.TempDir()
	for _, w := range []func(string, Header, []float32) error{WriteFloats, Write} {
		for _, b := range seedFiles(f, dir, w, testFloats()) {
			f.Add(b, false)
			f.Add(b[:len(b)-1], true)
			f.Add(b[:offPayload], false)
		}
	}
	f.Add([]byte(magic), true)
	path, again := filepath.Join(dir, "in.dpt"), filepath.Join(dir, "again.dpt")
	f.Fuzz(func(t *testing.T, data []byte, mapped bool) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		w, err := OpenFloats(path, wantMapped(mapped))
		if err != nil {
			checkRefusal(t, err, path)
			return
		}
		defer w.Close()
		if err := w.LoadAll(); err != nil {
			checkRefusal(t, err, path)
			return
		}
		write := WriteFloats
		if binary.LittleEndian.Uint32(data[len(magic)+4:]) == typeFloat32 {
			write = Write
		}
		checkAccepted(t, w.Header, w.Floats(), write, again, data)
	})
}

// seedFiles returns the bytes of the table files write makes in dir of
// values, of none and of the first value alone, for a seed corpus.
func seedFiles(f *testing.F, dir string, write func(string, Header, []float32) error, values []float32) [][]byte {
	var files [][]byte
	for _, v := range [][]float32{values, nil, values[:1]} {
		path := filepath.Join(dir, "seed.dpt")
		if err := write(path, headerFor(v), v); err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, b)
	}
	return files
}

// checkRefusal fails t unless err, a refusal of the file at path, is an
// *Error that names it and says why, as one of the kinds the errors
// classify.
func checkRefusal(t *testing.T, err error, path string) {
	var e *Error
	switch {
	case !errors.As(err, &e) || e.Path != path || e.Reason == "":
		t.Fatalf("error %q: want an *Error with the path and a reason", err)
	case !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrRules):
		t.Fatalf("error %q: neither corrupt, another version nor other rules", err)
	}
}

// checkAccepted fails t unless the header h and values vs of an accepted
// file, data, are for testWant's rules, as many values as h counts, and
// written again with write (at path again) give data's bytes.
func checkAccepted(t *testing.T, h Header, vs []float32, write func(string, Header, []float32) error, again string, data []byte) {
	if h.Game != testWant.Game || h.Options != testWant.Options || h.Fingerprint != testWant.Fingerprint || uint64(len(vs)) != h.States {
		t.Fatalf("accepted header %+v with %d values, want %+v", h, len(vs), testWant)
	}
	if err := write(again, h, vs); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(again); err != nil || !bytes.Equal(b, data) {
		t.Fatalf("written again as other bytes (%v)", err)
	}
}
