package main

import (
	"runtime/debug"

	"github.com/spf13/pflag"

	"dicepoker/engine"
	"dicepoker/internal/memory"
	"dicepoker/kind"
	"dicepoker/strategy"
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

// targetTablesNeed returns what opening single-sheet game g's strategy
// table and every-target table takes, solved with threads goroutines
// where their files are missing: the every-target table is built with
// the strategy table open.
func (e env) targetTablesNeed(g *engine.Game, threads int) memory.Need {
	dir, err := e.opened("").TablesDir()
	if err != nil {
		dir = ""
	}
	k := kind.Of(g)
	st, tt := k.Table().Need(dir, threads), k.Targets().Need(dir, threads)
	return memory.Need{Hold: st.Hold + tt.Hold, Peak: max(st.Peak, st.Hold+tt.Peak), Build: st.Build || tt.Build}
}

// checkMemory returns a *memory.TooMuch error where work described by
// what does not fit limit (0: none) or what the machine has free: the
// tables built and opened as need says, then work bytes beside them.
func checkMemory(what string, need memory.Need, work, limit int64) error {
	return fits(what, max(need.Peak, need.Hold+work), limit)
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
func (e env) checkAim(fs *pflag.FlagSet, g *engine.Game, limit int64) error {
	what, work := "advice for a target", int64(0)
	if fs.Changed("opponent") {
		what, work = "advice against opponents", target.OpponentsMemory(g)
	}
	return checkMemory(what+" in "+strategy.Describe(g), e.targetTablesNeed(g, 0), work, limit)
}
