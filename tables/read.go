package tables

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"
	"syscall"
	"unsafe"

	"dicepoker/internal/atomicfile"
)

// maxHeader is the size of the longest possible header.
const maxHeader = fixedSize + 2*math.MaxUint16

var (
	errTooLarge = errors.New("too large for this computer")
)

// Read loads the table file at path. It returns an [*Error] if the file
// is missing or unreadable, damaged (wrapping [ErrCorrupt]), in another
// format (wrapping [ErrVersion]), or not for the game, options and
// fingerprint in want (wrapping [ErrRules]).
func Read(path string, want Expect) (Header, []float32, error) {
	atomicfile.RemoveStale(path) // what a killed write of this table left
	h, values, e := read(path, want)
	if e != nil {
		e.Path, e.Rebuild = path, want.Rebuild
		return Header{}, nil, e
	}
	return h, values, nil
}

func read(path string, want Expect) (Header, []float32, *Error) {
	f, size, e := openFile(path)
	if e != nil {
		return Header{}, nil, e
	}
	defer f.Close()
	hd, e := readHeader(f, size, want, typeFloat32)
	if e != nil {
		return Header{}, nil, e
	}
	values, _, e := readWhole(f, size, hd, want.Map) // a mapping lives as long as its values
	if e != nil {
		return Header{}, nil, e
	}
	return hd.Header, values, nil
}

// Decode reads a float32 table from data, the bytes of a table file as
// [Write] makes them (a table shipped inside the program), and checks it
// as [Read] checks a file: the header and its checksum, the game, options
// and fingerprint in want, the payload's length and checksum. Its errors
// are [*Error]s with want's Rebuild and no Path, for the caller to name
// where data came from.
func Decode(data []byte, want Expect) (Header, []float32, error) {
	hd, e := parseHeader(data, want, typeFloat32)
	if e == nil {
		var values []float32
		if values, e = decodePayload(data, hd); e == nil {
			return hd.Header, values, nil
		}
	}
	e.Rebuild = want.Rebuild
	return Header{}, nil, e
}

// decodePayload checks and decodes the payload of data, a float32 table
// whose header is hd, as readPayload reads a file's.
func decodePayload(data []byte, hd head) ([]float32, *Error) {
	if e := checkSize(int64(len(data)), hd); e != nil {
		return nil, e
	}
	return readPayload(bytes.NewReader(data), int64(hd.end), int(hd.States), hd.sum)
}

