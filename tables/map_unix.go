//go:build unix && (amd64 || arm64)

package tables

import (
	"hash/crc32"
	"os"
	"syscall"
	"unsafe"
)

// payload returns the n values at offset end of f, of size bytes, checked
// against the payload checksum sum: mapped when Mapped is set (and the
// system maps the file), else read (readPayload). The mapping is private
// and writable, so that a write to the values changes this process's copy
// of a page, never the file.
func payload(f *os.File, size, end int64, n int, sum uint32) ([]float32, *Error) {
	if !Mapped || n == 0 {
		return readPayload(f, end, n, sum)
	}
	m, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		return readPayload(f, end, n, sum)
	}
	b := m[end:]
	if crc32.Checksum(b, castagnoli) != sum {
		syscall.Munmap(m)
		return nil, corrupt("payload checksum mismatch")
	}
	// The payload starts where the header ends, at any offset: amd64 and
	// arm64 load a float32 from any address, and the type holds no
	// pointers, which may not be misaligned.
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), n), nil
}
