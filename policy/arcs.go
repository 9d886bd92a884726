package policy

import (
	"slices"

	"dicepoker/engine"
)

// Arc is one way a turn ends, as an Outcome with the next state given by
// its layout index (solver.Layout.Index), for a pass over indexed states.
type Arc struct {
	Next   int32
	Points int32
	P      float64
}

// Arcs takes every decision of the batch's turns (Decide) and sets out[j]
// to the ways the turn of its j-th state ends: AppendOutcomes' outcomes
// in its order and to the same bits, the next states by index. The dice's
// mass goes through the keeps of all the lanes at once, each lane adding
// in AppendOutcomes' order. The arcs of the batch share one new slice.
func (b *Batch) Arcs(out [][]Arc) {
	b.Decide()
	p, g, m := b.p, b.p.game, &b.mass
	prob := m[engine.FirstRollKeep:engine.NumKeeps]
	for r := range prob {
		for j := range prob[r] {
			prob[r][j] = rollProbs[r]
		}
	}
	for left := g.Rolls - 1; left >= 1; left-- {
		at := left * engine.NumRolls
		for r := range prob {
			row := &prob[r]
			for j := range b.n {
				if k := b.turns[j].decide[at+r]; k != scoreNow {
					m[k][j] += row[j]
					row[j] = 0
				}
			}
		}
		for k := 1; k < engine.NumKeeps; k++ {
			ps := &keepParents[k]
			p0, p1, p2, p3, p4, to := &m[ps[0]], &m[ps[1]], &m[ps[2]], &m[ps[3]], &m[ps[4]], &m[k]
			to[0] += (p0[0] + p1[0] + p2[0] + p3[0] + p4[0]) * (1.0 / engine.Faces)
			to[1] += (p0[1] + p1[1] + p2[1] + p3[1] + p4[1]) * (1.0 / engine.Faces)
			to[2] += (p0[2] + p1[2] + p2[2] + p3[2] + p4[2]) * (1.0 / engine.Faces)
			to[3] += (p0[3] + p1[3] + p2[3] + p3[3] + p4[3]) * (1.0 / engine.Faces)
			to[4] += (p0[4] + p1[4] + p2[4] + p3[4] + p4[4]) * (1.0 / engine.Faces)
			to[5] += (p0[5] + p1[5] + p2[5] + p3[5] + p4[5]) * (1.0 / engine.Faces)
			to[6] += (p0[6] + p1[6] + p2[6] + p3[6] + p4[6]) * (1.0 / engine.Faces)
			to[7] += (p0[7] + p1[7] + p2[7] + p3[7] + p4[7]) * (1.0 / engine.Faces)
		}
		clear(m[:engine.FirstRollKeep])
	}
	arcs := b.arcs[:0]
	var ends [len(b.turns)]int
	for j := range b.n {
		t, s, written := &b.turns[j], b.turns[j].state, b.written
		clear(written)
		var specials [engine.Faces]Arc
		n := 0
		for r := range prob {
			switch q := prob[r][j]; {
			case q == 0:
			case special(g, s, r):
				pl := b.move(j, r)
				specials[n] = Arc{Next: int32(p.layout.Index(pl.Next)), Points: int32(pl.Total()), P: q}
				n++
			default:
				bx := &p.boxes[t.decide[r]]
				written[bx.base+int(bx.level[r])] += q
			}
		}
		start := len(arcs)
		for _, c := range b.open[j][:b.opens[j]] {
			bx := &p.boxes[c]
			for l, pts := range bx.levels {
				if q := written[bx.base+l]; q != 0 {
					bonus, next := g.Move(s, int(c), pts)
					arcs = append(arcs, Arc{Next: int32(p.layout.Index(next)), Points: int32(pts + bonus), P: q})
				}
			}
		}
		for _, a := range specials[:n] {
			arcs = insertArc(arcs, start, a)
		}
		ends[j] = len(arcs)
	}
	b.arcs = arcs
	all := slices.Clone(arcs)
	start := 0
	for j := range b.n {
		out[j] = all[start:ends[j]:ends[j]]
		start = ends[j]
	}
}

// insertArc adds a to arcs[start:], ordered by next state, then points,
// as insert adds an outcome.
func insertArc(arcs []Arc, start int, a Arc) []Arc {
	i, found := slices.BinarySearchFunc(arcs[start:], a, func(x, a Arc) int {
		if x.Next != a.Next {
			return int(x.Next - a.Next)
		}
		return int(x.Points - a.Points)
	})
	if found {
		arcs[start+i].P += a.P
		return arcs
	}
	return slices.Insert(arcs, start+i, a)
}
