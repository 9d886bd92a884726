package tables

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"

	"dicepoker/internal/atomicfile"
)

// Write stores h and values in the table file at path, replacing any file
// there. h.States must equal len(values). Write creates the directory if
// needed and replaces the file atomically: on error it leaves any previous
// file at path untouched and no temporary file behind.
func Write(path string, h Header, values []float32) error {
	data, err := Encode(h, values)
	return save(path, data, err)
}

// WriteError is the error of a table that could not be written: the disk
// or its permissions, not the table.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("cannot write table %s: %v", e.Path, e.Err) }

// Unwrap returns the cause, for errors.Is.
func (e *WriteError) Unwrap() error { return e.Err }

// save writes data, a table's file encoded with the error err of its
// encoding, to path as Write does (see create).
func save(path string, data []byte, err error) error {
	if err != nil {
		return &WriteError{Path: path, Err: err}
	}
	return create(path, func(f *atomicfile.File) error {
		_, err := f.Write(data)
		return err
	})
}

// create writes the file at path with write, as Write does: the directory
// created if needed, the file written to a temporary name and put in
// place only once write and the sync succeed, else removed. Any error is
// a *WriteError.
func create(path string, write func(f *atomicfile.File) error) error {
	err := os.MkdirAll(filepath.Dir(path), 0o755)
	var f *atomicfile.File
	if err == nil {
		f, err = atomicfile.Create(path, 0o644)
	}
	if err == nil {
		if err = write(f); err != nil {
			f.Abort()
		} else {
			err = f.Commit()
		}
	}
	if err != nil {
		return &WriteError{Path: path, Err: err}
	}
	return nil
}

// Encode returns the bytes of the table file that Write stores for h and
// values, for a caller that keeps them elsewhere than in a file (a table
// served to a browser); [Decode] reads them back.
func Encode(h Header, values []float32) ([]byte, error) {
	if h.States != uint64(len(values)) {
		return nil, fmt.Errorf("header says %d states but %d values were given", h.States, len(values))
	}
	b, err := appendHeader(make([]byte, 0, headerSize(h)+4*len(values)), h, typeFloat32)
	if err != nil {
		return nil, err
	}
	n := len(b)
	b = b[:n+4*len(values)]
	payload := b[n:]
	for i, v := range values {
		binary.LittleEndian.PutUint32(payload[4*i:], math.Float32bits(v))
	}
	seal(b[:n], crc32.Checksum(payload, castagnoli))
	return b, nil
}

// headerSize returns the length of h's header.
func headerSize(h Header) int { return fixedSize + len(h.Game) + len(h.Options) }

// appendHeader appends h's header for values of type typ to b, its two
// checksums left for seal.
func appendHeader(b []byte, h Header, typ uint32) ([]byte, error) {
	for _, s := range []struct{ what, s string }{{"game", h.Game}, {"options", h.Options}} {
		if len(s.s) > math.MaxUint16 {
			return nil, fmt.Errorf("%s is %d bytes long, at most %d are allowed", s.what, len(s.s), math.MaxUint16)
		}
	}
	le := binary.LittleEndian
	b = append(b, magic...)
	b = le.AppendUint32(b, version)
	b = le.AppendUint32(b, typ)
	b = le.AppendUint16(b, uint16(len(h.Game)))
	b = append(b, h.Game...)
	b = le.AppendUint16(b, uint16(len(h.Options)))
	b = append(b, h.Options...)
	b = append(b, h.Fingerprint[:]...)
	b = le.AppendUint64(b, math.Float64bits(h.Expected))
	b = le.AppendUint64(b, h.States)
	return append(b, make([]byte, 8)...), nil
}

// seal writes the payload checksum sum and then the header's own into
// header, as appendHeader made it.
func seal(header []byte, sum uint32) {
	n := len(header)
	binary.LittleEndian.PutUint32(header[n-8:], sum)
	binary.LittleEndian.PutUint32(header[n-4:], crc32.Checksum(header[:n-4], castagnoli))
}
