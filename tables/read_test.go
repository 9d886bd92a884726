package tables

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Offsets in the file written by goodFile, whose game is "yahtzee" (7
// bytes) and options "forced-joker" (12 bytes).
const (
	offGame        = 18
	offFingerprint = 20 + 7 + 12
	offExpected    = offFingerprint + 32
	offStates      = offExpected + 8
	offPayloadCRC  = offStates + 8
	offHeaderCRC   = offPayloadCRC + 4
	offPayload     = offHeaderCRC + 4
)

// goodFile returns the bytes of a valid table with testHeader.
func goodFile(t *testing.T) []byte {
	t.Helper()
	values := testValues()
	path := filepath.Join(t.TempDir(), "good.dpt")
	if err := Write(path, headerFor(values), values); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != offPayload+4*len(values) {
		t.Fatalf("test is wrong: file has %d bytes", len(b))
	}
	return b
}

// fixHeaderCRC recomputes the header checksum after an edit.
func fixHeaderCRC(b []byte) {
	sum := crc32.Checksum(b[:offHeaderCRC], crc32.MakeTable(crc32.Castagnoli))
	binary.LittleEndian.PutUint32(b[offHeaderCRC:], sum)
}

func TestReadRefuses(t *testing.T) {
	other := testWant
	other.Fingerprint[5] ^= 1
	tests := []struct {
		name   string
		edit   func(b []byte) []byte
		want   Expect
		err    error
		reason string // in the message
	}{
		{"empty file", trunc(0), testWant, ErrCorrupt, "truncated: 0 bytes"},
		{"truncated in magic", trunc(5), testWant, ErrCorrupt, "truncated: 5 bytes"},
		{"truncated after magic", trunc(8), testWant, ErrCorrupt, "truncated: 8 bytes"},
		{"truncated in version", trunc(10), testWant, ErrCorrupt, "truncated"},
		{"truncated after type", trunc(16), testWant, ErrCorrupt, "truncated"},
		{"truncated in game length", trunc(17), testWant, ErrCorrupt, "truncated"},
		{"truncated in game", trunc(offGame + 3), testWant, ErrCorrupt, "truncated"},
		{"truncated in options", trunc(offFingerprint - 1), testWant, ErrCorrupt, "truncated"},
		{"truncated in fingerprint", trunc(offFingerprint + 10), testWant, ErrCorrupt, "truncated"},
		{"truncated in header checksum", trunc(offPayload - 1), testWant, ErrCorrupt, "truncated"},
		{"truncated after header", trunc(offPayload), testWant, ErrCorrupt, "truncated: header says 12 values but only 0 payload bytes follow"},
		{"truncated in payload", trunc(offPayload + 9), testWant, ErrCorrupt, "truncated: header says 12 values but only 9 payload bytes follow"},
		{"last byte missing", func(b []byte) []byte { return b[:len(b)-1] }, testWant, ErrCorrupt, "truncated"},
		{"bad magic", flip(0), testWant, ErrCorrupt, "not a table file"},
		{"not a table", func([]byte) []byte { return []byte("hello, world\n") }, testWant, ErrCorrupt, "not a table file"},
		{"version 2", set(8, 2), testWant, ErrVersion, "format version 2, this program reads version 1"},
		{"version 0", set(8, 0), testWant, ErrVersion, "format version 0"},
		{"float64 values", set(12, 2), testWant, ErrVersion, "value type 2"},
		{"game length flipped", flip(16), testWant, ErrCorrupt, ""},
		{"game byte flipped", flip(offGame), testWant, ErrCorrupt, "header checksum mismatch"},
		{"fingerprint byte flipped", flip(offFingerprint + 31), testWant, ErrCorrupt, "header checksum mismatch"},
		{"expected flipped", flip(offExpected + 7), testWant, ErrCorrupt, "header checksum mismatch"},
		{"state count flipped", flip(offStates), testWant, ErrCorrupt, "header checksum mismatch"},
		{"payload checksum flipped", flip(offPayloadCRC), testWant, ErrCorrupt, "header checksum mismatch"},
		{"header checksum flipped", flip(offHeaderCRC + 3), testWant, ErrCorrupt, "header checksum mismatch"},
		{"first payload byte flipped", flip(offPayload), testWant, ErrCorrupt, "payload checksum mismatch"},
		{"last payload byte flipped", flip(-1), testWant, ErrCorrupt, "payload checksum mismatch"},
		{"one byte appended", appendBytes(1), testWant, ErrCorrupt, "trailing garbage: file size 144, header implies 143"},
		{"value appended", appendBytes(4), testWant, ErrCorrupt, "trailing garbage: file size 147, header implies 143"},
		{"state count too large", states(13), testWant, ErrCorrupt, "truncated: header says 13 values but only 48 payload bytes follow"},
		{"state count huge", states(1 << 62), testWant, ErrCorrupt, "truncated"},
		{"state count too small", states(11), testWant, ErrCorrupt, "trailing garbage: file size 143, header implies 139"},
		{"other game", nil, Expect{Game: "kniffel", Options: testWant.Options, Fingerprint: testWant.Fingerprint, Rebuild: testWant.Rebuild}, ErrRules, `game is "yahtzee", want "kniffel"`},
		{"other options", nil, Expect{Game: testWant.Game, Fingerprint: testWant.Fingerprint, Rebuild: testWant.Rebuild}, ErrRules, `options are "forced-joker", want ""`},
		{"other fingerprint", nil, other, ErrRules, "fingerprint mismatch"},
		{"fingerprint edited", func(b []byte) []byte {
			b[offFingerprint] ^= 0x80
			fixHeaderCRC(b)
			return b
		}, testWant, ErrRules, "fingerprint mismatch"},
	}
	bothWays(t, func(t *testing.T, mapped bool) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				b := goodFile(t)
				if tt.edit != nil {
					b = tt.edit(b)
				}
				path := filepath.Join(t.TempDir(), "yahtzee.dpt")
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				want := tt.want
				want.Map = mapped
				h, values, err := Read(path, want)
				if err == nil {
					t.Fatalf("Read succeeded: %+v, %d values", h, len(values))
				}
				if !errors.Is(err, tt.err) {
					t.Errorf("error %q is not %v", err, tt.err)
				}
				for _, other := range []error{ErrCorrupt, ErrVersion, ErrRules, fs.ErrNotExist} {
					if other != tt.err && errors.Is(err, other) {
						t.Errorf("error %q is also %v", err, other)
					}
				}
				if values != nil || h != (Header{}) {
					t.Errorf("Read returned %+v, %d values with an error", h, len(values))
				}
				checkMessage(t, err, path, tt.reason, "; rebuild it with: "+tt.want.Rebuild)
				// Decode refuses the same bytes for the same reason,
				// with no path for the caller to fill in.
				dh, dvalues, derr := Decode(b, tt.want)
				var e *Error
				if !errors.As(derr, &e) || e.Path != "" {
					t.Fatalf("Decode: error %v, want an *Error without a path", derr)
				}
				if e.Path = path; e.Error() != err.Error() || dvalues != nil || dh != (Header{}) {
					t.Errorf("Decode: %q, %+v, %d values; Read: %q", e, dh, len(dvalues), err)
				}
			})
		}
	})
}