// openFile opens the table file at path and returns it with its size,
// refusing what is not a regular file.
func openFile(path string) (*os.File, int64, *Error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, ioError(err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, ioError(err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, &Error{Err: atomicfile.ErrNotRegular, Reason: atomicfile.ErrNotRegular.Error()}
	}
	return f, fi.Size(), nil
}

// readWhole reads and checks the payload of the float32 table f, of size
// bytes, whose header is hd: the values written by Write, checked whole,
// and the mapping they lie in when mapped (see payload).
func readWhole(f *os.File, size int64, hd head, mapped bool) ([]float32, []byte, *Error) {
	if e := checkSize(size, hd); e != nil {
		return nil, nil, e
	}
	return payload(f, size, int64(hd.end), int(hd.States), hd.sum, mapped)
}

// checkSize checks that a float32 table of size bytes, whose header is
// hd, holds the values the header says and nothing after them, and that
// they fit in memory.
func checkSize(size int64, hd head) *Error {
	if have := uint64(size - int64(hd.end)); hd.States > have/4 {
		return corrupt(fmt.Sprintf("truncated: header says %d values but only %d payload bytes follow", hd.States, have))
	} else if have != 4*hd.States {
		return corrupt(fmt.Sprintf("trailing garbage: file size %d, header implies %d", size, int64(hd.end)+4*int64(hd.States)))
	}
	if hd.States > math.MaxInt/4 {
		return &Error{Err: errTooLarge, Reason: errTooLarge.Error()}
	}
	return nil
}

// head is a header as parseHeader read it: where the payload starts, the
// payload checksum it records and the type of the values.
type head struct {
	Header
	end int
	sum uint32
	typ uint32
}

// parseHeader parses and checks the header at the start of data, whose
// values must be of one of the types types.
func parseHeader(data []byte, want Expect, types ...uint32) (head, *Error) {
	le := binary.LittleEndian
	if !bytes.HasPrefix(data, []byte(magic)) {
		if len(data) < len(magic) && bytes.HasPrefix([]byte(magic), data) {
			return head{}, truncated(len(data), fixedSize)
		}
		return head{}, corrupt("not a table file")
	}
	p := len(magic)
	if len(data) < p+8 {
		return head{}, truncated(len(data), fixedSize)
	}
	if v := le.Uint32(data[p:]); v != version {
		return head{}, &Error{Err: ErrVersion, Reason: fmt.Sprintf("format version %d, this program reads version %d", v, version)}
	}
	typ := le.Uint32(data[p+4:])
	if !slices.Contains(types, typ) {
		var names []string
		for _, t := range types {
			names = append(names, fmt.Sprintf("type %d, %s", t, typeNames[t]))
		}
		return head{}, &Error{Err: ErrVersion, Reason: fmt.Sprintf("value type %d, this program reads here only %s", typ, strings.Join(names, " or "))}
	}
	p += 8

	h := head{typ: typ}
	var ok bool
	if h.Game, p, ok = readString(data, p); !ok {
		return head{}, truncated(len(data), p)
	}
	if h.Options, p, ok = readString(data, p); !ok {
		return head{}, truncated(len(data), p)
	}
	end := p + 32 + 8 + 8 + 4 + 4
	if len(data) < end {
		return head{}, truncated(len(data), end)
	}
	copy(h.Fingerprint[:], data[p:])
	h.Expected = math.Float64frombits(le.Uint64(data[p+32:]))
	h.States = le.Uint64(data[p+40:])
	h.end, h.sum = end, le.Uint32(data[p+48:])
	if le.Uint32(data[p+52:]) != crc32.Checksum(data[:p+52], castagnoli) {
		return head{}, corrupt("header checksum mismatch")
	}

	switch {
	case h.Game != want.Game:
		return head{}, &Error{Err: ErrRules, Reason: fmt.Sprintf("game is %q, want %q", h.Game, want.Game)}
	case h.Options != want.Options:
		return head{}, &Error{Err: ErrRules, Reason: fmt.Sprintf("options are %q, want %q", h.Options, want.Options)}
	case h.Fingerprint != want.Fingerprint:
		return head{}, &Error{Err: ErrRules, Reason: "fingerprint mismatch"}
	}
	return h, nil
}

// readString reads a uint16 length-prefixed string at data[p:] and returns
// it with the offset after it. If data is too short, it returns false and
// the length data needs.
func readString(data []byte, p int) (string, int, bool) {
	if len(data) < p+2 {
		return "", p + 2, false
	}
	end := p + 2 + int(binary.LittleEndian.Uint16(data[p:]))
	if len(data) < end {
		return "", end, false
	}
	return string(data[p+2 : end]), end, true
}

// readPayload reads the n values at offset end of f (a file, or a table's
// bytes) and checks them
// against the payload checksum sum. The bytes are read in one call
// straight into the values' memory, checked there and turned into values
// in place: reading through a buffer and decoding from it took most of a
// load.
func readPayload(f io.ReaderAt, end int64, n int, sum uint32) ([]float32, *Error) {
	values := make([]float32, n)
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(values))), 4*n)
	if _, err := f.ReadAt(b, end); err != nil {
		return nil, ioError(err)
	}
	if crc32.Checksum(b, castagnoli) != sum {
		return nil, corrupt("payload checksum mismatch")
	}
	if !littleEndian {
		for i := range values {
			values[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
	return values, nil
}

// littleEndian reports whether this machine stores a float32 as the
// table file does, so that the file's bytes are its values.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// shortHeader is how many bytes readHeader reads first.
const shortHeader = 512

// readHeader reads and checks the header of the table file f, of size
// bytes, whose values must be of one of the types types (see
// parseHeader). It reads shortHeader bytes, which hold the header of
// every game and its options, and all that a header can take only when
// they do not.
func readHeader(f *os.File, size int64, want Expect, types ...uint32) (head, *Error) {
	n := min(size, shortHeader)
	for {
		data := make([]byte, n)
		if _, err := f.ReadAt(data, 0); err != nil {
			return head{}, ioError(err)
		}
		h, e := parseHeader(data, want, types...)
		if e == nil || n == min(size, int64(maxHeader)) {
			return h, e
		}
		n = min(size, int64(maxHeader))
	}
}

func ioError(err error) *Error {
	e := &Error{Err: err, Reason: err.Error()}
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		e.Reason = pe.Err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		e.Reason = ""
	case errors.Is(err, syscall.ENOTDIR):
		// A file where the directory should be: no table there either.
		e.Err, e.Reason = fs.ErrNotExist, ""
	case err == io.EOF:
		// The file shrank while we read it.
		e.Err, e.Reason = ErrCorrupt, "truncated while reading"
	}
	return e
}

func corrupt(reason string) *Error {
	return &Error{Err: ErrCorrupt, Reason: reason}
}

func truncated(have, need int) *Error {
	return corrupt(fmt.Sprintf("truncated: %d bytes, the header alone needs at least %d", have, need))
}
