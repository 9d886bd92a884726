//go:build !amd64 || purego

package lanes

// The kernels of Spread, BestKeepsChoosing, FirstBest, MoveToChoices,
// AddToRows and Choose: plain Go where there is no assembly for the architecture,
// or the purego build tag asks for none.
var (
	activeSpread      = spreadGo
	activeBestChoices = bestChoicesGo
	activeFirstBest   = firstBestGo
	activeMove        = moveGo
	activeAddToRows   = addToRowsGo
	activeChoose      = chooseGo
)
