package web

import (
	"os"

	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/tables"
	"dicepoker/target"
)

// A build's figures (its file's size and its peak memory) are those
// that the command line announces before a first use: kind.Kind.Table,
// target.TableCost and school.FitCost, measured on this program's games.
// A table read from its file takes the file's size.

const (
	// estimateBytes is what a school estimate takes beside its file:
	// the kernel, the endgame and the drift of its advisor (not measured
	// on its own: a bound for the budget).
	estimateBytes = 64 << 20
)

// need is what opening a table takes: hold, its size in memory once
// open, and peak, the most while it is opened; build says it is solved
// (no file), which is expensive work.
type need struct {
	hold, peak int64
	build      bool
}

// fileNeed returns the need of a table at path in the tables directory
// dir: read when there, else built as c says.
func fileNeed(dir, path string, c cost.Cost) need {
	if fi, err := os.Stat(path); dir != "" && err == nil && fi.Mode().IsRegular() {
		return need{hold: fi.Size(), peak: fi.Size()}
	}
	return need{hold: c.Disk, peak: max(c.Memory, c.Disk), build: true}
}

// tableNeed is the need of g's own table (kind.Kind.Table): read from
// the tables directory dir, else built; school's estimate as
// estimateNeed says.
func tableNeed(dir string, g *engine.Game) need {
	k := kind.Of(g)
	if !k.Exact() {
		return estimateNeed(dir, g)
	}
	b := k.Table()
	return fileNeed(dir, b.Path(dir), b.Cost(JobThreads()))
}

// namedNeed is the need of school game g's strategy called name
// (advice.Opener.Named): the race's is its estimate's and its race
// timing's, measured when its file is missing; the others' at most
// tableNeed's.
func namedNeed(dir string, g *engine.Game, name string) need {
	if name != "race" {
		return tableNeed(dir, g)
	}
	e := estimateNeed(dir, g)
	t := fileNeed(dir, school.TimingPath(dir, g), school.TimingCost(g, JobThreads()))
	return need{hold: e.hold + t.hold, peak: e.peak + t.peak, build: e.build || t.build}
}

// estimateNeed is the need of school game g's estimate, read from the
// tables directory or from inside the program where one ships for g's
// rules, else fitted; its advisor holds more beside it.
func estimateNeed(dir string, g *engine.Game) need {
	c := school.FitCost(g, school.DefaultFit(g, nil, JobThreads()))
	n := fileNeed(dir, school.EstimatePath(dir, g), c)
	if n.build && school.Ships(g) {
		n = need{hold: c.Disk, peak: c.Disk}
	}
	n.hold += estimateBytes
	n.peak += estimateBytes
	return n
}

// targetsNeed is the need of single-sheet game g's every-target table.
func targetsNeed(dir string, g *engine.Game) need {
	return fileNeed(dir, target.TablePath(dir, g), target.TableCost(g, JobThreads()))
}

// opponentsNeed is the most that ranking single-sheet game g's actions
// against opponents takes (target.OpponentsMemory).
func opponentsNeed(g *engine.Game) int64 { return target.OpponentsMemory(g) }

// tablesDir is the tables directory the source reads, "" where none is
// set or found: its files' needs are then those of builds.
func tablesDir() string {
	dir, err := tables.DefaultDir()
	if err != nil {
		return ""
	}
	return dir
}
