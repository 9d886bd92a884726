package scores

import (
	"syscall"
	"unsafe"
)

// newLives returns room for n games, zeroed, outside the Go heap in
// memory the kernel is asked to back with huge pages (madvise
// MADV_HUGEPAGE, which the kernel may ignore), and the function that
// gives it back. The games are read and moved every turn: with 4 KiB
// pages, touching 32 MiB of fresh buffers took thousands of page
// faults. A game holds no pointers, so the collector need not see them.
// Where the mapping fails it falls back to the heap.
func newLives(n int) ([]live, func()) {
	size := n * int(unsafe.Sizeof(live{}))
	if size == 0 {
		return nil, func() {}
	}
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]live, n), func() {}
	}
	_ = syscall.Madvise(mem, madvHugePage) // only a hint
	return unsafe.Slice((*live)(unsafe.Pointer(&mem[0])), n), func() { _ = syscall.Munmap(mem) }
}

// madvHugePage is Linux's MADV_HUGEPAGE, which package syscall does not
// name on every architecture.
const madvHugePage = 14
