package lanes

import (
	"math"
	"unsafe"

	"dicepoker/engine"
)

// CupKeeps holds the keep values of Lanes states for a cup of five or
// six dice (engine.Cup): v[k][j] is keep k's value in the j-th state, the
// rolls' rows from the cup's FirstRollKeep on. Its rows lie as a
// LaneKeeps' do, byte offsets of 16 bits reaching all of six dice's
// 924, so the keep passes of LaneKeeps run on it, assembly included.
type CupKeeps [engine.NumKeeps6][Lanes]float64

// The rows of six dice fit the offsets of a laneRow.
const _ = uint(1<<16 - engine.NumKeeps6*Lanes*8)

// lane returns v as the LaneKeeps whose offsets the kernels read: the
// rows of a CupKeeps past a LaneKeeps' are reached by offset alone.
func (v *CupKeeps) lane() *LaneKeeps { return (*LaneKeeps)(unsafe.Pointer(v)) }

// CupPasses are the keep passes of one cup over a CupKeeps: KeepValues'
// means and BestKeeps' maxima in their order, and the expectation over
// its rolls.
type CupPasses struct {
	first int // the keep index of roll 0
	mean  []laneRow
	best  []maxGroup
	probs []float64 // each roll's probability
}

// NewCupPasses returns the passes of cup c. Of five dice they are the
// steps of LaneKeeps' passes, in the same order.
func NewCupPasses(c *engine.Cup) *CupPasses {
	p := &CupPasses{first: c.FirstRollKeep(), probs: make([]float64, c.NumRolls())}
	for k := p.first - 1; k >= 0; k-- {
		r := laneRow{rowOffset(k)}
		for f := range engine.Faces {
			r[1+f] = rowOffset(c.KeepChild(k, f+1))
		}
		p.mean = append(p.mean, r)
	}
	// Keeps by size, then by their number of parents, as parentGroups
	// lies: parents are done before children. The kernels take at most
	// five parents; a keep of six different faces (123456) takes its
	// sixth in a row of one parent after.
	var sixth []laneRow
	for size, k := 1, 1; size <= c.Dice(); size++ {
		var byParents [engine.Faces + 1][]laneRow
		for ; k < c.NumKeeps() && c.Keep(k).Size() == size; k++ {
			m := c.Keep(k)
			r := laneRow{rowOffset(k)}
			n := 0
			for f := range engine.Faces {
				if m[f] > 0 {
					m[f]--
					n++
					r[n] = rowOffset(engine.KeepIndex(m))
					m[f]++
				}
			}
			if n == engine.Faces {
				sixth = append(sixth, laneRow{r[0], r[n]})
				n--
			}
			byParents[n] = append(byParents[n], r)
		}
		for n, rows := range byParents {
			if len(rows) > 0 {
				p.best = append(p.best, maxGroup{parents: n, rows: rows})
			}
		}
		if len(sixth) > 0 {
			p.best = append(p.best, maxGroup{parents: 1, rows: sixth})
			sixth = nil
		}
	}
	for r := range p.probs {
		p.probs[r] = c.RollProbability(r)
	}
	return p
}

// Rolls returns the number of rolls of the cup.
func (p *CupPasses) Rolls() int { return len(p.probs) }

// Roll returns the row of roll r in v.
func (p *CupPasses) Roll(v *CupKeeps, r int) *[Lanes]float64 { return &v[p.first+r] }

// KeepValues does KeepValues in every lane of v, for the cup's keeps, in
// kernel k.
func (p *CupPasses) KeepValues(k *Kernels, v *CupKeeps) { k.mean(v.lane(), p.mean) }

// BestKeeps does BestKeeps in every lane of v, for the cup's keeps, in
// kernel k; ordered says that every value is +0 or more, or -Inf (see
// Kernels). Values not known to be so are looked at, and compared as
// floats where they are not.
func (p *CupPasses) BestKeeps(k *Kernels, v *CupKeeps, ordered bool) {
	if !ordered {
		var sign uint64
		for i := range p.first + len(p.probs) {
			for _, x := range &v[i] {
				sign |= math.Float64bits(x)
			}
		}
		ordered = sign>>63 == 0
	}
	if ordered {
		k.best(v.lane(), p.best, true)
		return
	}
	for _, g := range p.best {
		bestFloatLanesGo(v.lane(), g.rows, g.parents)
	}
}

// Expect sets e[j] to the expected value of the j-th state's rolls in v
// over a roll of all the dice, adding in roll order as LaneRolls.Expect
// does.
func (p *CupPasses) Expect(v *CupKeeps, e *[Lanes]float64) {
	rolls := v[p.first : p.first+len(p.probs)]
	for h := 0; h < Lanes; h += 4 {
		var e0, e1, e2, e3 float64
		for r, pr := range p.probs {
			x := (*[4]float64)(rolls[r][h&4:])
			e0, e1, e2, e3 = e0+float64(pr*x[0]), e1+float64(pr*x[1]), e2+float64(pr*x[2]), e3+float64(pr*x[3])
		}
		e[h&4], e[h&4+1], e[h&4+2], e[h&4+3] = e0, e1, e2, e3
	}
}

// Scored is the package's Scored for the cup's rolls, points[r] being roll
// r's: the same list, its offsets those of the rows in a CupKeeps, for
// MaxScored. Its entries' Roll is not set: a cup's rolls may be more than
// a byte counts.
func (p *CupPasses) Scored(points []float64) []ScoredRoll {
	return scored(points, p.first)
}

// Raised is the package's Raised for the cup's rolls, its offsets those
// of the rows in a CupKeeps, for MaxRaised; its entries' Roll is not set.
func (p *CupPasses) Raised(levels []int, level []uint8, zero int) []LevelRoll {
	var list []LevelRoll
	for _, run := range raisedRuns(levels, level, zero) {
		for _, r := range run {
			list = append(list, LevelRoll{Off: rowOffset(p.first + r), Level: level[r]})
		}
	}
	return list
}

// MaxScored is Kernels.MaxScored on the rows of a CupKeeps, in kernel k.
func (p *CupPasses) MaxScored(k *Kernels, v *CupKeeps, list []ScoredRoll, add *[Lanes]float64, ordered bool) {
	k.sparse(v.lane(), list, add, ordered)
}

// MaxRaised is Kernels.MaxRaised on the rows of a CupKeeps, in kernel k.
func (p *CupPasses) MaxRaised(k *Kernels, v *CupKeeps, list []LevelRoll, totals *BoxLevels, ordered bool) {
	k.raised(v.lane(), list, totals, ordered)
}
