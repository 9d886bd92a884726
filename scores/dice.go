package scores

import (
	"math/bits"
	"math/rand/v2"
	"sync"

	"dicepoker/engine"
)

// The draw tables roll the dice a keep leaves: for keep k with m dice to
// roll, each number u below 6^m stands for one sequence of m dice (its
// base-6 digits), and drawRoll[drawStart[k]+u] is the roll the keep
// becomes with them. A uniform u is a fair roll of the m dice. They are
// made on first use (drawsOnce), not at start-up: every command pays for
// a package's init, and only simulation rolls.
var (
	drawStart [engine.NumKeeps]int
	drawSpan  [engine.NumKeeps]uint64 // 6^m
	drawRoll  []uint8
	drawsOnce sync.Once
)

func makeDraws() {
	for k := range engine.NumKeeps {
		drawStart[k] = len(drawRoll)
		drawSpan[k] = 1
		for range engine.Dice - engine.KeepSize(k) {
			drawSpan[k] *= engine.Faces
		}
		for u := range drawSpan[k] {
			roll := engine.Keep(k)
			for x := u; roll.Size() < engine.Dice; x /= engine.Faces {
				roll[x%engine.Faces]++
			}
			drawRoll = append(drawRoll, uint8(engine.RollIndex(roll)))
		}
	}
}

// roll returns the roll that keep k (fewer than five dice) becomes when
// the other dice are rolled, once drawsOnce has made the tables. Its u is uniform below 6^m by the same
// multiply-and-reject that math/rand/v2's Uint64N does on 64-bit
// machines, so the games are those a rand.Rand over the generator
// played, on every machine.
func roll(pcg *rand.PCG, k int) int {
	n := drawSpan[k]
	u, lo := bits.Mul64(pcg.Uint64(), n)
	if lo < n {
		for thresh := -n % n; lo < thresh; {
			u, lo = bits.Mul64(pcg.Uint64(), n)
		}
	}
	return int(drawRoll[drawStart[k]+int(u)])
}
