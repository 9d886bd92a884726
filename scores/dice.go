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
// a package's init, and only simulation rolls. The tables of six dice
// (drawRoll6, drawStart6, drawSpan6) are made apart (draws6Once), for
// the games of six dice alone.
var (
	drawStart [engine.NumKeeps]int
	drawSpan  [engine.NumKeeps]uint64 // 6^m
	drawRoll  []uint8
	drawsOnce sync.Once

	drawStart6 [engine.NumKeeps6]int
	drawSpan6  [engine.NumKeeps6]uint64
	drawRoll6  []uint16
	draws6Once sync.Once
)

func makeDraws() { drawRoll = fillDraws(engine.Dice, drawStart[:], drawSpan[:], drawRoll) }

func makeDraws6() { drawRoll6 = fillDraws(engine.MaxDice, drawStart6[:], drawSpan6[:], drawRoll6) }

// fillDraws makes the draw tables of the cup of dice dice in start, span
// and rolls, which it returns.
func fillDraws[T uint8 | uint16](dice int, start []int, span []uint64, rolls []T) []T {
	cup, err := engine.CupOf(dice)
	if err != nil {
		panic(err)
	}
	for k := range cup.NumKeeps() {
		start[k] = len(rolls)
		span[k] = 1
		for range dice - cup.Keep(k).Size() {
			span[k] *= engine.Faces
		}
		for u := range span[k] {
			roll := cup.Keep(k)
			for x := u; roll.Size() < dice; x /= engine.Faces {
				roll[x%engine.Faces]++
			}
			rolls = append(rolls, T(cup.RollIndex(roll)))
		}
	}
	return rolls
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
// the other dice are rolled, once drawsOnce has made the tables.
func roll(s *stream, k int) int { return int(drawRoll[drawStart[k]+int(s.below(drawSpan[k]))]) }

// roll6 is roll for a keep of fewer than six dice, once draws6Once has
// made the tables of six dice.
func roll6(s *stream, k int) int { return int(drawRoll6[drawStart6[k]+int(s.below(drawSpan6[k]))]) }

// below returns a number uniform below n by the multiply-and-reject that
// math/rand/v2's Uint64N does on 64-bit machines, so that the games are
// the same on every machine.
func (s *stream) below(n uint64) uint64 {
	u, lo := bits.Mul64(s.next(), n)
	if lo < n {
		u = s.reject(n, lo, u)
	}
	return u
}

// reject finishes below's multiply-and-reject below n from a first draw
// whose product is u, lo: it draws again while lo is below 2^64 mod n.
// Apart from below, as the rare path.
func (s *stream) reject(n, lo, u uint64) uint64 {
	for thresh := -n % n; lo < thresh; {
		u, lo = bits.Mul64(s.next(), n)
	}
	return u
}
