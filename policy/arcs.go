package policy

import (
	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Arc is one way a turn ends, as an Outcome with the next state given by
// its layout index (statespace.Layout.Index), for a pass over indexed states.
type Arc struct {
	Next   int32
	Points int32
	P      float64
}

// AppendArcs appends the ways the turn of each of the batch's states
// ends to arcs and returns it, with out[j] set to those of the j-th
// state, a slice of it: AppendOutcomes' outcomes in its order and to
// the same bits, the next states by index, under the decisions Decide
// would take, read from the choices of the keep lattice (Batch.choices)
// and the boxes Plan found without taking them one by one. The dice's
// mass goes through the keeps of all the lanes at once, each lane adding
// in AppendOutcomes' order (lanes.LaneKeeps.MoveToChoices and Spread). A caller that
// keeps the arcs of many batches appends them to one buffer of its own,
// which it reuses once it is done with them; out's slices stay valid
// until then, even where arcs grows to a new array.
func (b *Batch) AppendArcs(arcs []Arc, out [][]Arc) []Arc {
	if b.cup != nil {
		return b.cup.appendArcs(arcs, out, &b.turns)
	}
	p, g, m := b.p, b.p.game, &b.mass
	prob := m.Rolls()
	*prob = lanes.LaneRollProbs
	for left := g.Rolls - 1; left >= 1; left-- {
		m.MoveToChoices(b.choices[left-1].Rolls())
		m.Spread()
		clear(m[:engine.FirstRollKeep])
	}
	// The final rolls, by box and level (the row each chose as it was
	// valued), except those under the five-alike rules, whose moves are
	// their own: taken first, in order of roll, they leave 0 behind,
	// which adds nothing to the row of their level.
	var specials [len(b.turns)][engine.Faces]Arc
	var specialsIn [len(b.turns)]int
	for _, r := range fiveAlike {
		row := &prob[r]
		for j := range b.n {
			if q := row[j]; q != 0 && g.Special(b.turns[j].state, r) {
				e := b.rollEnds[j][r]
				specials[j][specialsIn[j]] = Arc{Next: int32(e.Next), Points: int32(e.Points), P: q}
				specialsIn[j]++
				row[j] = 0
			}
		}
	}
	written := b.written
	clear(written)
	prob.AddToRows(written, &b.rowOf)
	// The arcs of lane j are arcs[at[j]:at[j+1]].
	var at [len(b.turns) + 1]int
	at[0] = len(arcs)
	for j := range b.n {
		for _, c := range b.open[j][:b.opens[j]] {
			bx := &p.boxes[c]
			for l := range bx.levels {
				// How writing the level ends the turn, as Plan found it.
				if q := written[bx.base+l][j]; q != 0 {
					e := b.ends[bx.base+l][j]
					arcs = append(arcs, Arc{Next: int32(e.Next), Points: int32(e.Points), P: q})
				}
			}
		}
		if specialsIn[j] > 0 {
			arcs = b.mergeArcs(arcs, at[j], specials[j][:specialsIn[j]])
		}
		at[j+1] = len(arcs)
	}
	for j := range b.n {
		out[j] = arcs[at[j]:at[j+1]:at[j+1]]
	}
	return arcs
}

// mergeArcs adds the five-alike moves specials, in order of roll, to
// arcs[start:], which is ordered by next state, then points, and returns
// arcs: as AppendOutcomes inserts its outcomes one by one (insert), each
// special's probability added to the arc of the same next state and
// points in order of roll, or a new arc in its place. The specials,
// sorted stably, are merged in one pass through the batch's scratch.
func (b *Batch) mergeArcs(arcs []Arc, start int, specials []Arc) []Arc {
	key := func(a *Arc) int64 { return sortKey(int(a.Next), int(a.Points)) }
	for i := 1; i < len(specials); i++ {
		for k := i; k > 0 && key(&specials[k]) < key(&specials[k-1]); k-- {
			specials[k], specials[k-1] = specials[k-1], specials[k]
		}
	}
	merged, ways := b.merged[:0], arcs[start:]
	for len(ways) > 0 || len(specials) > 0 {
		if len(specials) == 0 || len(ways) > 0 && key(&ways[0]) <= key(&specials[0]) {
			merged, ways = append(merged, ways[0]), ways[1:]
		} else {
			merged, specials = append(merged, specials[0]), specials[1:]
		}
		last := &merged[len(merged)-1]
		for len(specials) > 0 && key(&specials[0]) == key(last) {
			last.P += specials[0].P
			specials = specials[1:]
		}
	}
	b.merged = merged
	return append(arcs[:start], merged...)
}
