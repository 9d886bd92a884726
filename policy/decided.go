package policy

import "dicepoker/engine"

// WriteNow is the decision, in Decided's keeps, to write the dice now
// rather than reroll.
const WriteNow = scoreNow

// Decided returns the turn of state s in game g with decisions made
// elsewhere, for objectives other than the expected score: boxes[r] is the
// box final roll r is written in, and keeps[j-1][r], with j rerolls left,
// is WriteNow or where roll r's keep stands among its distinct proper
// sub-multisets listed from the largest keep index down (keeping none
// included), the order in which solver.Turn.Actions lists them.
func Decided(g *engine.Game, s engine.State, boxes *[engine.NumRolls]uint8, keeps [][engine.NumRolls]uint8) *Turn {
	tablesOnce.Do(buildTables)
	t := &Turn{game: g, state: s}
	copy(t.decide[:engine.NumRolls], boxes[:])
	for j, k := range keeps {
		for r, d := range k {
			if d != WriteNow {
				d = uint8(subKeeps[int(subStart[r])+int(d)])
			}
			t.decide[(j+1)*engine.NumRolls+r] = d
		}
	}
	return t
}
