package engine

import (
	"fmt"
	"math/rand/v2"
)

// Cup is the dice arithmetic of a game's dice, five or six: its sorted
// rolls and its keeps (the multisets of zero to all of its dice), each
// with an index. Keeps are ordered by size, then by their sorted dice, so
// keep 0 is the empty keep and the rolls are the last keeps; the keeps of
// five dice are the first keeps of six, with the same indices. Five
// dice's cup answers as the package's functions do (Roll, KeepIndex,
// KeepChild, RollProbability).
type Cup struct {
	dice, rolls, keeps int
	rollProb           []float64
}

var (
	fiveDice = &Cup{dice: Dice, rolls: NumRolls, keeps: NumKeeps, rollProb: rollProb[:]}
	sixDice  = &Cup{dice: MaxDice, rolls: NumRolls6, keeps: NumKeeps6, rollProb: rollProb6[:]}
)

// CupOf returns the cup of dice dice, 5 or 6.
func CupOf(dice int) (*Cup, error) {
	switch dice {
	case Dice:
		return fiveDice, nil
	case MaxDice:
		return sixDice, nil
	}
	return nil, fmt.Errorf("%d dice: want %d or %d", dice, Dice, MaxDice)
}

// DiceWord returns the number of the cup's dice in words, "five" or
// "six", for the messages of a game at the table.
func (c *Cup) DiceWord() string {
	if c.dice == MaxDice {
		return "six"
	}
	return "five"
}

// Dice returns the number of dice in a roll.
func (c *Cup) Dice() int { return c.dice }

// NumRolls returns the number of sorted rolls: 252 of five dice, 462 of six.
func (c *Cup) NumRolls() int { return c.rolls }

// NumKeeps returns the number of keeps: 462 of five dice, 924 of six.
func (c *Cup) NumKeeps() int { return c.keeps }

// FirstRollKeep returns the keep index of roll 0: the keeps from it on
// are the rolls, in the same order.
func (c *Cup) FirstRollKeep() int { return c.keeps - c.rolls }

// Roll returns the roll with index r (0..NumRolls()-1).
func (c *Cup) Roll(r int) Multiset { return keeps[c.keeps-c.rolls+r] }

// Keep returns the multiset with keep index k (0..NumKeeps()-1).
func (c *Cup) Keep(k int) Multiset { return keeps[k] }

// RollIndex returns the roll index of a roll of all the cup's dice.
func (c *Cup) RollIndex(m Multiset) int { return KeepIndex(m) - (c.keeps - c.rolls) }

// KeepChild returns the keep index of keep k with one more die showing
// face (1..6), or -1 when k already holds all the cup's dice.
func (c *Cup) KeepChild(k, face int) int {
	if k >= c.keeps-c.rolls {
		return -1
	}
	return int(child[k][face-1])
}

// RollProbability returns the probability of roll r when all the dice
// are rolled.
func (c *Cup) RollProbability(r int) float64 { return c.rollProb[r] }

// RollRest returns m with the dice it lacks of the cup's rolled, one die
// at a time, each face equally likely from rng.
func (c *Cup) RollRest(m Multiset, rng *rand.Rand) Multiset {
	for range c.dice - m.Size() {
		m[rng.IntN(Faces)]++
	}
	return m
}

// SubKeeps returns the keep indices of roll r's distinct proper
// sub-multisets (keeping none included, keeping all the dice not), in
// increasing order. Of five dice they are engine.SubKeeps(r).
func (c *Cup) SubKeeps(r int) []int {
	if c == fiveDice {
		return SubKeeps(r)
	}
	return appendSubKeeps(nil, c.Roll(r), c.dice)
}
