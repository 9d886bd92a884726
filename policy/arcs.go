package policy

import "dicepoker/engine"

// Arc is one way a turn ends, as an Outcome with the next state given by
// its layout index (solver.Layout.Index), for a pass over indexed states.
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
// in AppendOutcomes' order (solver.LaneKeeps.MoveToChoices and Spread). A caller that
// keeps the arcs of many batches appends them to one buffer of its own,
// which it reuses once it is done with them; out's slices stay valid
// until then, even where arcs grows to a new array.
func (b *Batch) AppendArcs(arcs []Arc, out [][]Arc) []Arc {
	p, g, m := b.p, b.p.game, &b.mass
	prob := m.Rolls()
	*prob = laneRollProbs
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
		for _, a := range specials[j][:specialsIn[j]] {
			arcs = insertArc(arcs, at[j], a)
		}
		at[j+1] = len(arcs)
	}
	for j := range b.n {
		out[j] = arcs[at[j]:at[j+1]:at[j+1]]
	}
	return arcs
}

// insertArc adds a to arcs[start:], ordered by next state, then points,
// as insert adds an outcome.
func insertArc(arcs []Arc, start int, a Arc) []Arc {
	return insertSorted(arcs, start, a,
		func(x *Arc) int64 { return sortKey(int(x.Next), int(x.Points)) },
		func(x *Arc) *float64 { return &x.P })
}
