package web

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxQueue is how many expensive jobs (a table's build, a ranking for
// opponents) wait for the one that runs; one more is answered 503.
const MaxQueue = 4

// queue runs the expensive jobs one at a time, in the order they come,
// MaxQueue at most waiting.
type queue struct {
	run     chan struct{} // holds a token while a job runs
	mu      sync.Mutex
	waiting int
	// active counts the jobs running or waiting, stopped those that
	// ended because their client left (their context done).
	active, stopped atomic.Int64
}

// JobThreads is the goroutines of an expensive job: all the processors
// but one, left to the cheap requests. A server's source solves its
// tables with as many (advice.Opener.Threads).
func JobThreads() int { return max(1, runtime.GOMAXPROCS(0)-1) }

func newQueue() *queue { return &queue{run: make(chan struct{}, 1)} }

// busyError says that the server cannot take the work now: the queue is
// full or the memory budget taken. Answered 503 with Retry-After.
type busyError struct{ msg string }

func (e *busyError) Error() string { return e.msg }

// tooBigError says that the work needs more memory than the whole
// budget. Answered 507: asking again does not help.
type tooBigError struct{ msg string }

func (e *tooBigError) Error() string { return e.msg }

// do runs job once every job before it is done, or returns a
// *busyError at once when MaxQueue jobs wait already, or ctx's error
// when ctx is done first (the client left while it waited).
func (q *queue) do(ctx context.Context, what string, job func() error) error {
	q.mu.Lock()
	if q.waiting >= MaxQueue {
		q.mu.Unlock()
		return &busyError{fmt.Sprintf("the server is busy with other long work (%d waiting): ask again for %s in a moment", MaxQueue, what)}
	}
	q.waiting++
	q.mu.Unlock()
	q.active.Add(1)
	defer q.active.Add(-1)
	var err error
	select {
	case q.run <- struct{}{}:
	case <-ctx.Done():
		err = ctx.Err()
	}
	q.mu.Lock()
	q.waiting--
	q.mu.Unlock()
	if err != nil {
		return err
	}
	defer func() { <-q.run }()
	if err := ctx.Err(); err != nil {
		return err
	}
	err = job()
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		q.stopped.Add(1)
	}
	return err
}
