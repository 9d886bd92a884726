package school

import (
	"math"

	"dicepoker/engine"
	"dicepoker/internal/workers"
)

// Loss measures a player exactly against exact values (the one-column
// solution): it plays games games as player plays them, and at each
// decision adds what the exact values say the player's choice gives up
// against the best one. It returns the mean loss a game, which the
// player's expected score falls short of the optimum by, without the
// noise of the games' scores. Game i rolls from seed and i, whatever the
// threads.
func (k *Kernel) Loss(player Player, exact Values, games int, seed uint64, threads int) float64 {
	g := k.g
	losses := make([]float64, games)
	scratches := make([][2]*scratch, workers.Threads(threads))
	workers.Each(games, threads, func(t, i int) {
		if scratches[t][0] == nil {
			scratches[t] = [2]*scratch{k.newScratch(), k.newScratch()}
		}
		we, wx := scratches[t][0], scratches[t][1]
		rng := gameRand(seed, i)
		loss := 0.0
		s := g.NewSchoolState()
		for !g.SchoolFull(&s) {
			next := player(&s)
			at, ex := k.search(&s, next, we), k.search(&s, exact, wx)
			dice, fresh := engine.Multiset{}.RollRest(rng), true
			for left := g.Rolls - 1; left > 0; left-- {
				r := engine.RollIndex(dice)
				write, best := at.write(r, fresh), ex.write(r, fresh)
				keep, v := at.bestKeep(r, left)
				top := best
				for _, j := range engine.SubKeeps(r) {
					top = max(top, ex.keep(left, j))
				}
				if v <= write {
					loss += top - best
					break
				}
				loss += top - ex.keep(left, keep)
				dice, fresh = engine.Keep(keep).RollRest(rng), keep == 0
			}
			m := k.write(&s, engine.RollIndex(dice), fresh, next, at)
			top := math.Inf(-1)
			for _, w := range g.SchoolMoves(s, engine.RollIndex(dice), fresh, nil) {
				top = max(top, float64(w.Total())+exact(w.Next))
			}
			loss += top - float64(m.Total()) - exact(m.Next)
			s = m.Next
		}
		losses[i] = loss
	})
	total := 0.0
	for _, l := range losses {
		total += l
	}
	return total / float64(games)
}
