package school

import (
	"math"

	"dicepoker/engine"
	"dicepoker/solver"
)

// Values gives the value of a sheet between turns: the expected sum of
// what is still to come, cells, bonuses and changes of the reserve.
type Values func(s engine.SchoolState) float64

// Rolls holds a value for each roll of five dice, by freshness: Fresh when
// the dice came from a roll of all five, Stale when some were kept.
type Rolls struct {
	Fresh, Stale [engine.NumRolls]float64
}

// Kernel evaluates turns of one school game. It holds the game's scoring
// tables and is safe for concurrent use.
type Kernel struct {
	g *engine.Game
	// count[c][r] is the number of dice of row c's face in roll r, for
	// School rows.
	count [][engine.NumRolls]uint8
	// levels[c] lists, for combination row c, the points > 0 it can score
	// (not doubled); level[c][r] is the position of roll r's points in
	// levels[c] plus one, 0 when the condition fails.
	levels [][]int
	level  [][engine.NumRolls]uint8
}

// NewKernel prepares the tables of school game g.
func NewKernel(g *engine.Game) *Kernel {
	n := len(g.Categories)
	k := &Kernel{g: g, count: make([][engine.NumRolls]uint8, n), levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n)}
	for c, cat := range g.Categories {
		pos := map[int]uint8{}
		for r := range engine.NumRolls {
			if cat.School {
				k.count[c][r] = uint8(engine.Roll(r).Count(cat.Face))
				continue
			}
			p := g.Score(c, r)
			if p == 0 {
				continue
			}
			if _, ok := pos[p]; !ok {
				k.levels[c] = append(k.levels[c], p)
				pos[p] = uint8(len(k.levels[c]))
			}
			k.level[c][r] = pos[p]
		}
	}
	return k
}

// Finals fills f with the value of writing each final roll in state s: the
// best legal write's cell, reserve change and bonuses plus the value next
// gives the sheet after it.
func (k *Kernel) Finals(s *engine.SchoolState, next Values, f *Rolls) {
	for r := range f.Fresh {
		f.Fresh[r], f.Stale[r] = math.Inf(-1), math.Inf(-1)
	}
	value := func(w engine.SchoolWrite) float64 { return float64(w.Total()) + next(w.Next) }
	var byCount [engine.Dice + 1]float64
	var fresh, stale [engine.NumRolls + 1]float64 // by level
	for c, cat := range k.g.Categories {
		if !k.g.RowOpen(s, c) {
			continue
		}
		if cat.School {
			for n := range byCount {
				byCount[n] = value(k.g.SchoolClose(*s, c, n))
			}
			for r, n := range &k.count[c] {
				v := byCount[n]
				f.Fresh[r], f.Stale[r] = max(f.Fresh[r], v), max(f.Stale[r], v)
			}
			continue
		}
		cross := value(k.g.SchoolScore(*s, c, 0))
		fresh[0], stale[0] = cross, cross
		for i, p := range k.levels[c] {
			stale[i+1] = max(cross, value(k.g.SchoolScore(*s, c, p)))
			fresh[i+1] = max(cross, value(k.g.SchoolScore(*s, c, 2*p)))
		}
		for r, l := range &k.level[c] {
			f.Fresh[r], f.Stale[r] = max(f.Fresh[r], fresh[l]), max(f.Stale[r], stale[l])
		}
	}
}

// KeepValues sets v[k], for every keep k of fewer than five dice, to its
// value when the dice it does not hold are rolled, given hold, the value
// of holding each roll after that roll: the mean of hold.Stale over the
// rolls the keep can become, and for the empty keep, which rolls all five,
// the mean of hold.Fresh.
func KeepValues(hold *Rolls, v *solver.Keeps) {
	copy(v[engine.FirstRollKeep:engine.NumKeeps], hold.Stale[:])
	solver.KeepValues(v)
	v[0] = Mean(&hold.Fresh)
}

// Hold sets hold, from keep values v (see KeepValues) of the next roll
// and the finals f, to the value of holding each roll before choosing:
// the best of writing it now and of its best proper keep. v's roll
// entries are overwritten.
func Hold(f *Rolls, v *solver.Keeps, hold *Rolls) {
	for r := engine.FirstRollKeep; r < engine.NumKeeps; r++ {
		v[r] = math.Inf(-1)
	}
	solver.BestKeeps(v)
	for r := range hold.Fresh {
		best := v[engine.FirstRollKeep+r]
		hold.Fresh[r], hold.Stale[r] = max(f.Fresh[r], best), max(f.Stale[r], best)
	}
}

// Mean returns the expected value over a roll of all five dice.
func Mean(x *[engine.NumRolls]float64) float64 {
	e := 0.0
	for r, v := range x {
		e += engine.RollProbability(r) * v
	}
	return e
}

// scratch is the work space of one turn's search.
type scratch struct {
	finals, hold Rolls
	// keeps[j] is the value of each keep with j rolls to go, the one
	// after the keep included (j >= 1).
	keeps []solver.Keeps
	work  solver.Keeps
}

// newScratch returns the work space for turns of k's game.
func (k *Kernel) newScratch() *scratch { return &scratch{keeps: make([]solver.Keeps, k.g.Rolls)} }

// Value returns the value of state s before its first roll, given the
// values of the sheets after it.
func (k *Kernel) Value(s *engine.SchoolState, next Values, w *scratch) float64 {
	k.search(s, next, w)
	return Mean(&w.hold.Fresh)
}

// search fills w with the turn's search in state s: the finals, the keep
// values with each number of rolls to go, and the value of holding each
// roll of the turn's first roll.
func (k *Kernel) search(s *engine.SchoolState, next Values, w *scratch) {
	k.Finals(s, next, &w.finals)
	w.hold = w.finals
	for j := 1; j < k.g.Rolls; j++ {
		KeepValues(&w.hold, &w.keeps[j])
		w.work = w.keeps[j]
		Hold(&w.finals, &w.work, &w.hold)
	}
}