// TestDecode decodes the bytes of a table file as Read reads the file.
func TestDecode(t *testing.T) {
	t.Parallel()
	b := goodFile(t)
	h, values, err := Decode(b, testWant)
	if err != nil {
		t.Fatal(err)
	}
	if want := headerFor(testValues()); h != want {
		t.Errorf("header %+v, want %+v", h, want)
	}
	if !slices.EqualFunc(values, testValues(), sameBits) {
		t.Errorf("values %v, want %v", values, testValues())
	}
	b[offPayload] ^= 1 // the values are a copy: data may change after
	if !sameBits(values[0], testValues()[0]) {
		t.Errorf("value 0 changed with the data to %v", values[0])
	}
}

// TestEncode reads back with Decode the bytes Encode makes, the same
// bytes as the file Write stores.
func TestEncode(t *testing.T) {
	t.Parallel()
	h := headerFor(testValues())
	b, err := Encode(h, testValues())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, goodFile(t)) {
		t.Errorf("Encode's bytes differ from the file Write stores")
	}
	dh, values, err := Decode(b, testWant)
	if err != nil || dh != h || !slices.EqualFunc(values, testValues(), sameBits) {
		t.Errorf("Decode(Encode) = %+v, %v, %v; want %+v, %v", dh, values, err, h, testValues())
	}
	if _, err := Encode(Header{States: 3}, testValues()[:1]); err == nil {
		t.Errorf("Encode took 1 value for 3 states")
	}
}

func TestReadMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "yahtzee.dpt")
	_, _, err := Read(path, testWant)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error %v is not fs.ErrNotExist", err)
	}
	for _, other := range []error{ErrCorrupt, ErrVersion, ErrRules} {
		if errors.Is(err, other) {
			t.Errorf("error %q is also %v", err, other)
		}
	}
	e, ok := errors.AsType[*Error](err)
	if !ok || e.Path != path {
		t.Errorf("error %#v is not an *Error for %s", err, path)
	}
	want := "table " + path + " does not exist; build it with: dicepoker solve --game yahtzee"
	if err.Error() != want {
		t.Errorf("message\n got %q\nwant %q", err, want)
	}
}

func TestReadDirectory(t *testing.T) {
	path := t.TempDir()
	_, _, err := Read(path, testWant)
	if err == nil {
		t.Fatal("Read of a directory succeeded")
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrCorrupt) {
		t.Errorf("error %q has the wrong kind", err)
	}
	checkMessage(t, err, path, "cannot be read", "")
	if strings.Contains(err.Error(), "rebuild") {
		t.Errorf("message %q suggests rebuilding", err)
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Path: "/x/yahtzee.dpt", Err: ErrCorrupt, Reason: "payload checksum mismatch", Rebuild: "dicepoker solve --game yahtzee"},
			"table /x/yahtzee.dpt is corrupt (payload checksum mismatch); rebuild it with: dicepoker solve --game yahtzee"},
		{&Error{Path: "t.dpt", Err: ErrVersion, Reason: "format version 2, this program reads version 1", Rebuild: "solve"},
			"table t.dpt has an unsupported format (format version 2, this program reads version 1); rebuild it with: solve"},
		{&Error{Path: "t.dpt", Err: ErrRules, Reason: "fingerprint mismatch", Rebuild: "solve"},
			"table t.dpt was built for other rules (fingerprint mismatch); rebuild it with: solve"},
		{&Error{Path: "t.dpt", Err: ErrRules, Reason: "fingerprint mismatch"},
			"table t.dpt was built for other rules (fingerprint mismatch)"},
		{&Error{Path: "t.dpt", Err: fs.ErrNotExist, Rebuild: "solve"},
			"table t.dpt does not exist; build it with: solve"},
		{&Error{Path: "t.dpt", Err: fs.ErrPermission, Reason: "permission denied", Rebuild: "solve"},
			"table t.dpt cannot be read (permission denied)"},
	}
	for _, tt := range tests {
		t.Run(tt.err.Reason+" "+tt.err.Err.Error(), func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("message\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// checkMessage checks that err's message is one line that names path and
// contains reason and rebuild.
func checkMessage(t *testing.T, err error, path, reason, rebuild string) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "table "+path+" ") || !strings.Contains(msg, reason) ||
		!strings.HasSuffix(msg, rebuild) || strings.Contains(msg, "\n") {
		t.Errorf("message %q: want one line naming %s, with %q, ending %q", msg, path, reason, rebuild)
	}
}

func trunc(n int) func([]byte) []byte {
	return func(b []byte) []byte { return b[:n] }
}

// flip inverts the byte at offset i, counting from the end if i < 0.
func flip(i int) func([]byte) []byte {
	return func(b []byte) []byte {
		if i < 0 {
			i += len(b)
		}
		b[i] ^= 0xff
		return b
	}
}

// set stores the uint32 v at offset i.
func set(i int, v uint32) func([]byte) []byte {
	return func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[i:], v)
		return b
	}
}

// states stores the state count n with a valid header checksum.
func states(n uint64) func([]byte) []byte {
	return func(b []byte) []byte {
		binary.LittleEndian.PutUint64(b[offStates:], n)
		fixHeaderCRC(b)
		return b
	}
}

func appendBytes(n int) func([]byte) []byte {
	return func(b []byte) []byte { return append(b, make([]byte, n)...) }
}
