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
// the filled sets whose writes are ts, from the values of the sheets
// after them by index, to the bits that searchAt gives; the rest of w is
// left as valuePasses leaves it.
func (k *Kernel) valueAt(ts *[solver.Lanes]*moves, pos *[solver.Lanes]int, values []float64, w *scratch) {
	k.finalsAt(ts, pos, values, w)
	k.valuePasses(w)
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
