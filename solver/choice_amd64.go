//go:build !purego

package solver

import "golang.org/x/sys/cpu"

//go:noescape
func choicesAVX(c *LaneKeeps, v *LaneTurn, best *LaneKeeps, rows []laneRow, parents int)

// activeChoices is Choices' kernel: in AVX where the CPU has it, a
// compare, an AND with the parent's choice and a maximum for each
// parent, which agree with choicesGo's branches for choices of +0 or
// more.
var activeChoices = func() func(c *LaneKeeps, v *LaneTurn, best *LaneKeeps) {
	if cpu.X86.HasAVX {
		return func(c *LaneKeeps, v *LaneTurn, best *LaneKeeps) {
			for _, g := range maxGroups {
				choicesAVX(c, v, best, g.rows, g.parents)
			}
		}
	}
	return choicesGo
}()
