package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress returns a progress callback counting states, drawn on stderr.
func progress(what string) func(done, total int) { return progressIn(what, "states") }

// onTerminal reports whether stderr is a terminal: scripts and logs get
// no progress bars.
func onTerminal() bool { return isTerminal(os.Stderr) }

// isTerminal reports whether w, an output run was given, is a terminal
// (not a file, a pipe or a device such as /dev/null).
func isTerminal(w io.Writer) bool {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newBar returns a bar on stderr counting total in unit, with the time
// spent and the time left at the rate so far.
func newBar(what, unit string, total int) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionShowIts(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(0),
	)
}

// progressIn returns a progress callback that draws a bar on stderr
// counting in unit ("states", "games"), or nil when stderr is not a
// terminal.
func progressIn(what, unit string) func(done, total int) {
	if !onTerminal() {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = newBar(what, unit, total)
		}
		_ = bar.Set(done)
		if done >= total {
			_ = bar.Finish()
		}
	}
}

// tickSteps is the resolution of a ticking bar: per mille.
const tickSteps = 1000

// ticking starts a bar for work expected to take about seconds that
// reports only now and then (a fit, round by round), as the share of it
// done by time; it returns the callback that reports, or nil when stderr
// is not a terminal. The bar is redrawn every second with the time spent
// and the time left: the expected time less the time spent until the
// first report, then the time spent times the share left over the share
// done. It shows no rate: its steps are shares of the time, not things
// counted, and the library's rolling rate, fed a zero at each redraw
// between reports, fell to "0 rounds/hr".
func ticking(what string, seconds float64) func(share float64) {
	if !onTerminal() {
		return nil
	}
	bar := progressbar.NewOptions(tickSteps,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(0),
	)
	start := time.Now()
	var mu sync.Mutex
	done := 0.0
	draw := func() {
		spent := time.Since(start)
		bar.Describe(what + " (" + timeLeft(spent, seconds, done) + ")")
		_ = bar.Set(int(done * tickSteps))
	}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
				mu.Lock()
				draw()
				mu.Unlock()
			}
		}
	}()
	return func(share float64) {
		mu.Lock()
		defer mu.Unlock()
		done = min(max(share, 0), 1)
		draw()
		if done >= 1 {
			close(stop)
			_ = bar.Finish()
		}
	}
}

// timeLeft says the time spent and left of work expected to take about
// seconds, done of it done by time: "1m05s spent, about 4m20s left".
func timeLeft(spent time.Duration, seconds, done float64) string {
	said := spent.Round(time.Second).String() + " spent, "
	left := time.Duration(seconds*float64(time.Second)) - spent
	switch {
	case done > 0:
		left = time.Duration(float64(spent) * (1 - done) / done)
	case left < time.Second:
		return said + "longer than expected"
	}
	if left < time.Second {
		return said + "nearly done"
	}
	return said + "about " + left.Round(time.Second).String() + " left"
}

// turnProgress returns a scores.Options.TurnProgress callback that draws
// a bar on stderr for the states of the turn being carried forward,
// "carrying school forward, turn 7 of 15", whose time left is that
// turn's: a turn's states are known only once it starts, and the middle
// turns hold the most. nil when stderr is not a terminal.
func turnProgress(what string) func(turn, turns, done, states int) {
	if !onTerminal() {
		return nil
	}
	var bar *progressbar.ProgressBar
	current := 0
	return func(turn, turns, done, states int) {
		if turn != current {
			current = turn
			bar = newBar(fmt.Sprintf("%s, turn %d of %d", what, turn, turns), "states", states)
		}
		_ = bar.Set(done)
		if done >= states {
			_ = bar.Finish()
		}
	}
}

// memoryNotice says on stderr, before work that needs bytes of memory,
// how much it needs, when that is 1 GB or more.
func memoryNotice(what string, bytes float64) {
	if bytes >= 1e9 {
		notice(fmt.Sprintf("%s needs about %.1f GB of memory", what, bytes/1e9))
	}
}
