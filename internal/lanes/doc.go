// Package lanes holds the vector kernels of the solvers: the passes of a
// turn over the 462 keeps, taken for eight states (or needs) side by side
// in lanes, so that every step reads and writes the same keeps in each
// lane and one index serves all eight.
//
// On amd64 with AVX each step is two vector instructions (lanes_amd64.s),
// one with AVX-512 (the Z-register kernels, and the sixteen-lane Wide
// ones); on arm64 the keep passes are four Advanced SIMD ones
// (lanes_arm64.s); plain Go elsewhere, or with the purego build tag. Each
// assembly file stands beside its plain Go twin, and the tests hold every
// kernel this CPU runs to its twin, bit for bit: the values are the same
// bits either way.
//
// The kinds of lanes: LaneKeeps and LaneRolls hold float64 values of one
// objective (package solver's expected values); LaneTurn, NearTurn and
// Finals carry two objectives at once, the second chosen among the
// choices near the best of the first (package target); WideTurn and
// WideStage hold sixteen float32 lanes for AVX-512; LevelBox and the
// choosing steps follow the dice through a turn (packages policy and
// scores). Kernels are the steps package solver's turns take, on the
// fastest kernels this CPU runs or, to time them, on plain Go.
package lanes
