package target

import (
	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/internal/statespace"
)

// measured are what SolveTable took for games with their default rules,
// on cost.Rated cores (see package cost): yahtzee 286 s of the cores'
// time (17.5 min on a machine so busy that it had a quarter of them),
// 2.45 GB resident and an 886 MB file; yatzy 57.7 s on two quiet cores,
// 2.45 GB and 835 MB; poker-dice 3.6 s of the cores' time, 89 MB and
// 14.8 MB. They are to be measured again whenever the solve or the
// table's format changes.
var measured = map[string]cost.Cost{
	"yahtzee":    {Seconds: 143, Disk: 886e6, Memory: 2.45e9},
	"yatzy":      {Seconds: 58, Disk: 835e6, Memory: 2.45e9},
	"poker-dice": {Seconds: 1.8, Disk: 14.8e6, Memory: 89e6},
}

// TableCost returns what SolveTable(g) on threads goroutines takes, with
// the table's file: as measured for g's game (its rules change them
// little), else yatzy's scaled by the entries of the game's strategy table
// (statespace.Layout).
func TableCost(g *engine.Game, threads int) cost.Cost {
	c, ok := measured[g.Name]
	if !ok {
		y, _ := engine.New("yatzy", engine.Options{})
		scale := float64(statespace.NewLayout(g).Size()) / float64(statespace.NewLayout(y).Size())
		c = measured["yatzy"]
		c = cost.Cost{Seconds: c.Seconds * scale, Disk: int64(float64(c.Disk) * scale), Memory: int64(float64(c.Memory) * scale)}
	}
	c.Seconds = cost.Spread(c.Seconds, threads)
	return c
}
