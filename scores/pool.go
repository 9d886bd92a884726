package scores

import "math/bits"

// pool hands one goroutine of Carry its buffers of totals. They come
// from slabs of memory backed by huge pages where the kernel allows
// (newHuge), and a buffer given back goes to a list by size, taken again
// before the slab is: a next state's buffer is replaced each time a chunk
// widens its range, and a carried state's is let go, so a turn reuses
// the pages of the one before instead of faulting in fresh ones (on the
// heap, 2.2 times a layer's totals were new buffers, each page first
// touched one 4 KiB fault at a time). A pool's buffers are valid until
// release.
type pool struct {
	slab  []float64     // the unused rest of the newest slab
	free  [][][]float64 // free[c]: buffers of class c given back
	slabs []func()      // give back each slab
}

// slabTotals is how many totals a slab holds: 16 MiB, eight huge pages.
const slabTotals = 1 << 21

// get returns a buffer of n totals with room for slack more, whose
// contents are undefined: of those given back, one of the least class
// that holds n+slack, else a new one. A larger one serves rather than
// lie idle: a layer's spans are wider than the last's, whose buffers go
// back as it is carried (3.9 GB at school's peak, 4.2 GB taking a class
// or the next only).
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
		return make([]float64, n, size)
	}
	if size > len(p.slab) {
		slab, free := newHuge[float64](slabTotals)
		p.slab, p.slabs = slab, append(p.slabs, free)
	}
	b := p.slab[:n:size]
	p.slab = p.slab[size:]
	return b
}

// put gives back b, a buffer from get, for get to hand out again.
func (p *pool) put(b []float64) {
	c, size := class(cap(b))
	if size != cap(b) {
		return // not one of get's (the first state's)
	}
	for len(p.free) <= c {
		p.free = append(p.free, nil)
	}
	p.free[c] = append(p.free[c], b[:0])
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
