package scores

import (
	"math/bits"
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

// stream is a game's generator of dice, SplitMix64: a state that steps
// by a fixed odd number, each output the state's hash. Eight bytes, where
// a PCG takes sixteen, so a game's record moves cheaply.
type stream uint64

// seeded returns the stream of game i of those seeded with seed.
func seeded(seed, i uint64) stream { return stream(mix(mix(i) ^ seed)) }

// next returns the stream's next 64 random bits.
func (s *stream) next() uint64 {
	x := mix(uint64(*s))
	*s += 0x9e3779b97f4a7c15
	return x
}

// roll returns the roll that keep k (fewer than five dice) becomes when
// the other dice are rolled, once drawsOnce has made the tables. Its u is
// uniform below 6^m by the multiply-and-reject that math/rand/v2's
// Uint64N does on 64-bit machines, so the games are the same on every
// machine.
func roll(s *stream, k int) int {
	n := drawSpan[k]
	u, lo := bits.Mul64(s.next(), n)
	if lo < n {
		u = s.reject(n, lo, u)
	}
	return int(drawRoll[drawStart[k]+int(u)])
}

// reject finishes roll's multiply-and-reject below n from a first draw
// whose product is u, lo: it draws again while lo is below 2^64 mod n.
// Out of roll, which is then small enough to be inlined.
func (s *stream) reject(n, lo, u uint64) uint64 {
	for thresh := -n % n; lo < thresh; {
		u, lo = bits.Mul64(s.next(), n)
	}
	return u
}
