// Package solver computes the expected-value-optimal strategy of a
// single-sheet dice-poker game by dynamic programming.
//
// The value of a state between turns (filled boxes, capped upper total,
// five-alike box) is the optimal expected sum of all future points, bonuses
// included. States are solved backwards, one layer of equally many filled
// boxes at a time, the states of a layer in parallel. Within a turn the
// computation is the same for every game (see Turn): the value of scoring
// each final roll, then, for each earlier roll, the values of the 462 keeps,
// computed one die at a time, and each roll's best keep.
//
// The solver plays the turns of eight states side by side: every step
// reads and writes the same keeps in each state, so one index serves all
// eight, and the steps run as vector instructions where the CPU has them
// (see Kernel; the kernels live in package dicepoker/internal/lanes);
// plain Go elsewhere, or with the purego build tag. The values are the
// same bits either way. States whose upper totals earn the bonus in the
// same futures share one turn (dicepoker/internal/statespace).
package solver
