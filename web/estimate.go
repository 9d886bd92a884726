package web

import (
	"os"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// The memory a job takes, measured as the most resident memory of the
// command that does the same work (/usr/bin/time -v) less the program's
// own (19 MB) on this program's games:
//
//   - a build's peak is at most 5 times the table it makes: 70 MB for
//     poker-dice's every-target table of 14.8 MB, 155 MB for one-column
//     school's exact table of 32.8 MB, 17 MB for yahtzee's strategy table
//     of 4.2 MB, 2.45 GB for yahtzee's and yatzy's every-target tables of
//     886 and 835 MB;
//   - an every-target table takes, by state of the game's layout, 113
//     bytes for poker-dice, 845 for yahtzee, 400 for yatzy and 101 to 127
//     for swedish (its upper-bonus thresholds);
//   - ranking for opponents from a new game takes, by state of the
//     layout, 360 bytes for poker-dice (46 MB), 1,200 for yatzy (2.5 GB)
//     and 2,200 for yahtzee (2.28 GB), whatever the number of
//     opponents, whose distributions are solved one after another;
//     swedish is counted at yahtzee's.
//
// A table read from its file takes the file's size.
const buildPeak = 5

var (
	targetBytes   = map[string]int64{"poker-dice": 113, "yahtzee": 845, "yatzy": 400, "swedish": 127}
	opponentBytes = map[string]int64{"poker-dice": 400, "yatzy": 1250}
)

const (
	otherTargetBytes   = 845
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
// dir, read when there and built else to hold bytes.
func fileNeed(dir, path string, hold int64) need {
	if fi, err := os.Stat(path); dir != "" && err == nil && fi.Mode().IsRegular() {
		return need{hold: fi.Size(), peak: fi.Size()}
	}
	return need{hold: hold, peak: buildPeak * hold, build: true}
}

// tableNeed is the need of single-sheet game g's strategy table.
func tableNeed(dir string, g *engine.Game) need {
	return fileNeed(dir, strategy.Path(dir, g), 4*int64(solver.NewLayout(g).Size()))
}

// targetsNeed is the need of single-sheet game g's every-target table.
func targetsNeed(dir string, g *engine.Game) need {
	per, ok := targetBytes[g.Name]
	if !ok {
		per = otherTargetBytes
	}
	return fileNeed(dir, target.TablePath(dir, g), per*int64(solver.NewLayout(g).Size()))
}

// schoolNeed is the need of school game g's default strategy: the exact
// table with one column, else the estimate.
func schoolNeed(dir string, g *engine.Game) need {
	if g.Columns == 1 {
		size := int64(1 << 25)
		if l, err := school.NewLayout(g); err == nil {
			size = 4 * int64(l.Size())
		}
		return fileNeed(dir, strategy.Path(dir, g), size)
	}
	n := fileNeed(dir, school.EstimatePath(dir, g), 1<<20)
	n.hold += estimateBytes
	n.peak += estimateBytes
	return n
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
