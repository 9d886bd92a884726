package engine

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
)

// Sizes of the dice arithmetic of five six-sided dice, which every game
// but the six-dice ones rolls (Cup has both).
const (
	Dice           = 5    // dice in a roll
	Faces          = 6    // faces of a die, numbered 1..6
	NumRolls       = 252  // sorted rolls of five dice
	NumKeeps       = 462  // multisets of zero to five dice
	NumTransitions = 4368 // (keep, roll it can become) pairs with non-zero probability
	// FirstRollKeep is the keep index of roll 0: keeps with five dice are
	// the rolls, in the same order, at keep indices FirstRollKeep..NumKeeps-1.
	FirstRollKeep = NumKeeps - NumRolls
)

// Sizes of the dice arithmetic of six dice, the most a game rolls.
const (
	MaxDice   = 6   // dice in a roll of a six-dice game
	NumRolls6 = 462 // sorted rolls of six dice
	NumKeeps6 = 924 // multisets of zero to six dice; the first NumKeeps are five dice's
)

// Multiset counts the dice showing each face: m[0] ones, ..., m[5] sixes.
// It is how the engine represents both keeps and rolls.
type Multiset [Faces]uint8

// Size returns the number of dice in m.
func (m Multiset) Size() int {
	n := 0
	for _, c := range m {
		n += int(c)
	}
	return n
}

// Sum returns the sum of the faces of the dice in m.
func (m Multiset) Sum() int {
	s := 0
	for i, c := range m {
		s += (i + 1) * int(c)
	}
	return s
}

// Count returns how many dice in m show face (1..6).
func (m Multiset) Count(face int) int { return int(m[face-1]) }

// Dice returns the faces in m in ascending order.
func (m Multiset) Dice() []int {
	d := make([]int, 0, Dice)
	for i, c := range m {
		for range c {
			d = append(d, i+1)
		}
	}
	return d
}

// RollRest returns m with the dice it lacks of five rolled, one die at a
// time, each face equally likely from rng.
func (m Multiset) RollRest(rng *rand.Rand) Multiset { return fiveDice.RollRest(m, rng) }

// Contains reports whether every die of sub is also in m.
func (m Multiset) Contains(sub Multiset) bool {
	for i := range m {
		if sub[i] > m[i] {
			return false
		}
	}
	return true
}

// Minus returns the dice of m that are not in sub; sub must be contained in m.
// It is one subtraction of the six counts as a word, which borrows nothing
// since no count of sub exceeds m's: six byte stores, read back as a wider
// word when the result is copied, stalled the store forwarding of every
// keep's action in one position's advice (a quarter of its time).
func (m Multiset) Minus(sub Multiset) (rest Multiset) {
	const _ = uint(Faces-6) + uint(6-Faces) // six bytes of counts
	d := uint64(binary.LittleEndian.Uint32(m[:])) | uint64(binary.LittleEndian.Uint16(m[4:]))<<32
	k := uint64(binary.LittleEndian.Uint32(sub[:])) | uint64(binary.LittleEndian.Uint16(sub[4:]))<<32
	d -= k
	binary.LittleEndian.PutUint32(rest[:], uint32(d))
	binary.LittleEndian.PutUint16(rest[4:], uint16(d>>32))
	return rest
}

// String writes the dice in ascending order as digits, "33556".
func (m Multiset) String() string { return m.Format(DigitFaces) }

// Format writes the dice in ascending order with faces[i] standing for face i+1.
func (m Multiset) Format(faces string) string {
	var b strings.Builder
	for _, d := range m.Dice() {
		b.WriteByte(faces[d-1])
	}
	return b.String()
}

// FromDice builds the multiset of the given faces, at most six (MaxDice);
// each must be 1..6.
func FromDice(dice ...int) (Multiset, error) {
	var m Multiset
	if len(dice) > MaxDice {
		return m, fmt.Errorf("%d dice given, at most %d", len(dice), MaxDice)
	}
	for _, d := range dice {
		if d < 1 || d > Faces {
			return m, fmt.Errorf("die %d is out of range 1..6", d)
		}
		m[d-1]++
	}
	return m, nil
}

// The index tables, filled once by init. Keeps are ordered by size, then
// lexicographically by their sorted dice (11111 < 11112 < ... < 66666), so
// keep 0 is the empty keep and keeps FirstRollKeep.. are the rolls. The
// keeps of up to six dice are one list: those of up to five come first,
// as five dice number them.
var (
	keeps     [NumKeeps6]Multiset
	keepIndex [7 * 7 * 7 * 7 * 7 * 7]int16 // base-7 code of the counts -> keep index
	child     [NumKeeps6][Faces]int16      // keep plus one die of a face; -1 for keeps of six
	rollProb  [NumRolls]float64
	rollProb6 [NumRolls6]float64
)

// Transition is one roll that a keep can become, with its probability.
type Transition struct {
	Roll int     // roll index 0..NumRolls-1
	P    float64 // probability of that roll after rerolling the other dice
}

func code(m Multiset) int {
	c := 0
	for _, n := range m {
		c = c*7 + int(n)
	}
	return c
}

