package workers

import (
	"fmt"
	"sync/atomic"
	"testing"
)

func TestEachRunsEveryJobOnce(t *testing.T) {
	for _, c := range []struct{ n, threads int }{{0, 2}, {1, 4}, {100, 1}, {100, 3}, {1000, 0}} {
		t.Run(fmt.Sprintf("n=%d threads=%d", c.n, c.threads), func(t *testing.T) {
			runs := make([]atomic.Int32, c.n)
			maxW := atomic.Int32{}
			Each(c.n, c.threads, func(w, i int) {
				runs[i].Add(1)
				if int32(w) > maxW.Load() {
					maxW.Store(int32(w))
				}
			})
			for i := range runs {
				if got := runs[i].Load(); got != 1 {
					t.Fatalf("n=%d threads=%d: job %d ran %d times", c.n, c.threads, i, got)
				}
			}
			if c.n > 0 && int(maxW.Load()) >= Threads(c.threads) {
				t.Errorf("n=%d threads=%d: goroutine %d", c.n, c.threads, maxW.Load())
			}
		})
	}
}
