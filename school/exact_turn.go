package school

import (
	"dicepoker/engine"
	"dicepoker/solver"
)

// fourDice is the keep index of the first keep of four dice: the keeps
// of four dice are the rolls' parents, the only keeps that
// solver.LaneKeeps.BestRolls reads.
var fourDice = func() int {
	k := 0
	for engine.Keep(k).Size() < engine.Dice-1 {
		k++
	}
	return k
}()

// valueAt sets w.value to the values of the states at positions pos in
// the filled set whose writes are t, from the values of the sheets after
// them by index, to the bits that searchAt gives; the rest of w is left
// as finalsIn and valuePasses leave it.
func (k *Kernel) valueAt(t *moves, pos *[solver.Lanes]int, values []float64, w *scratch) {
	k.finalsIn(t, pos, values, w)
	k.valuePasses(w)
}

// finalsIn fills w.finals as finalsAt does, to the same bits, for the
// states at positions pos in the one filled set whose writes are t: the
// lanes have the same open rows. Only what the finals read is made, each
// level's value looked up straight into its row of w.rows: a School
// row's values once, not fresh and stale.
func (k *Kernel) finalsIn(t *moves, pos *[solver.Lanes]int, values []float64, w *scratch) {
	var reserve, slot [solver.Lanes]int
	for j, p := range pos {
		reserve[j], slot[j] = p/t.slots, p%t.slots
	}
	k.addRows(w, func(c int) bool {
		if t.row[c] < 0 {
			return false
		}
		r := &t.rows[t.row[c]]
		stale := &w.rows[c].stale
		if r.school {
			// A School row's next index does not move by the reserve.
			for j := range solver.Lanes {
				e, carried := r.at(reserve[j], slot[j]), r.carried[slot[j]]
				for n, x := range r.writes[e : e+engine.Dice+1] {
					stale[n][j] = float64(x.total) + values[x.next+x.kept*carried]
				}
			}
			return true
		}
		// A combination row's carries no slot (kept is 0). A score worth
		// less than the cross loses to the roll's start, the best cross
		// (addRows): the finals need no max with it.
		var e, shift [solver.Lanes]int32
		for j := range solver.Lanes {
			e[j], shift[j] = int32(r.at(reserve[j], slot[j])), int32(min(reserve[j], r.cap)*r.stride)
		}
		fresh := &w.rows[c].fresh
		scoreLanes(r.writes, &e, &shift, 0, values, &stale[0])
		fresh[0] = stale[0]
		for l, d := range r.stale {
			scoreLanes(r.writes, &e, &shift, int32(d), values, &stale[l+1])
		}
		for l, d := range r.fresh {
			scoreLanes(r.writes, &e, &shift, int32(d), values, &fresh[l+1])
		}
		return true
	})
}

// scoreLanes sets v[j] to the value of the d-th of a combination row's
// writes in lane j, whose writes start at e[j] in writes and whose next
// index moves by shift[j]: what it adds to the total plus the value of the
// sheet after it, by index in values.
func scoreLanes(writes []rowWrite, e, shift *[solver.Lanes]int32, d int32, values []float64, v *[solver.Lanes]float64) {
	for j := range v {
		x := writes[e[j]+d]
		v[j] = float64(x.total) + values[x.next+shift[j]]
	}
}

// valuePasses sets w.value from w.finals through the keep passes of a
// turn of three rolls, as passes does and to the same bits, but for the
// values alone: the keeps are maximised in place, where passes keeps each
// roll's keeps and holds for play, and a third of the copies go.
func (k *Kernel) valuePasses(w *scratch) {
	a, b, fresh := &w.keeps[1], &w.best[1], w.finals.Fresh
	// One roll to go: each keep is worth the mean of writing the stale
	// rolls it becomes (a's rolls), but the empty keep rolls all five.
	a.KeepValues()
	fresh.Expect(&a[0])
	// Holding a roll with one reroll to go is worth the best of writing
	// it and of its proper keeps: the stale holds in place of the stale
	// finals, the fresh ones from the keeps of four dice beside the fresh
	// finals.
	a.BestKeeps()
	copy(b[fourDice:engine.FirstRollKeep], a[fourDice:engine.FirstRollKeep])
	*b.Rolls() = *fresh
	b.BestRolls()
	// Two rolls to go: the keeps from the stale holds, the empty keep
	// from the fresh ones; then the first roll, fresh, held.
	a.KeepValues()
	b.Rolls().Expect(&a[0])
	*a.Rolls() = *fresh
	a.BestKeeps()
	a.Rolls().Expect(&w.value)
}
