package web

import (
	"os"

	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/tables"
	"dicepoker/target"
)

// A build's figures (its file's size and its peak memory) are those
// that the command line announces before a first use: kind.Kind.Table,
// target.TableCost and school.FitCost, measured on this program's games.
// A table read from its file takes the file's size.
//
// Ranking for opponents from a new game takes, by state of the layout
// (the most resident memory of advise --opponent, /usr/bin/time -v, less
// the program's own 19 MB): 360 bytes for poker-dice (46 MB), 1,200 for
// yatzy (2.5 GB) and 2,200 for yahtzee (2.28 GB), whatever the number of
// opponents, whose distributions are solved one after another; swedish
// is counted at yahtzee's.
var opponentBytes = map[string]int64{"poker-dice": 400, "yatzy": 1250}

const (
	otherOpponentBytes = 2400
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
// the tables directory dir, else built, or for an estimate taken from
// inside the program where one ships for g's rules; an estimate's player
// holds more beside it.
func tableNeed(dir string, g *engine.Game) need {
	k := kind.Of(g)
	b := k.Table()
	c := b.Cost(JobThreads())
	n := fileNeed(dir, b.Path(dir), c)
	if k.Exact() {
		return n
	}
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
// against opponents takes.
func opponentsNeed(g *engine.Game) int64 {
	per, ok := opponentBytes[g.Name]
	if !ok {
		per = otherOpponentBytes
	}
	return per * int64(solver.NewLayout(g).Size())
}

// tablesDir is the tables directory the source reads, "" where none is
// set or found: its files' needs are then those of builds.
func tablesDir() string {
	dir, err := tables.DefaultDir()
	if err != nil {
		return ""
	}
	return dir
}
