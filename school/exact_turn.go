package school

import (
	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// fourDice is the keep index of the first keep of four dice: the keeps
// of four dice are the rolls' parents, the only keeps that
// lanes.LaneKeeps.BestRolls reads.
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
func (k *Kernel) valueAt(t *moves, pos *[lanes.Lanes]int, values []float64, w *scratch) {
	k.finalsIn(t, pos, values, w)
	k.valuePasses(w)
}

// finalsIn fills w.finals as finalsAt does, to the same bits, for the
// states at positions pos in the one filled set whose writes are t: the
// lanes have the same open rows. Only what the finals read is made, each
// write's value looked up once: a School row's, not fresh and stale, and
// a combination row's by its points' position (pointsOf), without the max
// with the cross, as every roll starts from the best cross (addRows).
func (k *Kernel) finalsIn(t *moves, pos *[lanes.Lanes]int, values []float64, w *scratch) {
	var reserve, slot [lanes.Lanes]int
	for j, p := range pos {
		reserve[j], slot[j] = p/t.slots, p%t.slots
	}
	k.addRows(w, func(c int) ([2]rowValues, bool) {
		if t.row[c] < 0 {
			return [2]rowValues{}, false
		}
		r := &t.rows[t.row[c]]
		if r.school {
			// A School row's next index does not move by the reserve.
			stale := &w.rows[c].stale
			for j := range lanes.Lanes {
				e, carried := r.at(reserve[j], slot[j]), r.carried[slot[j]]
				for n, x := range r.writes[e : e+engine.Dice+1] {
					stale[n][j] = float64(x.total) + values[x.next+x.kept*carried]
				}
			}
			return k.byLevel(w, c), true
		}
		// A combination row's write carries no slot (kept is 0).
		v := &w.points[c]
		for j := range lanes.Lanes {
			e, shift := r.at(reserve[j], slot[j]), int32(min(reserve[j], r.cap)*r.stride)
			for d, x := range r.writes[e : e+r.ways] {
				v[d][j] = float64(x.total) + values[x.next+shift]
			}
		}
		return [2]rowValues{
			{&r.byRoll[0], (*lanes.LaneLevels)(v[:lanes.Levels])},
			{&r.byRoll[1], (*lanes.LaneLevels)(v[r.from : r.from+lanes.Levels])},
		}, true
	})
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
