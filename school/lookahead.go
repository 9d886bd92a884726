package school

import (
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// Lookahead returns the player that looks one turn further ahead than
// player: it values each sheet one write after s by the search of that
// sheet's own next turn over player's values of the sheets after it,
// where player values it directly. A fitted estimate is a little wrong on
// each sheet, most on sheets its own games seldom meet, and two actions a
// point apart can trade places by its errors alone; the next turn's search
// takes the mean of its values over that turn's rolls and writes, where
// the errors of many sheets cancel. On the two four-column rankings that
// 4,000 games a side found wrong, it ranks as the games do (see docs/design.md,
// the school estimate). It searches every sheet a turn from s may lead to, lanes.Lanes
// at a time on threads goroutines (0: runtime.GOMAXPROCS): a few
// milliseconds a turn with three columns, so it is the advisor's, not the
// simulated player's. A full sheet is valued as player values it.
func (k *Kernel) Lookahead(player Player, threads int) Player {
	return func(s *engine.SchoolState) Values {
		at := map[engine.SchoolState]int{} // each sheet's place in after
		var after []engine.SchoolState
		k.writes(s, func(m engine.SchoolWrite) {
			if _, ok := at[m.Next]; !ok && !k.g.SchoolFull(&m.Next) {
				at[m.Next] = len(after)
				after = append(after, m.Next)
			}
		})
		values := make([]float64, len(after))
		parallel((len(after)+lanes.Lanes-1)/lanes.Lanes, threads, func(b int, w *scratch) {
			states := after[b*lanes.Lanes : min((b+1)*lanes.Lanes, len(after))]
			var each laneValues
			for j := range states {
				each[j] = player(&states[j])
			}
			k.searchLanes(states, &each, w)
			copy(values[b*lanes.Lanes:], w.value[:len(states)])
		}, k)
		base := *s // the caller's sheet may change after
		direct := sync.OnceValue(func() Values { return player(&base) })
		return func(x engine.SchoolState) float64 {
			if i, ok := at[x]; ok {
				return values[i]
			}
			if k.g.SchoolFull(&x) {
				return direct()(x)
			}
			// Not a write the search values: searched on its own.
			return k.Value(&x, player(&x), k.newScratch())
		}
	}
}
