package scores

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

// TestClass checks the size classes against their definition: the
// least size of at most three significant bits (a multiple of 8 below
// 128) that holds n, numbered in order of size with no gaps.
func TestClass(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ n, c, size int }{
		{1, 1, 8}, {8, 1, 8}, {9, 2, 16}, {127, 16, 128}, {128, 16, 128},
		{129, 17, 144}, {144, 17, 144}, {145, 18, 160}, {256, 24, 256},
		{257, 25, 288}, {2507, 50, 2560},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			if c, size := class(tc.n); c != tc.c || size != tc.size {
				t.Errorf("class(%d) = %d, %d; want %d, %d", tc.n, c, size, tc.c, tc.size)
			}
		})
	}
	t.Run("every n", func(t *testing.T) {
		last, lastSize := 0, 0
		for n := 1; n <= 1<<16; n++ {
			c, size := class(n)
			if size < n || (n >= 64 && 8*size > 9*n+8*8*n/64) || size%8 != 0 {
				t.Fatalf("class(%d) has size %d", n, size)
			}
			switch {
			case c == last && size != lastSize, c != last && c != last+1, c == last+1 && size <= lastSize:
				t.Fatalf("class(%d) = %d, %d after %d, %d", n, c, size, last, lastSize)
			}
			if c2, size2 := class(size); c2 != c || size2 != size {
				t.Fatalf("class(%d) = %d, %d: its own size is in class %d", n, c, size, c2)
			}
			last, lastSize = c, size
		}
	})
}

// TestPool checks that a pool hands a buffer given back out again for
// its class or a smaller one, never for a larger need, and that its
// buffers have room for slack.
func TestPool(t *testing.T) {
	t.Parallel()
	var p pool
	defer p.release()
	a := p.get(300) // class 300+slack: 320
	if len(a) != 300 || cap(a) != 320 {
		t.Fatalf("get(300): len %d, cap %d", len(a), cap(a))
	}
	b := p.get(300)
	if &a[0] == &b[:1][0] {
		t.Fatal("two buffers in use share memory")
	}
	p.put(a)
	for _, tc := range []struct {
		n     int
		reuse bool
	}{{318, false}, {286, true}, {284, true}, {2, true}} {
		got := p.get(tc.n)
		if reused := &got[:1][0] == &a[:1][0]; reused != tc.reuse {
			t.Errorf("get(%d) after put of a 320: reused %v, want %v", tc.n, reused, tc.reuse)
		}
		if cap(got) < tc.n+slack {
			t.Errorf("get(%d): cap %d, no room for slack", tc.n, cap(got))
		}
		if tc.reuse {
			p.put(got)
		}
	}
	p.put(make([]float64, 5)) // not a class size: dropped
	small := p.get(2)
	if cap(small) != 320 {
		t.Errorf("get(2) = cap %d, want the 320 given back", cap(small))
	}
	small = p.get(2)
	p.put(small)
	p.put(a)
	if got := p.get(2); cap(got) != 8 {
		t.Errorf("get(2) with an 8 and a 320 given back = cap %d, want the 8", cap(got))
	}
}

// TestClassSize checks classSize against class.
func TestClassSize(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 1<<16; n++ {
		if c, size := class(n); classSize(c) != size {
			t.Fatalf("class(%d) = %d, %d; classSize(%d) = %d", n, c, size, c, classSize(c))
		}
	}
}

