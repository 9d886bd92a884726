package school

import (
	"cmp"
	"math"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/workers"
	"dicepoker/scores"
)

// Distribution computes the exact distribution of the final score of
// one-column school game g (the full sheet or a subset of its rows) when
// every turn is played as Turn plays it with the values next: with an
// exact table's values, the optimal player's. It carries the probability
// of every total so far forward through the states between turns that
// the player reaches (scores.Carry), each turn's outcomes worked out
// exactly. The result does not depend on o.Threads; o.Progress counts
// turns.
func Distribution(g *engine.Game, next Values, o scores.Options) (*scores.Distribution, error) {
	l, err := NewLayout(g)
	if err != nil {
		return nil, err
	}
	k := NewKernel(g)
	works := make([]*turnWork, workers.Threads(o.Threads))
	start := g.NewSchoolState()
	d := &scores.Distribution{Game: g}
	d.Scores, d.States = scores.Carry(l.Index(&start), l.Size(), g.Turns(), func(w int, is []int, arcs [][]scores.Arc) {
		if works[w] == nil {
			works[w] = k.newTurnWork()
		}
		for j, i := range is {
			arcs[j] = k.outcomes(l.StateAt(g, i), next, l, works[w])
		}
	}, o)
	return d, nil
}

// turnWork is the work space of outcomes.
type turnWork struct {
	search *scratch
	// writes are the state's legal writes; value[i] is what writes[i] is
	// worth to Turn and mass[i] the probability that the turn ends with it.
	writes []engine.SchoolWrite
	value  []float64
	mass   []float64
	// ids[c] are the positions in writes of row c's writes: for a School
	// row by the count of its face, for a combination row the cross, then
	// each level's stale score, then each level's fresh one. nil for a
	// filled row.
	ids [][]int
	// choice[f][r] is the write Turn makes of roll r, fresh (f = 1) or not.
	choice [2][engine.NumRolls]int
	out    []scores.Arc // the arcs before they are merged
}

// newTurnWork returns the work space of outcomes for k's game.
func (k *Kernel) newTurnWork() *turnWork {
	return &turnWork{search: k.newScratch(), ids: make([][]int, len(k.g.Categories))}
}

// outcomes returns the ways the turn of state s ends when Turn plays it
// with the values next, with their exact probabilities, which sum to 1:
// one arc for each distinct next state (by its index in l) and points,
// ordered by that index, then by points. It follows the dice through the
// turn's rolls as Turn decides them, ties broken as Turn breaks them,
// keeping apart the dice of a fresh roll of all five.
func (k *Kernel) outcomes(s engine.SchoolState, next Values, l *Layout, w *turnWork) []scores.Arc {
	at := k.search(&s, next, w.search)
	k.prepareWrites(&s, next, w)
	// byFresh[1][r] is the probability that the dice show roll r from a
	// fresh roll, byFresh[0][r] from a roll that kept some; written[f][r]
	// that they are written so.
	var byFresh, written [2][engine.NumRolls]float64
	for r := range engine.NumRolls {
		byFresh[1][r] = engine.RollProbability(r)
	}
	for left := k.g.Rolls - 1; left > 0; left-- {
		var kept [engine.NumKeeps]float64 // the probability of each keep
		for r := range engine.NumRolls {
			if byFresh[0][r] == 0 && byFresh[1][r] == 0 {
				continue
			}
			keep, v := at.bestKeep(r, left)
			for f, final := range [2]float64{at.write(r, false), at.write(r, true)} {
				// As Turn: a keep only when it is worth more than writing.
				if q := byFresh[f][r]; v > final {
					kept[keep] += q
				} else {
					written[f][r] += q
				}
			}
		}
		byFresh = [2][engine.NumRolls]float64{}
		for keep, m := range &kept {
			if m == 0 {
				continue
			}
			to := &byFresh[0]
			if keep == 0 {
				to = &byFresh[1]
			}
			for _, t := range engine.Outcomes(keep) {
				to[t.Roll] += m * t.P
			}
		}
	}
	k.chooseWrites(w)
	for f := range written {
		for r, q := range &byFresh[f] {
			w.mass[w.choice[f][r]] += q + written[f][r]
		}
	}
	return w.arcs(l)
}

