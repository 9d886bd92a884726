package kind

import (
	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/school"
	"dicepoker/scores"
	"dicepoker/solver"
	"dicepoker/target"
)

// Rates of the exact solve of a single sheet, by the entries of its table
// (solver.Layout), measured on cost.Rated cores (see package cost), by
// the cores' time: yahtzee's 1,048,576 entries in 0.56 s and 37.6 MB
// resident, yatzy's 2,097,152 in 1.24 s and 55.4 MB, swedish's 4,194,304
// in 2.32 s and 88.9 MB, poker-dice's 131,072 in 0.13 s and 22.1 MB.
const (
	sheetSecondsPerEntry = 0.3e-6
	sheetBytesPerEntry   = 20
	baseMemory           = 16e6 // what the program holds before a build starts
)

// SolveCost returns what Solve(g, out, threads) takes: the exact solve of
// a single sheet or of one-column school, else the fit of school's
// estimate.
func SolveCost(g *engine.Game, threads int) cost.Cost {
	switch g.Columns {
	case 0:
		n := solver.NewLayout(g).Size()
		return cost.Cost{
			Seconds: cost.Spread(sheetSecondsPerEntry*float64(n), threads),
			Disk:    4*int64(n) + 100,
			Memory:  int64(baseMemory + sheetBytesPerEntry*float64(n)),
		}
	case 1:
		return school.ExactCost(g, threads)
	}
	return school.FitCost(g, school.DefaultFit(g, nil, threads))
}

// DistributionMemory returns about the most memory p.Distribution takes,
// beside the tables p plays by: the exact distributions' as measured,
// and nothing of note for a sampled one.
func (p *Player) DistributionMemory() int64 {
	switch {
	case p.aimer != nil:
		return target.DistributionMemory(p.Game)
	case p.policy != nil:
		return scores.ExactMemory(p.Game)
	case p.school != nil && len(p.lineup) <= 1 && p.school.Name == "optimal":
		return schoolExactBytes
	}
	return 0
}
