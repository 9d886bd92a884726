// Package workers spreads numbered jobs over goroutines.
package workers

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls do(w, i) for every job i in 0..n-1, on at most threads
// goroutines (0 or less: runtime.GOMAXPROCS), and returns when all are
// done. Jobs are handed out in order as goroutines come free; w, from 0 to
// threads-1, names the goroutine, so that do can keep scratch space per
// goroutine. Results must not depend on which goroutine runs a job.
func Each(n, threads int, do func(w, i int)) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range min(threads, n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(w, i)
			}
		})
	}
	wg.Wait()
}

// Threads returns the goroutines Each runs for threads: threads, or
// runtime.GOMAXPROCS when threads is 0 or less.
func Threads(threads int) int {
	if threads <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return threads
}
