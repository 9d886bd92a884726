//go:build !purego

package solver

import "golang.org/x/sys/cpu"

//go:noescape
func choicesAVX(c *LaneKeeps, v *LaneTurn, best *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func spreadAVX(v *LaneKeeps, rows []laneRow, parents int)

// The kernels of Choices and Spread, in AVX where the CPU has it.
// Choices' takes for each parent a compare, an AND with the parent's
// choice and a maximum, which agree with choicesGo's branches for
// choices of +0 or more; Spread's adds, multiplies and adds as Go does
// on amd64, each step rounded.
var (
	activeChoices = func() func(c *LaneKeeps, v *LaneTurn, best *LaneKeeps) {
		if cpu.X86.HasAVX {
			return func(c *LaneKeeps, v *LaneTurn, best *LaneKeeps) {
				for _, g := range maxGroups {
					choicesAVX(c, v, best, g.rows, g.parents)
				}
			}
		}
		return choicesGo
	}()
	activeSpread = func() func(*LaneKeeps) {
		if cpu.X86.HasAVX {
			return func(v *LaneKeeps) {
				for _, g := range maxGroups {
					spreadAVX(v, g.rows, g.parents)
				}
			}
		}
		return spreadGo
	}()
)
