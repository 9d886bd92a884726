//go:build !amd64 || purego

package solver

// The kernels of Choices and MaxByLevelChoosing: plain Go where there is
// no assembly for the architecture, or the purego build tag asks for
// none.
var (
	activeChoices      = choicesGo
	activeLevelChoices = levelChoicesGo
)
