// Package school plays the school game (seed 000): the within-turn search
// with fresh-roll doubling, the exact solver for a one-column sheet, and
// the estimate-based player for the full sheet.
//
// A turn is the same computation as for the single-sheet games (see
// package solver) with one more fact per roll: whether the dice came from a
// roll of all five, which doubles the combination rows. Keeping nothing
// rolls all five again, fresh; keeping some but not all gives dice that are
// not fresh; keeping all five is scoring now.
//
// The value of a sheet between turns is the expected sum of what is still
// to come: cells, bonuses and changes of the reserve. With one column it is
// exact (Solve); with more it is the estimate of Estimate.
package school
