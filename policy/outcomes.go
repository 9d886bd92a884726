package policy

import "dicepoker/engine"

// Outcome is one way a turn ends: the state after it, the points the turn
// adds (bonuses included) and its probability.
type Outcome struct {
	Next   engine.State
	Points int
	P      float64
}

// Outcomes returns the ways the turn of state s ends under p, with their
// exact probabilities, which sum to 1: one entry for each distinct next
// state and points, ordered by the next state's layout index
// (statespace.Layout.Index), then by points. It works out s's decisions
// afresh, in a batch of its own, without caching them, for a pass that
// meets each state once.
func (p *Policy) Outcomes(s engine.State) []Outcome {
	b := p.batches.Get().(*Batch)
	defer p.batches.Put(b)
	b.Plan([]engine.State{s})
	return p.TurnOutcomes(b.Turn(0))
}

// TurnOutcomes returns the ways turn t of p's game ends, as Outcomes
// does, whatever made its decisions (Decided, Batch).
func (p *Policy) TurnOutcomes(t *Turn) []Outcome { return p.AppendOutcomes(nil, t) }

// AppendOutcomes appends the ways turn t ends, as TurnOutcomes gives
// them, to out, for a caller that reuses one buffer.
func (p *Policy) AppendOutcomes(out []Outcome, t *Turn) []Outcome {
	if t.cup != nil {
		return t.cup.appendOutcomes(out, p, t.state)
	}
	g, s := p.game, t.state
	// The probability of each roll after the first roll, then after each
	// reroll: the mass of the rolls that keep the same dice goes to the
	// rolls that keep can become, one die at a time. Each keep, from the
	// fewest dice up, takes a sixth of the mass of each keep with one die
	// fewer (keepParents), one for each face it shows.
	var mass [engine.NumKeeps + 1]float64 // the last, always 0, pads keepParents
	prob := (*[engine.NumRolls]float64)(mass[engine.FirstRollKeep:])
	*prob = engine.RollProbabilities()
	for j := g.Rolls - 1; j >= 1; j-- {
		for r, q := range prob {
			if q == 0 {
				continue
			}
			if k, reroll := t.Keep(r, j); reroll {
				mass[k] += q
				prob[r] = 0
			}
		}
		for k := 1; k < engine.NumKeeps; k++ {
			p := &keepParents[k]
			in := mass[p[0]] + mass[p[1]] + mass[p[2]] + mass[p[3]] + mass[p[4]]
			mass[k] += in * (1.0 / engine.Faces)
		}
		clear(mass[:engine.FirstRollKeep])
	}
	// The final rolls, by box and points, except those under the
	// five-alike rules, whose moves are their own.
	written := make([]float64, p.levels)
	var specials [engine.Faces]Outcome
	n := 0
	for r, q := range prob {
		switch {
		case q == 0:
		case special(g, s, r):
			pl := t.Place(r)
			specials[n] = Outcome{Next: pl.Next, Points: pl.Total(), P: q}
			n++
		default:
			b := &p.boxes[t.Box(r)]
			written[b.base+int(b.level[r])] += q
		}
	}
	// Box by box in sheet order, each box's points in increasing order:
	// the next states' indices grow with the box, and within a box with
	// the points, as do the points with their bonuses, so the outcomes
	// come ordered and distinct.
	start := len(out)
	for c := range p.boxes {
		b := &p.boxes[c]
		for l, pts := range b.levels {
			if q := written[b.base+l]; q != 0 {
				pl := g.Write(s, c, pts)
				out = append(out, Outcome{Next: pl.Next, Points: pl.Total(), P: q})
			}
		}
	}
	for _, o := range specials[:n] {
		out = p.insert(out, start, o)
	}
	return out
}

// insert adds outcome o to out[start:], ordered by next state's layout
// index, then by points: its probability to the outcome with the same
// next state and points, or o itself in its place, found by a binary
// search.
func (p *Policy) insert(out []Outcome, start int, o Outcome) []Outcome {
	key := func(x *Outcome) int64 { return sortKey(p.layout.Index(x.Next), x.Points) }
	n, k := len(out), key(&o)
	lo, hi := start, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if key(&out[m]) < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < n && key(&out[lo]) == k {
		out[lo].P += o.P
		return out
	}
	out = append(out, Outcome{})
	copy(out[lo+1:], out[lo:n])
	out[lo] = o
	return out
}

// sortKey orders ways a turn ends by next state's index, then points
// (which fit 32 bits, as policy.New sees to it), as one integer.
func sortKey(next, points int) int64 { return int64(next)<<32 + int64(points) }
