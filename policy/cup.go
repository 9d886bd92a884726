package policy

import (
	"math"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// cupGame is what a policy plays a game of other than five dice by (six,
// engine.Cup): the cup's keep passes and keep lists, and each box's
// points over the cup's rolls. Such a game has no five-alike rules
// (engine.Define allows them on five dice alone), so every final roll is
// written with its plain points in the box of the best value.
type cupGame struct {
	cup    *engine.Cup
	passes *lanes.CupPasses
	// subKeeps[subStart[r]:subStart[r+1]] lists the keep indices of roll
	// r's distinct proper sub-multisets, from the largest keep index
	// down: the order in which solver.Turn.Actions lists them.
	subStart []int32
	subKeeps []uint16
	// parents[k] lists the keeps with one die fewer than keep k, one for
	// each face k shows.
	parents [][]uint16
	boxes   []cupBox
	levels  int // the boxes' levels together
	kernel  *lanes.Kernels
}

// cupBox is one box of a cupGame: its distinct points, in increasing
// order, the level of each roll's points, and where its levels start
// among all the boxes' levels.
type cupBox struct {
	levels []int
	level  []uint8
	base   int
}

// newCupGame returns the tables of g's cup and boxes, each box's points
// as boxLevels gives them.
func newCupGame(g *engine.Game, levels [][]int) *cupGame {
	cup := g.Cup()
	cg := &cupGame{cup: cup, passes: lanes.NewCupPasses(cup), kernel: lanes.Fastest(), subStart: make([]int32, cup.NumRolls()+1),
		parents: make([][]uint16, cup.NumKeeps()), boxes: make([]cupBox, len(levels))}
	for r := range cup.NumRolls() {
		cg.subStart[r] = int32(len(cg.subKeeps))
		for _, k := range slices.Backward(cup.SubKeeps(r)) {
			cg.subKeeps = append(cg.subKeeps, uint16(k))
		}
	}
	cg.subStart[cup.NumRolls()] = int32(len(cg.subKeeps))
	for k := range cup.NumKeeps() {
		m := cup.Keep(k)
		for f := range engine.Faces {
			if m[f] > 0 {
				m[f]--
				cg.parents[k] = append(cg.parents[k], uint16(engine.KeepIndex(m)))
				m[f]++
			}
		}
	}
	for c, ls := range levels {
		b := &cg.boxes[c]
		b.levels, b.level, b.base = ls, make([]uint8, cup.NumRolls()), cg.levels
		for r := range b.level {
			l, _ := slices.BinarySearch(ls, g.Score(c, r))
			b.level[r] = uint8(l)
		}
		cg.levels += len(ls)
	}
	return cg
}

// boxLevels returns the distinct points each box of g scores over the
// rolls of its cup, in increasing order.
func boxLevels(g *engine.Game) [][]int {
	levels := make([][]int, len(g.Categories))
	for c := range levels {
		for r := range g.Cup().NumRolls() {
			levels[c] = append(levels[c], g.Score(c, r))
		}
		slices.Sort(levels[c])
		levels[c] = slices.Compact(levels[c])
	}
	return levels
}

// cupBatch is a Batch's work for a game of a cupGame: the turns of up to
// lanes.Lanes states, valued together in the cup's keep passes (the
// solver's, lanes.CupPasses), each roll's box taken as it is valued and
// each keep searched on first use.
type cupBatch struct {
	p  *Policy
	cg *cupGame
	n  int
	// work is the keep passes' rows; keeps[left-1] each keep's value
	// with left rerolls left, its rolls' rows each roll's best then,
	// writing it now or its best keep.
	work  lanes.CupKeeps
	keeps [MaxRolls - 1]lanes.CupKeeps
	// score[r][j] is the value of writing roll r now in lane j.
	score [][lanes.Lanes]float64
	// value[b.base+l][j] and end[b.base+l][j] are the value of writing
	// level l of box b in lane j and how that ends the turn.
	value [][lanes.Lanes]float64
	end   [][lanes.Lanes]End
	turns [lanes.Lanes]cupTurn
}

// cupTurn is a Turn's decisions in a game of a cupGame: the box and how
// the turn ends for every final roll, and the keep of every roll with
// rerolls left, unknownKeep until searched in the batch; batch is nil
// once every decision is taken.
type cupTurn struct {
	cg    *cupGame
	batch *cupBatch
	lane  int
	box   []uint8
	ends  []End
	keep  [MaxRolls - 1][]uint16
}

// unknownKeep marks a keep not yet searched, writeKeep the decision to
// write the dice now; keep indices stay below both.
const (
	unknownKeep = math.MaxUint16
	writeKeep   = math.MaxUint16 - 1
)

// newCupBatch returns an empty batch of p's turns, p playing a cupGame.
func (p *Policy) newCupBatch() *cupBatch {
	cg := p.cup
	rolls := cg.cup.NumRolls()
	b := &cupBatch{p: p, cg: cg, score: make([][lanes.Lanes]float64, rolls),
		value: make([][lanes.Lanes]float64, cg.levels), end: make([][lanes.Lanes]End, cg.levels)}
	for j := range b.turns {
		t := &b.turns[j]
		t.cg, t.lane, t.box, t.ends = cg, j, make([]uint8, rolls), make([]End, rolls)
		for i := range t.keep {
			t.keep[i] = make([]uint16, rolls)
		}
	}
	return b
}

// plan values the turns of states (at most lanes.Lanes, none with a full
// sheet), as the solver's cup turn does (solver.Turn.Actions): each
// final roll's value the best over its open boxes of float64(points +
// bonus) + next(next state), the first box in sheet order on a tie,
// then the keep passes one reroll at a time, each keep's values kept
// for the searches. Lanes past the states play the last again.
func (b *cupBatch) plan(states []engine.State, turns *[lanes.Lanes]Turn) {
	p, g, cg := b.p, b.p.game, b.cg
	b.n = len(states)
	for j := range lanes.Lanes {
		s := states[min(j, len(states)-1)]
		for c := range cg.boxes {
			bx := &cg.boxes[c]
			for l, pts := range bx.levels {
				row := bx.base + l
				if !s.Open(c) {
					b.value[row][j] = math.Inf(-1)
					continue
				}
				pl := g.Write(s, c, pts)
				b.value[row][j] = float64(pl.Total()) + p.next(pl.Next)
				b.end[row][j] = endOf(p.layout, pl)
			}
		}
		t := &b.turns[j]
		for r := range b.score {
			best, box := math.Inf(-1), 0
			for c := range cg.boxes {
				if !s.Open(c) {
					continue
				}
				bx := &cg.boxes[c]
				if v := b.value[bx.base+int(bx.level[r])][j]; v > best {
					best, box = v, c
				}
			}
			b.score[r][j], t.box[r] = best, uint8(box)
			bx := &cg.boxes[box]
			t.ends[r] = b.end[bx.base+int(bx.level[r])][j]
			*cg.passes.Roll(&b.work, r) = b.score[r]
		}
		for i := range t.keep {
			for r := range t.keep[i] {
				t.keep[i][r] = unknownKeep
			}
		}
		t.batch = b
	}
	for left := 1; left < g.Rolls; left++ {
		// The keeps' values before BestKeeps makes each the best of
		// its sub-keeps, the rolls' bests after.
		cg.passes.KeepValues(cg.kernel, &b.work)
		b.keeps[left-1] = b.work
		cg.passes.BestKeeps(cg.kernel, &b.work, false)
		first := cg.cup.FirstRollKeep()
		copy(b.keeps[left-1][first:], b.work[first:])
	}
	for j := range states {
		turns[j] = Turn{game: g, state: states[j], cup: &b.turns[j]}
	}
}

// keepOf returns the decision for roll r with left rerolls left: the
// first of its sub-keeps, in the order of solver.Turn.Actions (the
// largest keep index first), with the largest value, when that is more
// than writing the roll now; else writeKeep. The roll's best is known
// (its row after the keep passes), so the search stops at the first
// keep that has it.
func (t *cupTurn) keepOf(r, left int) uint16 {
	d := &t.keep[left-1][r]
	if *d != unknownKeep {
		return *d
	}
	b, cg := t.batch, t.cg
	v := &b.keeps[left-1]
	best := cg.passes.Roll(v, r)[t.lane]
	*d = writeKeep
	if best != b.score[r][t.lane] {
		for _, k := range cg.subKeeps[cg.subStart[r]:cg.subStart[r+1]] {
			if v[k][t.lane] == best {
				*d = k
				return k
			}
		}
		panic("policy: no keep has the best keep's value")
	}
	return *d
}

// takeKeeps searches every keep of a turn of rolls rolls now.
func (t *cupTurn) takeKeeps(rolls int) {
	for i := range rolls - 1 {
		for r := range t.keep[i] {
			t.keepOf(r, i+1)
		}
	}
}

// take returns the turn with every decision taken, in arrays of its own,
// out of the batch.
func (t *cupTurn) take(rolls int) *cupTurn {
	t.takeKeeps(rolls)
	own := &cupTurn{cg: t.cg, lane: t.lane, box: slices.Clone(t.box), ends: slices.Clone(t.ends)}
	for i := range rolls - 1 {
		own.keep[i] = slices.Clone(t.keep[i])
	}
	return own
}

// keepAt returns Turn.Keep's answer for roll r with rollsLeft rerolls
// left.
func (t *cupTurn) keepAt(r, rollsLeft int) (keep int, reroll bool) {
	d := t.keepOf(r, rollsLeft)
	if d == writeKeep {
		return t.cg.cup.FirstRollKeep() + r, false
	}
	return int(d), true
}

// appendOutcomes is Policy.AppendOutcomes for a turn of a cupGame: the
// mass of the rolls that keep the same dice goes to the rolls that keep
// can become, one die at a time (parents), then the final rolls' by box
// and points, in sheet order and increasing points.
func (t *cupTurn) appendOutcomes(out []Outcome, p *Policy, s engine.State) []Outcome {
	g, cg := p.game, t.cg
	first := cg.cup.FirstRollKeep()
	mass := make([]float64, cg.cup.NumKeeps())
	prob := mass[first:]
	for r := range prob {
		prob[r] = cg.cup.RollProbability(r)
	}
	for j := g.Rolls - 1; j >= 1; j-- {
		for r, q := range prob {
			if q == 0 {
				continue
			}
			if k, reroll := t.keepAt(r, j); reroll {
				mass[k] += q
				prob[r] = 0
			}
		}
		for k := 1; k < len(mass); k++ {
			in := 0.0
			for _, pk := range cg.parents[k] {
				in += mass[pk]
			}
			mass[k] += in * (1.0 / engine.Faces)
		}
		clear(mass[:first])
	}
	written := make([]float64, cg.levels)
	for r, q := range prob {
		if q != 0 {
			bx := &cg.boxes[t.box[r]]
			written[bx.base+int(bx.level[r])] += q
		}
	}
	for c := range cg.boxes {
		bx := &cg.boxes[c]
		for l, pts := range bx.levels {
			if q := written[bx.base+l]; q != 0 {
				pl := g.Write(s, c, pts)
				out = append(out, Outcome{Next: pl.Next, Points: pl.Total(), P: q})
			}
		}
	}
	return out
}

// appendArcs is Batch.AppendArcs for a batch of a cupGame: each lane's
// outcomes, their next states by index.
func (b *cupBatch) appendArcs(arcs []Arc, out [][]Arc, turns *[lanes.Lanes]Turn) []Arc {
	l := b.p.layout
	var buf []Outcome
	at := make([]int, b.n+1)
	at[0] = len(arcs)
	for j := range b.n {
		buf = b.turns[j].appendOutcomes(buf[:0], b.p, turns[j].state)
		for _, o := range buf {
			arcs = append(arcs, Arc{Next: int32(l.Index(o.Next)), Points: int32(o.Points), P: o.P})
		}
		at[j+1] = len(arcs)
	}
	for j := range b.n {
		out[j] = arcs[at[j]:at[j+1]:at[j+1]]
	}
	return arcs
}
