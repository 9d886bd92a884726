//go:build !amd64 || purego

package solver

// The kernels of Choices, MaxByLevelChoosing and Spread: plain Go where there is
// no assembly for the architecture, or the purego build tag asks for
// none.
var (
	activeChoices      = choicesGo
	activeLevelChoices = levelChoicesGo
	activeSpread       = spreadGo
)
