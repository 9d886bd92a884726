package web

import (
	"dicepoker/engine"
	"dicepoker/internal/memory"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/tables"
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

// tableNeed is the need of g's own table (kind.Kind.Table): read from
// the tables directory dir, else built; school's estimate as
// estimateNeed says.
func tableNeed(dir string, g *engine.Game) memory.Need {
	k := kind.Of(g)
	if !k.Exact() {
		return estimateNeed(dir, g)
	}
	return k.Table().Need(dir, JobThreads())
}

// namedNeed is the need of school game g's strategy called name
// (advice.Opener.Named): the race's is its estimate's and its race
// timing's, measured when its file is missing; the others' at most
// tableNeed's.
func namedNeed(dir string, g *engine.Game, name string) memory.Need {
	if name != "race" {
		return tableNeed(dir, g)
	}
	e := estimateNeed(dir, g)
	t := memory.FileNeed(dir, school.TimingPath(dir, g), school.TimingCost(g, JobThreads()))
	return memory.Need{Hold: e.Hold + t.Hold, Peak: e.Peak + t.Peak, Build: e.Build || t.Build}
}

// estimateNeed is the need of school game g's estimate, read from the
// tables directory or from inside the program where one ships for g's
// rules, else fitted; its advisor holds more beside it.
func estimateNeed(dir string, g *engine.Game) memory.Need {
	c := school.FitCost(g, school.DefaultFit(g, nil, JobThreads()))
	n := memory.FileNeed(dir, school.EstimatePath(dir, g), c)
	if n.Build && school.Ships(g) {
		n = memory.Need{Hold: c.Disk, Peak: c.Disk}
	}
	n.Hold += estimateBytes
	n.Peak += estimateBytes
	return n
}

// targetsNeed is the need of single-sheet game g's every-target table.
func targetsNeed(dir string, g *engine.Game) memory.Need {
	return kind.Of(g).Targets().Need(dir, JobThreads())
}

// tablesDir is the tables directory src reads (its TablesDir, as
// advice.Opener's, else tables.DefaultDir), "" where none is set or
// found: its files' needs are then those of builds.
func tablesDir(src Source) string {
	find := tables.DefaultDir
	if d, ok := src.(interface{ TablesDir() (string, error) }); ok {
		find = d.TablesDir
	}
	dir, err := find()
	if err != nil {
		return ""
	}
	return dir
}
