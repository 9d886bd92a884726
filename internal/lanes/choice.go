package lanes

import (
	"math"

	"dicepoker/engine"
)

// choicesGo sets each keep's row of c, keep 0 aside, to the keep index,
// as a float64, of the keep's best sub-keep in each lane: of the keep
// itself and its sub-keeps (the multisets of its dice, keeping none
// included), one with the largest value, and of those the one with the
// largest keep index. A roll's own value is writing it now, so that a
// roll whose row of c holds its own keep index (engine.FirstRollKeep and
// up) is best written. v holds the values as BestKeeps finds them,
// v.Keeps for the keeps with fewer than five dice and v.Now for the
// rolls; best holds what BestKeeps makes of them, each keep's largest
// value among its sub-keeps.
//
// Sub-keeps have smaller keep indices than their keeps, so a keep worth
// its best is its own choice; any other keep's is the largest choice of
// its parents (the keeps with one die fewer) whose best is its best, all
// of them chosen before it. The values are compared for equality alone,
// so the choice is that of a search through the sub-keeps.
func choicesGo(c *LaneKeeps, v *LaneTurn, best *LaneKeeps) {
	for _, g := range maxGroups {
		for i := range g.rows {
			r := &g.rows[i]
			top, own := at(best, r[0]), turnAt(v, r[ownSlot])
			k := float64(r[0] / rowOffset(1))
			var choice [Lanes]float64
			for j := range Lanes {
				if own[j] == top[j] {
					choice[j] = k
				}
			}
			for _, off := range r[1 : 1+g.parents] {
				b, p := at(best, off), at(c, off)
				for j := range Lanes {
					if b[j] == top[j] {
						choice[j] = max(choice[j], p[j])
					}
				}
			}
			*at(c, r[0]) = choice
		}
	}
}

// levelChoicesGo is one box of MaxByBoxesChoosing in plain Go: each
// roll's row of rolls becomes the larger of it and its level's totals
// (MaxByLevel), and its row of choice the box's choice for that level
// in the lanes where the totals are the larger.
func levelChoicesGo(rolls *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, choice *LaneRolls, choices *[Levels]float64) {
	for r, l := range level {
		row, t, c, box := &rolls[r], &totals[l&(Levels-1)], &choice[r], choices[l&(Levels-1)]
		for j := range Lanes {
			if row[j] < t[j] {
				row[j], c[j] = t[j], box
			}
		}
	}
}

// Spread moves probability from the keeps to the rolls in every lane of
// v: from the fewest dice up, each keep's row (and each roll's) gains a
// sixth of the sum of its parents' rows (the keeps with one die fewer,
// by face), those rows complete by then. It is the chance of each roll
// when the dice of every keep are rolled, given the chance of holding
// each keep. Go adds the rows as plainly as it would one state's array.
func (v *LaneKeeps) Spread() { activeSpread(v) }

// spreadGo is Spread in plain Go.
func spreadGo(v *LaneKeeps) {
	for _, g := range maxGroups {
		for i := range g.rows {
			r := &g.rows[i]
			to := at(v, r[0])
			var in [Lanes]float64
			for _, off := range r[1 : 1+g.parents] {
				p := at(v, off)
				in[0], in[1], in[2], in[3] = in[0]+p[0], in[1]+p[1], in[2]+p[2], in[3]+p[3]
				in[4], in[5], in[6], in[7] = in[4]+p[4], in[5]+p[5], in[6]+p[6], in[7]+p[7]
			}
			for j := range Lanes {
				to[j] += in[j] * (1.0 / engine.Faces)
			}
		}
	}
}

// MoveToChoices moves the probability of each roll whose row of choice
// (BestKeepsChoosing's) holds a keep with fewer dice, below
// engine.FirstRollKeep, to that keep's row, in every lane of v: the
// rolls in order, each adding its row to the keep's and left 0; a roll
// that chooses itself, written now, keeps its own. With Spread after it,
// it carries the chance of each roll through one reroll. The padding
// rows past engine.NumKeeps are no keep's: the AVX kernel uses the last
// as scratch and leaves it 0.
func (v *LaneKeeps) MoveToChoices(choice *LaneRolls) { activeMove(v, choice) }

// moveGo is MoveToChoices in plain Go.
func moveGo(v *LaneKeeps, choice *LaneRolls) {
	rolls := v.Rolls()
	for r := range rolls {
		row, c := &rolls[r], &choice[r]
		for j := range Lanes {
			if k := int(c[j]); k < keepParents {
				v[k][j] += row[j]
				row[j] = 0
			}
		}
	}
}

// AddToRows adds each roll's row of r, in every lane, to the row of rows
// that its row of at names (a whole number, 0 to len(rows)-1), the rolls
// in order: the final rolls' probability summed by what each chooses,
// such as a box's level (MaxByBoxesChoosing).
func (r *LaneRolls) AddToRows(rows [][Lanes]float64, at *LaneRolls) {
	if len(rows) == 0 || len(rows) > 1<<20 { // the kernels' offsets are int32s
		panic("lanes: AddToRows of no rows or too many")
	}
	activeAddToRows(r, rows, at)
}

// addToRowsGo is AddToRows in plain Go.
func addToRowsGo(r *LaneRolls, rows [][Lanes]float64, at *LaneRolls) {
	for i := range r {
		row, a := &r[i], &at[i]
		for j := range Lanes {
			rows[int(a[j])][j] += row[j]
		}
	}
}

// Choose sets each roll's row of to, in every lane, to x's where a's is
// larger than b's, else to y's: to a keep or to an end, as the value
// of keeping against writing decides, for AddToRows. Choices by the dice
// are hard to foresee, so no kernel branches on them.
func (to *LaneRolls) Choose(a, b, x, y *LaneRolls) { activeChoose(to, a, b, x, y) }

// chooseGo is Choose in plain Go: the comparison picks one of two bit
// patterns, both loaded, which the compiler makes a conditional move.
func chooseGo(to, a, b, x, y *LaneRolls) {
	for r := range to {
		t, ar, br, xr, yr := &to[r], &a[r], &b[r], &x[r], &y[r]
		for j := range t {
			pick, other := math.Float64bits(yr[j]), math.Float64bits(xr[j])
			if ar[j] > br[j] {
				pick = other
			}
			t[j] = math.Float64frombits(pick)
		}
	}
}

// BestKeepsChoosing does BestKeeps on v and sets each keep's row of c to
// the keep index, as a float64, of its best sub-keep among the values v
// held before, in each lane (choicesGo): of the keep itself and its
// sub-keeps, one with the largest value, and of those the one with the
// largest keep index. A roll's own value is its row of v, writing it
// now, so that a roll whose row of c holds its own keep index
// (engine.FirstRollKeep and up) is best written. It is one pass over the
// keeps, each row's parents read twice from the cache, where BestKeeps
// and then the choices over a copy of the values took two.
func (v *LaneKeeps) BestKeepsChoosing(c *LaneKeeps) {
	c[0] = [Lanes]float64{}
	activeBestChoices(v, c)
}

// bestChoicesGo is BestKeepsChoosing in plain Go, keep 0 aside: the
// values copied, then BestKeeps and choicesGo.
func bestChoicesGo(v, c *LaneKeeps) {
	var own LaneTurn
	own.Keeps, own.Now = *v, *v.Rolls()
	v.BestKeeps()
	choicesGo(c, &own, v)
}
