package solver

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestMaxByBoxesChoosing checks, for the plain Go kernel and the one
// this CPU runs, that the boxes taken roll by roll leave every roll's
// value and choice to the bits that the plain Go step gives taking them
// one after another from rows of -Inf, on totals with many exact ties,
// with few and with lanes of -Inf, for one to 15 boxes, whatever the
// rows held before.
func TestMaxByBoxesChoosing(t *testing.T) {
	kernels := map[string]func(*LaneRolls, []LevelBox, *LaneRolls){"go": boxesChoosingGo, "active": activeBoxesChoosing}
	rng := rand.New(rand.NewPCG(13, 14))
	for name, kernel := range kernels {
		for _, spread := range []int{3, 1_000_000} {
			for _, n := range []int{1, 2, 7, 15} {
				boxes := randomBoxes(rng, n, spread, true)
				for c := range boxes {
					// Boxes by a number of their own, not their place.
					boxes[c].Box = float64(3*c + 1)
				}
				var got, want, gotChoice, wantChoice LaneRolls
				for r := range got {
					for j := range Lanes {
						got[r][j], gotChoice[r][j] = float64(rng.IntN(spread)), float64(rng.IntN(100))
						want[r][j], wantChoice[r][j] = math.Inf(-1), boxes[0].Box
					}
				}
				kernel(&got, boxes, &gotChoice)
				for _, b := range boxes {
					levelChoicesGo(&want, b.Level, b.Totals, &wantChoice, b.Box)
				}
				for r := range got {
					for j := range Lanes {
						if math.Float64bits(got[r][j]) != math.Float64bits(want[r][j]) || gotChoice[r][j] != wantChoice[r][j] {
							t.Fatalf("%s kernel, spread %d, %d boxes, roll %d, lane %d: %v from box %v, want %v from box %v",
								name, spread, n, r, j, got[r][j], gotChoice[r][j], want[r][j], wantChoice[r][j])
						}
					}
				}
			}
		}
	}
}

// randomBoxes returns n boxes numbered by their place, each roll's level
// at random and each level's totals whole numbers below spread; closed
// makes a quarter of the totals, and every total of the last lane, -Inf
// (boxes closed in a lane).
func randomBoxes(rng *rand.Rand, n, spread int, closed bool) []LevelBox {
	levels := make([][engine.NumRolls]uint8, n)
	totals := make([]LaneLevels, n)
	boxes := make([]LevelBox, n)
	for c := range boxes {
		for r := range engine.NumRolls {
			levels[c][r] = uint8(rng.IntN(Levels))
		}
		for l := range Levels {
			for j := range Lanes {
				totals[c][l][j] = float64(rng.IntN(spread))
				if closed && (j == Lanes-1 || rng.IntN(4) == 0) {
					totals[c][l][j] = math.Inf(-1)
				}
			}
		}
		boxes[c] = LevelBox{Level: &levels[c], Totals: &totals[c], Box: float64(c)}
	}
	return boxes
}