func init() {
	n := 0
	for size := 0; size <= MaxDice; size++ {
		var walk func(face, left int, m Multiset)
		walk = func(face, left int, m Multiset) {
			if face == Faces-1 {
				m[face] = uint8(left)
				keeps[n] = m
				keepIndex[code(m)] = int16(n)
				n++
				return
			}
			// Lexicographic order of sorted dice puts more low faces first.
			for c := left; c >= 0; c-- {
				m[face] = uint8(c)
				walk(face+1, left-c, m)
			}
		}
		walk(0, size, Multiset{})
	}
	for k, m := range keeps {
		for f := range Faces {
			child[k][f] = -1
			if m.Size() < MaxDice {
				m2 := m
				m2[f]++
				child[k][f] = keepIndex[code(m2)]
			}
		}
	}
	for r := range NumRolls {
		rollProb[r] = multinomial(keeps[FirstRollKeep+r])
	}
	for r := range NumRolls6 {
		rollProb6[r] = multinomial(keeps[NumKeeps+r])
	}
}

// subKeeps holds every roll's sub-keeps, built on first use rather than
// at every start of the program (most commands read none): all of them
// lie in one array, one allocation rather than thousands of appends.
var subKeeps = sync.OnceValue(func() *[NumRolls][]int {
	var out [NumRolls][]int
	subs := make([]int, 0, numSubKeeps)
	for r := range NumRolls {
		from := len(subs)
		subs = appendSubKeeps(subs, Roll(r), Dice)
		out[r] = subs[from:len(subs):len(subs)]
	}
	return &out
})

// outcomes holds every keep's outcomes in one array, built on first use:
// few commands ask for them, and every start of the program built them.
var outcomes = sync.OnceValue(func() *[NumKeeps][]Transition {
	var chance [NumKeeps]float64 // of each keep being rolled
	for k, m := range keeps[:NumKeeps] {
		chance[k] = multinomial(m)
	}
	var out [NumKeeps][]Transition
	all := make([]Transition, 0, NumTransitions)
	for k, m := range keeps[:NumKeeps] {
		from := len(all)
		for o := keepStart(Dice - m.Size()); o < keepStart(Dice-m.Size()+1); o++ {
			roll := m
			for f := range roll {
				roll[f] += keeps[o][f]
			}
			all = append(all, Transition{Roll: RollIndex(roll), P: chance[o]})
		}
		out[k] = all[from:len(all):len(all)]
	}
	return &out
})

// numSubKeeps is how many proper sub-keeps the rolls have, all told.
const numSubKeeps = 4116

// appendSubKeeps appends to subs the keep indices of the proper
// sub-multisets of roll, a roll of dice dice, each once, in increasing
// order. Counting each face down from the roll's count, the last face
// fastest, meets the
// sub-multisets of one size in the order of their indices (more low faces
// first); they are then laid out by size, the smallest first.
func appendSubKeeps(subs []int, roll Multiset, dice int) []int {
	var bySize [MaxDice][20]int16 // of a size, at most 6 choose size
	var n [MaxDice]int
	m := roll
	for {
		if size := m.Size(); size < dice {
			bySize[size][n[size]] = int16(KeepIndex(m))
			n[size]++
		}
		f := Faces - 1
		for ; f >= 0 && m[f] == 0; f-- {
			m[f] = roll[f]
		}
		if f < 0 {
			break
		}
		m[f]--
	}
	for size, keeps := range &bySize {
		for _, k := range keeps[:n[size]] {
			subs = append(subs, int(k))
		}
	}
	return subs
}

// keepStart returns the index of the first keep with size dice.
func keepStart(size int) int {
	return [...]int{0, 1, 7, 28, 84, 210, 462, 924}[size]
}

// multinomial returns the probability that len(m) fair dice show exactly m.
func multinomial(m Multiset) float64 {
	p := 1.0
	n := 0
	for _, c := range m {
		for i := 1; i <= int(c); i++ {
			n++
			p = p * float64(n) / float64(i) / Faces
		}
	}
	return p
}

// Keep returns the multiset with keep index k (0..NumKeeps-1).
func Keep(k int) Multiset { return keeps[k] }

// Roll returns the roll with index r (0..NumRolls-1).
func Roll(r int) Multiset { return keeps[FirstRollKeep+r] }

// KeepIndex returns the index of a multiset of at most six dice: the
// same for five dice and six where it has at most five.
func KeepIndex(m Multiset) int { return int(keepIndex[code(m)]) }

// RollIndex returns the roll index of five dice.
func RollIndex(m Multiset) int { return KeepIndex(m) - FirstRollKeep }

// KeepChild returns the keep index of keep k with one more die showing face
// (1..6), or -1 when k already holds five dice.
func KeepChild(k, face int) int {
	if k >= FirstRollKeep {
		return -1
	}
	return int(child[k][face-1])
}

// KeepSize returns the number of dice in keep k.
func KeepSize(k int) int { return keeps[k].Size() }

// RollProbability returns the probability of roll r when all five dice are rolled.
func RollProbability(r int) float64 { return rollProb[r] }

// RollProbabilities returns every roll's probability when all five dice
// are rolled, by roll index: RollProbability's table, for those who keep
// a copy of their own.
func RollProbabilities() [NumRolls]float64 { return rollProb }

// SubKeeps returns the keep indices of roll r's distinct proper
// sub-multisets (keeping none included, keeping all five not), in
// increasing order. The slice must not be modified.
func SubKeeps(r int) []int { return subKeeps()[r] }

// Outcomes returns the rolls that keep k can become when the other dice are
// rolled, with their exact probabilities. The slice must not be modified.
func Outcomes(k int) []Transition { return outcomes()[k] }
