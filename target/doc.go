// Package target plays a single-sheet game to reach a target: the value
// of a state between turns is, for every number of points still needed,
// the best probability of scoring at least that many more, and beside it
// the expected points to come under the play that gets that probability,
// which breaks ties between equally likely ways.
//
// A state's turn is played eight needs at a time in the solver's lanes
// (lane.NearTurn), in float64 for the exact per-call solve (Solve), in
// float32 for the every-target table (Table) and its play: writing a
// final roll that scores t points, bonuses included, in a box leading to
// state s' with n points needed is worth the chance of s' at n-t and t
// plus its points to come; each final roll takes, of the boxes whose
// chance is near the largest (Near; Tolerance32 in float32), the one
// with the most points, and each keep chooses so between its own value
// and the choices of the keeps with one die fewer (BestKeepsNear). Needs
// of 0 or less are met (probability 1), needs beyond what a state can
// still score are out of reach (probability 0); in both every way of
// playing is as likely, and the expected score decides: the
// expected-value optimum.
//
// The same solve serves any worth of the final total that rises from 0 to
// 1: Beat values each total by the chance that it beats opponents playing
// for the expected score, and Chances reads every target up to a highest
// one from a single solve.
package target
