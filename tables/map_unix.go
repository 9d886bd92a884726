//go:build unix && (amd64 || arm64)

package tables

import (
	"hash/crc32"
	"os"
	"syscall"
	"unsafe"
)

// payload returns the n values at offset end of f, of size bytes, checked
// against the payload checksum sum: mapped when mapped is set (and the
// system maps the file), with the mapping of the whole file, else read
// (readPayload) and no mapping.
func payload(f *os.File, size, end int64, n int, sum uint32, mapped bool) ([]float32, []byte, *Error) {
	m := mapFile(f, size, mapped)
	if m == nil || n == 0 {
		if m != nil {
			unmap(m)
		}
		values, e := readPayload(f, end, n, sum)
		return values, nil, e
	}
	b := m[end:]
	if crc32.Checksum(b, castagnoli) != sum {
		unmap(m)
		return nil, nil, corrupt("payload checksum mismatch")
	}
	// The payload starts where the header ends, at any offset: amd64 and
	// arm64 load a float32 from any address, and the type holds no
	// pointers, which may not be misaligned.
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), n), m, nil
}

// mapWords returns the n words at offset start of f, of size bytes,
// mapped and not yet checked, and the mapping of the whole file, when
// mapped is set and the system maps the file; nil otherwise. amd64 and
// arm64 keep a word as the file does.
func mapWords(f *os.File, size, start int64, n int, mapped bool) ([]uint32, []byte) {
	m := mapFile(f, size, mapped)
	if m == nil || n == 0 {
		if m != nil {
			unmap(m)
		}
		return nil, nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&m[start])), n), m
}

// unmap gives back the memory of a mapping mapFile made; nothing of it
// may be read after.
func unmap(m []byte) { syscall.Munmap(m) }

// mapFile maps the file f, of size bytes, when mapped is set; nil if it
// is not or the system refuses. The mapping is private and writable, so
// that a write to it changes this process's copy of a page, never the
// file.
func mapFile(f *os.File, size int64, mapped bool) []byte {
	if !mapped || size == 0 {
		return nil
	}
	m, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return m
}
