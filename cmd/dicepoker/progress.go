package main

import (
	"os"

	"github.com/schollz/progressbar/v3"
)

// progress returns a progress callback counting states, drawn on stderr.
func progress(what string) func(done, total int) { return progressIn(what, "states") }

// progressIn returns a progress callback that draws a bar on stderr
// counting in unit ("states", "games"), or nil when stderr is not a
// terminal (scripts and logs get no bar).
func progressIn(what, unit string) func(done, total int) {
	if fi, err := os.Stderr.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(os.Stderr),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetItsString(unit),
				progressbar.OptionShowIts(),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(0),
			)
		}
		_ = bar.Set(done)
		if done >= total {
			_ = bar.Finish()
		}
	}
}
