//go:build !purego

package solver

import "golang.org/x/sys/cpu"

//go:noescape
func boxesChoosingAVX(r *LaneRolls, boxes []LevelBox, choice *LaneRolls)

// activeBoxesChoosing is MaxByBoxesChoosing's kernel, in AVX where the
// CPU has it: for each roll, for each box, MaxByLevelChoosing's compare,
// blend and maximum on the roll's row and choice in registers.
var activeBoxesChoosing = func() func(*LaneRolls, []LevelBox, *LaneRolls) {
	if cpu.X86.HasAVX {
		return boxesChoosingAVX
	}
	return boxesChoosingGo
}()
