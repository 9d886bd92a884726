//go:build !amd64 || purego

package solver

// The kernels of Choices and Spread: plain Go where there is
// no assembly for the architecture, or the purego build tag asks for
// none.
var (
	activeChoices = choicesGo
	activeSpread  = spreadGo
)
