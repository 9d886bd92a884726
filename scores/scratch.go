package scores

import "unsafe"

// scratch is room for values of T that a pass fills anew each time,
// outside the heap, in memory that the kernel is asked to back with huge
// pages (newHuge). Carry's arcs and their lists grew on the heap chunk by
// chunk, each new array fresh pages faulted in 4 KiB at a time: half the
// page faults of yahtzee's distribution. The collector does not see the
// room: T holds no pointers but to memory outside the heap or kept
// alive elsewhere (Carry's nodes, whose totals are a pool's).
type scratch[T any] struct {
	room []T
	free func()
}

// scratchBytes is the least room a scratch maps: a huge page, so that
// the kernel may back it with one.
const scratchBytes = 2 << 20

// reset returns room for n values or more, empty: the array it returned
// before where that has the room, else a new one, twice as large at
// least, the old one given back (its values lost).
func (h *scratch[T]) reset(n int) []T {
	if cap(h.room) < n {
		size := max(n, 2*cap(h.room), scratchBytes/int(unsafe.Sizeof(*new(T))))
		h.release()
		h.room, h.free = newHuge[T](size)
	}
	return h.room[:0]
}

// release gives back the room, after which nothing from reset may be
// touched.
func (h *scratch[T]) release() {
	if h.free != nil {
		h.free()
	}
	h.room, h.free = nil, nil
}
