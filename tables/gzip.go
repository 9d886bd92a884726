package tables

import (
	"bytes"
	"compress/gzip"
	"io"
)

// Gunzip returns the table file gzipped in data, checked against gzip's
// own checksum; what it returns is a file still to check (Decode).
func Gunzip(data []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r) // which checks the gzip checksum at the end
}
