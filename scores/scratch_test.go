package scores

import (
	"testing"
	"unsafe"
)

// TestScratch checks that reset hands out empty room for as many values
// as asked, the same array while it has the room (the values written
// there still in it), and a new one at least twice as large when not.
func TestScratch(t *testing.T) {
	t.Parallel()
	var h scratch[shift]
	defer h.release()
	least := scratchBytes / int(unsafe.Sizeof(shift{}))
	for _, tc := range []struct {
		name      string
		n         int
		same      bool // the array of the reset before
		leastRoom int
	}{
		{"first", 10, false, least},
		{"within", least, true, least},
		{"grown", least + 1, false, 2 * least},
		{"asked for more than twice", 5*least + 3, false, 5*least + 3},
		{"smaller again", 1, true, 5*least + 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := h.room
			got := h.reset(tc.n)
			if len(got) != 0 || cap(got) < tc.leastRoom {
				t.Fatalf("reset(%d): len %d, cap %d; want 0 and at least %d", tc.n, len(got), cap(got), tc.leastRoom)
			}
			// A new array may be mapped where the one given back was, so a
			// new one is told by its contents: zero, not what was written.
			switch {
			case tc.same && unsafe.SliceData(got) != unsafe.SliceData(before):
				t.Fatalf("reset(%d): a new array, want the one before kept", tc.n)
			case tc.same && got[:1][0] != (shift{src: 7}):
				t.Fatalf("reset(%d) lost what was written in the array it kept", tc.n)
			case !tc.same && got[:1][0] != (shift{}):
				t.Fatalf("reset(%d): the array before kept, want a new one", tc.n)
			}
			got[:1][0] = shift{src: 7}
		})
	}
}
