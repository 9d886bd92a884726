//go:build !purego

package lanes

import "golang.org/x/sys/cpu"

//go:noescape
func boxesChoosingAVX(r *LaneRolls, boxes []LevelBox, choice *LaneRolls)

// activeBoxesChoosing is MaxByBoxesChoosing's kernel, in AVX where the
// CPU has it: for each roll, for each box, a compare and a blend beside
// MaxByLevel's maximum, on the roll's row and choice in registers; they
// agree with levelChoicesGo's branches on values that are not -0.
var activeBoxesChoosing = func() func(*LaneRolls, []LevelBox, *LaneRolls) {
	if cpu.X86.HasAVX {
		return boxesChoosingAVX
	}
	return boxesChoosingGo
}()
