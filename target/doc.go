// Package target plays a single-sheet game to reach a target: the value
// of a state between turns is, for every number of points still needed,
// the best probability of scoring at least that many more, and beside it
// the expected points to come under the play that gets that probability,
// which breaks ties between equally likely ways.
//
// A state's turn is the expected-value solver's turn (solver.LaneKeeps,
// KeepValues, BestKeeps) over other final-roll values: writing a roll
// that scores t points, bonuses included, in a box leading to state s'
// with n points needed is worth the chance of s' at n-t. The solver's
// eight lanes hold eight needs of one state. Needs of 0 or less are met
// (probability 1), needs beyond what a state can still score are out of
// reach (probability 0); in both every way of playing is as likely, and
// the expected score decides: the expected-value optimum.
//
// The same solve serves any worth of the final total that rises from 0 to
// 1: Beat values each total by the chance that it beats opponents playing
// for the expected score, and Chances reads every target up to a highest
// one from a single solve.
package target
