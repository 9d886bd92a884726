package scores

import (
	"syscall"
	"unsafe"
)

// newHuge returns room for n values of T, zeroed, outside the Go heap in
// memory the kernel is asked to back with huge pages (madvise
// MADV_HUGEPAGE, which the kernel may ignore), and the function that
// gives it back, after which the room must not be touched. It is for the
// large buffers that a simulation or a distribution fills at once: with
// 4 KiB pages each first touch is a page fault, and on some virtual
// machines a fault costs 15 µs, 0.26 GB/s (a 2 MiB page: 50 times less a
// byte). The collector does not see the room: T must hold no pointers
// but to memory outside the heap or kept alive elsewhere.
// Where the mapping fails it falls back to the heap.
func newHuge[T any](n int) ([]T, func()) {
	size := n * int(unsafe.Sizeof(*new(T)))
	if size == 0 {
		return nil, func() {}
	}
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]T, n), func() {}
	}
	_ = syscall.Madvise(mem, madvHugePage) // only a hint
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), n), func() { _ = syscall.Munmap(mem) }
}

// madvHugePage is Linux's MADV_HUGEPAGE, which package syscall does not
// name on every architecture.
const madvHugePage = 14
