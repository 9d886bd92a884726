package scores

import (
	"cmp"
	"math/bits"
	"slices"
	"unsafe"
)

// pool hands one goroutine of Carry its buffers of totals. They come
// from slabs of memory backed by huge pages where the kernel allows
// (newHuge), and a buffer given back goes to a list by size, taken again
// before the slab is: a next state's buffer is replaced each time a chunk
// widens its range, and a carried state's is let go, so a turn reuses
// the pages of the one before instead of faulting in fresh ones (on the
// heap, 2.2 times a layer's totals were new buffers, each page first
// touched one 4 KiB fault at a time). At the end of each turn the
// buffers given back that lie side by side are merged (coalesce), so
// that the next turn's wider ranges take them before new slabs. A
// pool's buffers are valid until release.
type pool struct {
	slab  []float64     // the unused rest of the newest slab, or of a run
	free  [][][]float64 // free[c]: buffers of class c given back
	runs  [][]float64   // long runs of buffers given back, merged (coalesce)
	slabs []func()      // give back each slab
	at    []uintptr     // where each slab starts, in order
	// heap holds the buffers too large for a slab, made on the heap,
	// until release: Carry's nodes lie outside the heap, where the
	// collector does not see what they point to.
	heap [][]float64
}

// slabTotals is how many totals a slab holds: 16 MiB, eight huge pages.
const slabTotals = 1 << 21

// get returns a buffer of n totals with room for slack more, whose
// contents are undefined: of those given back, one of the least class
// that holds n+slack, else a new one. A larger one serves rather than
// lie idle: a layer's spans are wider than the last's, whose buffers go
// back as it is carried (school's peak: 3.9 GB, against 4.2 GB taking a
// class or the next only).
func (p *pool) get(n int) []float64 {
	c, size := class(n + slack)
	for i := c; i < len(p.free); i++ {
		if last := len(p.free[i]) - 1; last >= 0 {
			b := p.free[i][last]
			p.free[i] = p.free[i][:last]
			return b[:n]
		}
	}
	if size > slabTotals/4 {
		b := make([]float64, n, size)
		p.heap = append(p.heap, b)
		return b
	}
	for size > len(p.slab) {
		p.carve(p.slab)
		if last := len(p.runs) - 1; last >= 0 {
			p.slab, p.runs = p.runs[last], p.runs[:last]
			continue
		}
		slab, free := newHuge[float64](slabTotals)
		p.slab, p.slabs = slab, append(p.slabs, free)
		at := uintptr(unsafe.Pointer(&slab[0]))
		i, _ := slices.BinarySearch(p.at, at)
		p.at = slices.Insert(p.at, i, at)
	}
	b := p.slab[:n:size]
	p.slab = p.slab[size:]
	return b
}

// put gives back b, a buffer from get, for get to hand out again.
func (p *pool) put(b []float64) {
	c, size := class(cap(b))
	if size != cap(b) {
		return // not a size get hands out: it could not serve its class
	}
	for len(p.free) <= c {
		p.free = append(p.free, nil)
	}
	p.free[c] = append(p.free[c], b[:0])
}

// carve gives back run, free room of a slab, as buffers of the largest
// classes that fit, to be taken again by size.
func (p *pool) carve(run []float64) {
	for len(run) >= 8 {
		c, size := class(len(run))
		if size > len(run) {
			size = classSize(c - 1)
		}
		p.put(run[:0:size])
		run = run[size:]
	}
}

// coalesce merges the buffers given back that lie side by side in one
// slab, and keeps the runs long enough for any buffer of a slab's to be
// carved from (longRun) for get to take before a new slab: at the end
// of a turn all the buffers of the turn carried are back, most of them
// too small for the next turn's wider ranges.
func (p *pool) coalesce() {
	// The free room as pointer and length, 16 bytes to sort.
	type room struct {
		at unsafe.Pointer
		n  int
	}
	var all []room
	for c := range p.free {
		for _, b := range p.free[c] {
			all = append(all, room{unsafe.Pointer(unsafe.SliceData(b)), cap(b)})
		}
		clear(p.free[c])
		p.free[c] = p.free[c][:0]
	}
	for _, b := range append(p.runs, p.slab) {
		if len(b) > 0 {
			all = append(all, room{unsafe.Pointer(unsafe.SliceData(b)), len(b)})
		}
	}
	clear(p.runs)
	p.runs, p.slab = p.runs[:0], nil
	slices.SortFunc(all, func(a, b room) int { return cmp.Compare(uintptr(a.at), uintptr(b.at)) })
	flush := func(r room) {
		run := unsafe.Slice((*float64)(r.at), r.n)
		if r.n >= longRun {
			p.runs = append(p.runs, run)
		} else {
			p.carve(run)
		}
	}
	for i := 0; i < len(all); {
		// The run grows by the room that starts where it ends, up to
		// the end of its slab (none for a buffer on the heap).
		run, end := all[i], p.slabEnd(uintptr(all[i].at))
		for i++; i < len(all); i++ {
			at := uintptr(all[i].at)
			if at != uintptr(run.at)+uintptr(run.n)*8 || at >= end {
				break
			}
			run.n += all[i].n
		}
		flush(run)
	}
}

// longRun is the least run of free totals that coalesce keeps whole.
const longRun = 1 << 14

// slabEnd returns the address where the slab that holds address a ends,
// or 0 where none holds it (a buffer too large for a slab, on the heap).
func (p *pool) slabEnd(a uintptr) uintptr {
	i, found := slices.BinarySearch(p.at, a)
	if !found {
		i--
	}
	if i < 0 || a >= p.at[i]+slabTotals*8 {
		return 0
	}
	return p.at[i] + slabTotals*8
}

// release gives back the pool's slabs, whose buffers are then gone.
func (p *pool) release() {
	for _, free := range p.slabs {
		free()
	}
	*p = pool{}
}

// class returns the size class of a buffer of n totals and its size, n
// rounded up to three significant bits (multiples of 8 below 128): at
// most an eighth more.
func class(n int) (c, size int) {
	e := max(bits.Len(uint(n))-4, 3)
	m := (n + 1<<e - 1) >> e
	return (e-3)*8 + m, m << e
}

// classSize returns the size of the buffers of class c.
func classSize(c int) int {
	if c <= 16 {
		return c * 8
	}
	e := 3 + (c-9)/8
	return (c - (e-3)*8) << e
}
