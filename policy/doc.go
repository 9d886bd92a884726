// Package policy turns values of the states between turns into a way of
// playing: for a state, the keep for each roll with rerolls left and the
// box for each final roll, and the distribution of the ways its turn ends.
//
// A Policy is built from a value function (solver.Values). With the
// optimal values of a strategy table it plays as the advisor advises: it
// takes the action solver.Turn.Actions ranks first, ties broken the same
// way. With every value 0 it is the greedy baseline (see Greedy). Each
// state's decisions are computed once, with the solver's within-turn
// kernel, and cached, so a simulation never recomputes a turn it has seen.
package policy
