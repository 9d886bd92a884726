// Package cost says what building a table takes, before it starts: the
// time, the disk its file fills and the memory at its peak. The figures
// come from the work's size (states, games) times rates measured on a
// 2-core AMD EPYC machine (see Rated), by the time the cores spent, so
// that they hold for cores of the build's own; they scale with the cores
// a build runs on, and a machine busy with other work takes longer.
package cost

import (
	"fmt"
	"runtime"
)

// Cost is what building one table takes.
type Cost struct {
	Seconds float64 // wall time on the cores it runs on
	Disk    int64   // bytes of the file it writes
	Memory  int64   // bytes of memory at its peak
}

// Rated is the number of cores the rates of this program's costs were
// measured with.
const Rated = 2

// Cores returns the cores work on threads goroutines runs on: threads (0:
// runtime.GOMAXPROCS), at most the machine's.
func Cores(threads int) int {
	n := runtime.GOMAXPROCS(0)
	if threads > 0 {
		n = min(threads, n)
	}
	return max(n, 1)
}

// Spread returns the wall time of work that took seconds on Rated cores,
// on the cores of threads goroutines (see Cores): work that splits
// evenly between them.
func Spread(seconds float64, threads int) float64 {
	return seconds * Rated / float64(Cores(threads))
}

// Plus returns the cost of building c and then d: their times and disk
// added, the larger memory (one build at a time).
func (c Cost) Plus(d Cost) Cost {
	return Cost{Seconds: c.Seconds + d.Seconds, Disk: c.Disk + d.Disk, Memory: max(c.Memory, d.Memory)}
}

// String says c as a notice does: "about 55 s, 33 MB on disk, 180 MB of
// memory".
func (c Cost) String() string {
	return fmt.Sprintf("%s, %s on disk, %s of memory", Duration(c.Seconds), Bytes(c.Disk), Bytes(c.Memory))
}

// Duration says a time as a rough figure: "under a second", "about 8 s",
// "about 12 min", "about 1 h 20 min".
func Duration(seconds float64) string {
	switch s := int64(seconds + 0.5); {
	case seconds < 1:
		return "under a second"
	case s < 100:
		return fmt.Sprintf("about %d s", s)
	case s < 3600:
		return fmt.Sprintf("about %d min", (s+30)/60)
	default:
		m := (s + 30) / 60
		return fmt.Sprintf("about %d h %d min", m/60, m%60)
	}
}

// Bytes says a size in the decimal units of the disk: "327 KB", "33 MB",
// "2.5 GB".
func Bytes(n int64) string {
	x := float64(n)
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case x < 1e6:
		return fmt.Sprintf("%.0f KB", x/1e3)
	case x < 1e9:
		return fmt.Sprintf("%.0f MB", x/1e6)
	}
	return fmt.Sprintf("%.1f GB", x/1e9)
}
