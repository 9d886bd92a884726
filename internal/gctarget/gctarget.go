// Package gctarget lowers the garbage collector's target for work that
// lets much of its memory go as it runs, so that the process stays near
// what it holds, and puts the target back once no such work runs. The
// setting is the whole process's: work that overlaps (a server's
// requests, tests side by side) shares it.
package gctarget

import (
	"runtime/debug"
	"sync"
)

var state struct {
	sync.Mutex
	runs   int // the work under way that tightened the target
	lowest int // the target set: the lowest asked for
	was    int // the target before the first
}

// Tighten sets the collector's target to percent of the live heap, or
// keeps a lower one that other work under way set, until restore is
// called; the target from before the first work comes back when the
// last one ends.
func Tighten(percent int) (restore func()) {
	state.Lock()
	defer state.Unlock()
	switch {
	case state.runs == 0:
		state.was, state.lowest = debug.SetGCPercent(percent), percent
	case percent < state.lowest:
		debug.SetGCPercent(percent)
		state.lowest = percent
	}
	state.runs++
	var once sync.Once
	return func() {
		once.Do(func() {
			state.Lock()
			defer state.Unlock()
			if state.runs--; state.runs == 0 {
				debug.SetGCPercent(state.was)
			}
		})
	}
}