// TestCoalesce checks that buffers given back side by side are merged
// into room for a larger one, taken before a new slab, and that the
// buffers still in use are left as they are.
func TestCoalesce(t *testing.T) {
	t.Parallel()
	var p pool
	defer p.release()
	const each = 512 // a class's size: a slab holds slabTotals/each
	bufs := make([][]float64, slabTotals/each)
	for i := range bufs {
		bufs[i] = p.get(each - slack)
		for j := range bufs[i] {
			bufs[i][j] = float64(i)
		}
	}
	if len(p.slabs) != 1 {
		t.Fatalf("%d slabs for one slab's buffers", len(p.slabs))
	}
	for _, b := range bufs[:len(bufs)/2] {
		p.put(b)
	}
	p.coalesce()
	big := p.get(slabTotals / 8) // larger than any buffer given back
	if len(p.slabs) != 1 {
		t.Errorf("a new slab for %d totals with %d free side by side", len(big), slabTotals/2)
	}
	lo := &bufs[0][0]
	if at := &big[0]; uintptr(unsafe.Pointer(at)) < uintptr(unsafe.Pointer(lo)) ||
		uintptr(unsafe.Pointer(&big[len(big)-1])) >= uintptr(unsafe.Pointer(&bufs[len(bufs)/2][0])) {
		t.Errorf("the large buffer does not lie in the room given back")
	}
	clear(big)
	for i, b := range bufs[len(bufs)/2:] {
		for j, x := range b {
			if x != float64(len(bufs)/2+i) {
				t.Fatalf("buffer %d in use: total %d is %v", len(bufs)/2+i, j, x)
			}
		}
	}
}

// TestCoalesceStopsAtSlabs checks that room given back on either side of
// where one slab ends and the next starts is merged on each side alone:
// slabs on the heap (where the mapping fails) are objects of their own.
func TestCoalesceStopsAtSlabs(t *testing.T) {
	t.Parallel()
	mem := make([]float64, 2*slabTotals)
	base := uintptr(unsafe.Pointer(&mem[0]))
	p := pool{at: []uintptr{base, base + slabTotals*8}}
	const each, side = 512, 1 << 16
	for off := slabTotals - side; off < slabTotals+side; off += each {
		p.put(mem[off : off : off+each])
	}
	p.coalesce()
	if len(p.runs) != 2 {
		t.Fatalf("%d runs, want one on each side of the slabs' border", len(p.runs))
	}
	for _, run := range p.runs {
		if len(run) != side {
			t.Errorf("a run of %d totals, want %d", len(run), side)
		}
	}
}

// TestCarryWideTotals carries totals too wide for a slab, which the pool
// makes on the heap, while the collector runs and the heap is written
// over between batches: the nodes that hold them lie outside the heap,
// so only the pool keeps them alive. Two turns of 0 or spread points,
// each with probability 1/2, must give 1/4, 1/2 and 1/4.
func TestCarryWideTotals(t *testing.T) {
	t.Parallel()
	const spread = slabTotals // a buffer past slabTotals/4
	var junk [][]float64
	arcs := func(w int, is []int, out [][]Arc, store []Arc) []Arc {
		runtime.GC()
		// Garbage of the buffers' size, written all over, to take any
		// buffer the collector freed.
		for range 4 {
			b := make([]float64, spread+slack+1)
			for i := range b {
				b[i] = 7
			}
			junk = append(junk[:0], b)
		}
		for j, i := range is {
			start := len(store)
			store = append(store, Arc{Next: int32(i + 1), P: 0.5}, Arc{Next: int32(i + 1), Points: spread, P: 0.5})
			out[j] = store[start:]
		}
		return store
	}
	for _, threads := range []int{1, 2} {
		t.Run(fmt.Sprint(threads, " threads"), func(t *testing.T) {
			h, states := Carry(0, 3, 2, arcs, Options{Threads: threads})
			x, w := h.Scores()
			want := []float64{0, spread, 2 * spread}
			if !slices.Equal(x, want) || !slices.Equal(w, []float64{0.25, 0.5, 0.25}) {
				// Only the first few, which a freed buffer floods.
				x, w = x[:min(len(x), 4)], w[:min(len(w), 4)]
				t.Errorf("total %v, scores starting %v with weights %v; want %v with 0.25, 0.5, 0.25", h.Total(), x, w, want)
			}
			if states != 3 {
				t.Errorf("%d states, want 3", states)
			}
		})
	}
}
