// Package seats plays single-sheet games of several players, one
// strategy a seat: optimal (the most points on average), greedy, win
// (finish ahead of the others) or target:T (reach a total), and sums up
// each strategy's totals and wins.
//
// Games come in blocks that seat every strategy everywhere with the same
// dice (common random numbers), so that small differences in win rate
// show: two strategies that play alike win exactly half each.
package seats
