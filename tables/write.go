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
	if err := write(path, h, values); err != nil {
		return &WriteError{Path: path, Err: err}
	}
	return nil
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

func write(path string, h Header, values []float32) error {
	data, err := encode(h, values)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// encode returns the bytes of a table file.
func encode(h Header, values []float32) ([]byte, error) {
	if h.States != uint64(len(values)) {
		return nil, fmt.Errorf("header says %d states but %d values were given", h.States, len(values))
	}
	for _, s := range []struct{ what, s string }{{"game", h.Game}, {"options", h.Options}} {
		if len(s.s) > math.MaxUint16 {
			return nil, fmt.Errorf("%s is %d bytes long, at most %d are allowed", s.what, len(s.s), math.MaxUint16)
		}
	}
	le := binary.LittleEndian
	n := fixedSize + len(h.Game) + len(h.Options)
	b := make([]byte, 0, n+4*len(values))
	b = append(b, magic...)
	b = le.AppendUint32(b, version)
	b = le.AppendUint32(b, typeFloat32)
	b = le.AppendUint16(b, uint16(len(h.Game)))
	b = append(b, h.Game...)
	b = le.AppendUint16(b, uint16(len(h.Options)))
	b = append(b, h.Options...)
	b = append(b, h.Fingerprint[:]...)
	b = le.AppendUint64(b, math.Float64bits(h.Expected))
	b = le.AppendUint64(b, h.States)
	b = b[:n+4*len(values)]
	payload := b[n:]
	for i, v := range values {
		le.PutUint32(payload[4*i:], math.Float32bits(v))
	}
	le.PutUint32(b[n-8:], crc32.Checksum(payload, castagnoli))
	le.PutUint32(b[n-4:], crc32.Checksum(b[:n-4], castagnoli))
	return b, nil
}
