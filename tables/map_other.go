//go:build !(unix && (amd64 || arm64))

package tables

import "os"

// payload reads the n values at offset end of f (see readPayload): this
// system does not map tables (see Expect.Map).
func payload(f *os.File, size, end int64, n int, sum uint32, mapped bool) ([]float32, []byte, *Error) {
	values, e := readPayload(f, end, n, sum)
	return values, nil, e
}

// mapWords returns nil: this system does not map tables (see Expect.Map).
func mapWords(f *os.File, size, start int64, n int, mapped bool) ([]uint32, []byte) {
	return nil, nil
}

// unmap is never called: this system maps nothing.
func unmap(m []byte) {}
