package school

import (
	"dicepoker/engine"
	"dicepoker/internal/cost"
)

// Rates of the work that builds school's tables, measured on cost.Rated
// cores (see package cost): a 2-core AMD EPYC, by the cores' time, since
// a fit of the estimate was running beside them.
const (
	// The exact solve of one column: 19.2 s of the cores' time for its
	// 8,200,192 states (so 9.6 s on two of its own; 10.4 s measured on a
	// quiet machine, docs/speed.md), and 178.5 MB resident at its peak.
	exactSecondsPerState = 9.6 / 8_200_192
	exactBytesPerState   = (178.5e6 - baseMemory) / 8_200_192
	// The race timing of three columns: 4.7 s of the cores' time for its
	// 4,000 games of 45 turns, 35 MB resident at its peak.
	timingSecondsPerTurn = 2.37 / (TimingGames * 45)
	timingMemory         = 35e6
	// baseMemory is what the program holds before a build starts.
	baseMemory = 16e6
)

// tableBytes returns the size of a table file of n values (its header
// being a few dozen bytes).
func tableBytes(n int) int64 { return 4*int64(n) + 100 }

// ExactCost returns what OpenExact's solve of one-column game g takes on
// threads goroutines (0: every core).
func ExactCost(g *engine.Game, threads int) cost.Cost {
	l, err := NewLayout(g)
	if err != nil {
		return cost.Cost{}
	}
	n := l.Size()
	return cost.Cost{
		Seconds: cost.Spread(exactSecondsPerState*float64(n), threads),
		Disk:    tableBytes(n),
		Memory:  int64(baseMemory + exactBytesPerState*float64(n)),
	}
}

// TimingCost returns what measuring g's race timing takes (OpenTiming) on
// threads goroutines (0: every core).
func TimingCost(g *engine.Game, threads int) cost.Cost {
	return cost.Cost{
		Seconds: cost.Spread(timingSecondsPerTurn*TimingGames*float64(g.Turns()), threads),
		Disk:    tableBytes(dimsOf(g).size()),
		Memory:  timingMemory,
	}
}

// Rates of a fit of the estimate (DefaultFit), by the turns its games
// play, measured on cost.Rated cores: the fits of two and three columns
// (40 rounds of 6,000 games of 30 or 45 turns, 20,000 games to calibrate,
// 2,000 to measure) took 640 and 1,121 s of the cores' time, so about 320
// and 560 s on two of their own, and 1.47 and 2.54 GB resident at their
// peak; the split between the phases is a short fit's of three columns.
// Four columns (60 turns) took 1,610 s and 3.87 GB, where these rates say
// 1,444 s and 3.4 GB.
const (
	fitRoundSecondsPerTurn     = 48e-6   // a round's games and least squares
	fitCalibrateSecondsPerTurn = 24.4e-6 // the calibration's games
	fitMeasureSecondsPerTurn   = 17.5e-6 // the games that measure the estimate
	fitBytesPerTurn            = 4700    // the samples of two rounds' games, and their layout for the least squares
)

// fitWork returns the seconds, on cost.Rated cores, of the phases of fit
// f of g: one round of its training, the calibration, and the games that
// measure the estimate.
func fitWork(g *engine.Game, f Fit) (round, calibrate, measure float64) {
	turns := float64(g.Turns())
	return fitRoundSecondsPerTurn * turns * float64(f.Train.Games),
		fitCalibrateSecondsPerTurn * turns * float64(f.Train.Calibrate),
		fitMeasureSecondsPerTurn * turns * float64(f.Games)
}

// FitCost returns what Build(g, f) takes and the file of the estimate it
// fits.
func FitCost(g *engine.Game, f Fit) cost.Cost {
	round, calibrate, measure := fitWork(g, f)
	e, err := NewEstimate(g, nil)
	if err != nil {
		return cost.Cost{}
	}
	return cost.Cost{
		Seconds: cost.Spread(round*float64(f.Train.Rounds)+calibrate+measure, f.Train.Threads),
		Disk:    tableBytes(e.Features()),
		Memory:  int64(baseMemory + fitBytesPerTurn*2*float64(f.Train.Games*g.Turns())),
	}
}
