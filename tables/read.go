package tables

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"strings"
)

// Read loads the table file at path. It returns an [*Error] if the file
// is missing or unreadable, damaged (wrapping [ErrCorrupt]), in another
// format (wrapping [ErrVersion]), or not for the game, options and
// fingerprint in want (wrapping [ErrRules]).
func Read(path string, want Expect) (Header, []float32, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		e := &Error{Path: path, Err: err, Reason: err.Error(), Rebuild: want.Rebuild}
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			e.Reason = pe.Err.Error()
		}
		if errors.Is(err, fs.ErrNotExist) {
			e.Reason = ""
		}
		return Header{}, nil, e
	}
	h, values, e := decode(data, want)
	if e != nil {
		e.Path, e.Rebuild = path, want.Rebuild
		return Header{}, nil, e
	}
	return h, values, nil
}

// decode parses and checks the bytes of a table file.
func decode(data []byte, want Expect) (Header, []float32, *Error) {
	le := binary.LittleEndian
	if !strings.HasPrefix(string(data), magic) {
		if len(data) < len(magic) && strings.HasPrefix(magic, string(data)) {
			return Header{}, nil, truncated(len(data), fixedSize)
		}
		return Header{}, nil, corrupt("not a table file")
	}
	p := len(magic)
	if len(data) < p+8 {
		return Header{}, nil, truncated(len(data), fixedSize)
	}
	if v := le.Uint32(data[p:]); v != version {
		return Header{}, nil, &Error{Err: ErrVersion, Reason: fmt.Sprintf("format version %d, this program reads version %d", v, version)}
	}
	if t := le.Uint32(data[p+4:]); t != typeFloat32 {
		return Header{}, nil, &Error{Err: ErrVersion, Reason: fmt.Sprintf("value type %d, this program reads type %d (float32)", t, typeFloat32)}
	}
	p += 8

	var h Header
	var ok bool
	if h.Game, p, ok = readString(data, p); !ok {
		return Header{}, nil, truncated(len(data), p)
	}
	if h.Options, p, ok = readString(data, p); !ok {
		return Header{}, nil, truncated(len(data), p)
	}
	end := p + 32 + 8 + 8 + 4 + 4
	if len(data) < end {
		return Header{}, nil, truncated(len(data), end)
	}
	copy(h.Fingerprint[:], data[p:])
	h.Expected = math.Float64frombits(le.Uint64(data[p+32:]))
	h.States = le.Uint64(data[p+40:])
	sum := le.Uint32(data[p+48:])
	if le.Uint32(data[p+52:]) != crc32.Checksum(data[:p+52], castagnoli) {
		return Header{}, nil, corrupt("header checksum mismatch")
	}

	switch {
	case h.Game != want.Game:
		return Header{}, nil, &Error{Err: ErrRules, Reason: fmt.Sprintf("game is %q, want %q", h.Game, want.Game)}
	case h.Options != want.Options:
		return Header{}, nil, &Error{Err: ErrRules, Reason: fmt.Sprintf("options are %q, want %q", h.Options, want.Options)}
	case h.Fingerprint != want.Fingerprint:
		return Header{}, nil, &Error{Err: ErrRules, Reason: "fingerprint mismatch"}
	}

	payload := data[end:]
	if h.States > uint64(len(payload))/4 {
		return Header{}, nil, corrupt(fmt.Sprintf("truncated: header says %d values but only %d payload bytes follow", h.States, len(payload)))
	}
	if extra := uint64(len(payload)) - 4*h.States; extra > 0 {
		return Header{}, nil, corrupt(fmt.Sprintf("trailing garbage: %d bytes after the payload", extra))
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return Header{}, nil, corrupt("payload checksum mismatch")
	}
	values := make([]float32, h.States)
	for i := range values {
		values[i] = math.Float32frombits(le.Uint32(payload[4*i:]))
	}
	return h, values, nil
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

func corrupt(reason string) *Error {
	return &Error{Err: ErrCorrupt, Reason: reason}
}

func truncated(have, need int) *Error {
	return corrupt(fmt.Sprintf("truncated: %d bytes, the header alone needs at least %d", have, need))
}
