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

// distributionBytes is the most resident memory Player.Distribution
// took from a new game, less its tables, by state of the game's layout
// (statespace.Layout), on a 2-core machine, carrying dense rows of
// totals: poker-dice for 35, 67 MB in all (15 MB of tables), with some room; yatzy for
// 201 held 1.23 GB in all (0.88 GB of tables read whole) through its
// first eight turns, and is counted with room for the busier middle
// turns; yahtzee, not measured again, as yatzy by state. Games not
// measured are counted at the largest. Before the dense rows: yahtzee
// 10.4 GB, yatzy past 20.7 GB.
var distributionBytes = map[string]int64{"yahtzee": 400, "yatzy": 400, "poker-dice": 500}

// DistributionMemory returns the most memory Player.Distribution takes
// for g from a new game, less the tables the player plays by.
func DistributionMemory(g *engine.Game) int64 {
	return perState(distributionBytes, g)
}

// opponentBytes is the most resident memory that ranking a new game's
// actions against opponents on new games took (advice.AdviseToWin, the
// program's own 19 MB left out), by state of the layout, whatever the
// number of opponents, whose distributions are solved one after another:
// poker-dice 46 MB, yatzy 2.5 GB, yahtzee 2.28 GB. Games not measured are
// counted at the larger.
var opponentBytes = map[string]int64{"poker-dice": 400, "yatzy": 1250, "yahtzee": 2400}

// OpponentsMemory returns the most memory that ranking g's actions
// against opponents takes, beside the tables.
func OpponentsMemory(g *engine.Game) int64 { return perState(opponentBytes, g) }

// perState returns bytes[g.Name] times the states of g's layout, the
// largest of bytes for a game not in it.
func perState(bytes map[string]int64, g *engine.Game) int64 {
	per, ok := bytes[g.Name]
	if !ok {
		for _, b := range bytes {
			per = max(per, b)
		}
	}
	return per * int64(statespace.NewLayout(g).Size())
}
