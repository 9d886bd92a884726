package main

import (
	"fmt"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress returns a progress callback counting states, drawn on stderr.
func progress(what string) func(done, total int) { return progressIn(what, "states") }

// onTerminal reports whether stderr is a terminal: scripts and logs get
// no progress bars.
func onTerminal() bool {
	fi, err := os.Stderr.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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

// ticking starts a bar for work of total steps in unit that reports only
// now and then (a fit's rounds), redrawn every second so that the time
// spent keeps counting between reports; it returns the callback that
// reports, or nil when stderr is not a terminal.
func ticking(what, unit string, total int) func(done int) {
	if !onTerminal() {
		return nil
	}
	bar := newBar(what, unit, total)
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
				_ = bar.Add(0)
			}
		}
	}()
	return func(done int) {
		_ = bar.Set(done)
		if done >= total {
			close(stop)
			_ = bar.Finish()
		}
	}
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