// prepareWrites lists in w every legal write of state s, whatever the
// dice, with its value to Turn.
func (k *Kernel) prepareWrites(s *engine.SchoolState, next Values, w *turnWork) {
	w.writes, w.value, w.mass = w.writes[:0], w.value[:0], w.mass[:0]
	add := func(m engine.SchoolWrite) int {
		w.writes = append(w.writes, m)
		w.value = append(w.value, float64(m.Total())+next(m.Next))
		w.mass = append(w.mass, 0)
		return len(w.writes) - 1
	}
	for c, cat := range k.g.Categories {
		ids := w.ids[c][:0]
		switch {
		case !k.g.RowOpen(s, c):
			ids = nil
		case cat.School:
			for n := range engine.Dice + 1 {
				ids = append(ids, add(k.g.SchoolClose(*s, c, n)))
			}
		default:
			ids = append(ids, add(k.g.SchoolScore(*s, c, 0)))
			for double := 1; double <= 2; double++ {
				for _, p := range k.levels[c] {
					ids = append(ids, add(k.g.SchoolScore(*s, c, double*p)))
				}
			}
		}
		w.ids[c] = ids
	}
}

// chooseWrites sets w.choice[f][r] to the write Turn makes of roll r,
// fresh (f = 1) or not: the one next values most, the first in sheet
// order on a tie, as Turn picks it.
func (k *Kernel) chooseWrites(w *turnWork) {
	var best [2][engine.NumRolls]float64
	for f := range best {
		for r := range best[f] {
			best[f][r] = math.Inf(-1)
		}
	}
	try := func(f, r, id int) {
		if v := w.value[id]; v > best[f][r] {
			best[f][r], w.choice[f][r] = v, id
		}
	}
	var byLevel [2][engine.NumRolls + 1]int // a combination row's choice by level, stale and fresh
	for c, cat := range k.g.Categories {
		ids := w.ids[c]
		switch {
		case ids == nil:
		case cat.School:
			for r, n := range &k.count[c] {
				try(0, r, ids[n])
				try(1, r, ids[n])
			}
		default:
			// The score, when the condition holds, then the cross: the
			// cross only when it is worth more.
			cross, levels := ids[0], len(k.levels[c])
			byLevel[0][0], byLevel[1][0] = cross, cross
			for l := 1; l <= levels; l++ {
				for f, id := range [2]int{ids[l], ids[l+levels]} {
					if w.value[cross] > w.value[id] {
						id = cross
					}
					byLevel[f][l] = id
				}
			}
			for r, l := range &k.level[c] {
				try(0, r, byLevel[0][l])
				try(1, r, byLevel[1][l])
			}
		}
	}
}

// arcs turns the mass of each write into the turn's outcomes, merging
// those with the same next state and points.
func (w *turnWork) arcs(l *Layout) []scores.Arc {
	arcs := w.out[:0]
	for i, m := range w.writes {
		if w.mass[i] != 0 {
			arcs = append(arcs, scores.Arc{Next: int32(l.Index(&m.Next)), Points: int32(m.Total()), P: w.mass[i]})
		}
	}
	slices.SortStableFunc(arcs, func(a, b scores.Arc) int {
		return cmp.Or(cmp.Compare(a.Next, b.Next), cmp.Compare(a.Points, b.Points))
	})
	merged := arcs[:0]
	for _, a := range arcs {
		if n := len(merged); n > 0 && a.Next == merged[n-1].Next && a.Points == merged[n-1].Points {
			merged[n-1].P += a.P
			continue
		}
		merged = append(merged, a)
	}
	w.out = arcs
	// A copy of its own size: a pass keeps a turn's arcs of every state.
	return slices.Clone(merged)
}
