//go:build !purego

package lanes

import "golang.org/x/sys/cpu"

//go:noescape
func spreadAVX(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func bestChoicesAVX(v, c *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func firstBestAVX(v, f *LaneKeeps, rows []laneRow, parents int, rolls bool)

//go:noescape
func moveAVX(v *LaneKeeps, choice *LaneRolls)

//go:noescape
func addToRowsAVX(r *LaneRolls, rows [][Lanes]float64, at *LaneRolls)

//go:noescape
func chooseAVX(to, a, b, x, y *LaneRolls)

// The kernels of BestKeepsChoosing and Spread, in AVX where the CPU has
// it. BestKeepsChoosing's takes each row's maximum as maxLanesAVX does,
// then for each parent a compare, an AND with the parent's choice and a
// maximum, which agree with choicesGo's branches for choices of +0 or
// more; Spread's adds, multiplies and adds as Go does on amd64, each
// step rounded.
var (
	activeBestChoices = func() func(v, c *LaneKeeps) {
		if cpu.X86.HasAVX {
			return func(v, c *LaneKeeps) {
				for _, g := range maxGroups {
					bestChoicesAVX(v, c, g.rows, g.parents)
				}
			}
		}
		return bestChoicesGo
	}()
	// FirstBest's takes a roll's best as maxLanesAVX does, then for each
	// parent a compare, a blend of the parent's first with noKeep and a
	// minimum, which agree with firstBestGo's branches.
	activeFirstBest = func() func(v, f *LaneKeeps) {
		if cpu.X86.HasAVX {
			return func(v, f *LaneKeeps) {
				for i, g := range maxGroups {
					firstBestAVX(v, f, g.rows, g.parents, i >= rollGroups)
				}
			}
		}
		return firstBestGo
	}()
	// MoveToChoices' converts eight choices to row offsets at once and
	// moves the lanes one by one, each add rounded as Go's.
	activeMove = func() func(*LaneKeeps, *LaneRolls) {
		if cpu.X86.HasAVX {
			return moveAVX
		}
		return moveGo
	}()
	// AddToRows' the same, its rows clamped to those there are.
	activeAddToRows = func() func(*LaneRolls, [][Lanes]float64, *LaneRolls) {
		if cpu.X86.HasAVX {
			return addToRowsAVX
		}
		return addToRowsGo
	}()
	// Choose's compares four lanes at once and blends x's with y's.
	activeChoose = func() func(to, a, b, x, y *LaneRolls) {
		if cpu.X86.HasAVX {
			return chooseAVX
		}
		return chooseGo
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
