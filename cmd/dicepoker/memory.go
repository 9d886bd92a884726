package main

import (
	"os"
	"runtime/debug"

	"github.com/spf13/pflag"

	"dicepoker/engine"
	"dicepoker/internal/memory"
	"dicepoker/kind"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
	"dicepoker/web"
)

// The --memory flag of the commands whose work may be heavy: before the
// work starts, what it will need (the cost models of target, kind,
// school and scores) is held against the limit given, else against what
// the machine has free, and work that does not fit is refused in one
// line with status 1 instead of growing until the kernel kills it.

// addMemoryFlag registers --memory on fs.
func addMemoryFlag(fs *pflag.FlagSet) *string {
	return fs.String("memory", "", "the most memory the long work may take, such as 2GB (default: what the machine has free); work that needs more is refused before it starts")
}

// memoryLimit returns --memory's bytes, 0 when it is not given, or a
// usage error for a size that serve --memory would refuse.
func memoryLimit(fs *pflag.FlagSet, value string) (int64, error) {
	if !fs.Changed("memory") {
		return 0, nil
	}
	n, err := memory.Parse(value)
	if err != nil {
		return 0, usagef("--%v", err)
	}
	if n < web.MinMemory {
		return 0, usagef("--memory %s: want %d MB or more", engine.Quote(value), web.MinMemory>>20)
	}
	return n, nil
}

// tableNeed is the memory of opening a table at path in the tables
// directory: while built (build, the peak of its solve) where its file
// is missing, and once open (hold: the file's size, or the build's).
type tableNeed struct{ build, hold int64 }

// fileNeed returns the need of the table at path, built at cost peak
// bytes and holding disk bytes when its file is missing.
func fileNeed(path string, peak, disk int64) tableNeed {
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		return tableNeed{hold: fi.Size()}
	}
	return tableNeed{build: peak, hold: disk}
}

// targetTablesNeed returns what opening single-sheet game g's strategy
// table and every-target table takes, solved with threads goroutines
// where their files are missing.
func targetTablesNeed(g *engine.Game, threads int) tableNeed {
	dir, err := tables.DefaultDir()
	if err != nil {
		dir = ""
	}
	s := kind.Of(g).Table().Cost(threads)
	t := target.TableCost(g, threads)
	st := fileNeed(strategy.Path(dir, g), s.Memory, s.Disk)
	tt := fileNeed(target.TablePath(dir, g), t.Memory, t.Disk)
	return tableNeed{build: max(st.build, st.hold+tt.build), hold: st.hold + tt.hold}
}

// checkMemory returns a *memory.TooMuch error where work described by
// what does not fit limit (0: none) or what the machine has free: the
// tables built and opened as need says, then work bytes beside them.
func checkMemory(what string, need tableNeed, work, limit int64) error {
	return fits(what, max(need.build, need.hold+work), limit)
}

// fits returns a *memory.TooMuch error where work described by what,
// needing need bytes, does not fit limit (0: none) or what the machine
// has free. Work that fits a limit given runs with it as the Go
// runtime's soft limit, so that the collector works to keep the process
// under it.
func fits(what string, need, limit int64) error {
	if err := memory.Check(what, need, limit); err != nil {
		return err
	}
	if limit > 0 {
		debug.SetMemoryLimit(limit)
	}
	return nil
}

// checkAim checks, before advise --target or --opponent opens the tables
// and ranks, that its work fits limit (--memory; 0: none) or what the
// machine has free: the every-target table and, against opponents, their
// ranking.
func checkAim(fs *pflag.FlagSet, g *engine.Game, limit int64) error {
	what, work := "advice for a target", int64(0)
	if fs.Changed("opponent") {
		what, work = "advice against opponents", target.OpponentsMemory(g)
	}
	return checkMemory(what+" in "+strategy.Describe(g), targetTablesNeed(g, 0), work, limit)
}
