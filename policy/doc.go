// Package policy turns values of the states between turns into a way of
// playing: for a state, the keep for each roll with rerolls left and the
// box for each final roll, and the distribution of the ways its turn ends.
//
// A Policy is built from a value function (solver.Values). With the
// optimal values of a strategy table it plays as the advisor advises: it
// takes the action solver.Turn.Actions ranks first, ties broken the same
// way. With every value 0 it is the greedy baseline (see Greedy). A
// state's decisions come from the solver's within-turn kernel, run for
// up to lanes.Lanes states at once (Batch); each decision is taken from
// the values when first asked for. Turn keeps every decision of each
// state it is asked for; a simulation plans batches instead, as it meets
// each state in one turn only.
//
// A game of six dice (engine.Cup) plays through the same types: its
// turns are valued in the solver's keep passes of its cup
// (lanes.CupPasses), each final roll's box taken as it is valued and each
// keep searched on first use.
package policy
