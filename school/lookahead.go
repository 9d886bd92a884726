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
//
// It keeps the values of the last sheet it searched: a person enters
// the dice of a turn a tap at a time, and every position of the turn
// asks for the same sheet's. player must give the same values for the
// same sheet, as every Player does.
func (k *Kernel) Lookahead(player Player, threads int) Player {
	var mu sync.Mutex
	var last *ahead
	return func(s *engine.SchoolState) Values {
		mu.Lock()
		a := last
		mu.Unlock()
		if a == nil || a.base != *s {
			a = k.ahead(player, s, threads)
			mu.Lock()
			last = a
			mu.Unlock()
		}
		return a.value
	}
}

// ahead is what Lookahead works out for the sheets one write after base.
type ahead struct {
	k      *Kernel
	player Player
	base   engine.SchoolState
	at     map[engine.SchoolState]int // each sheet's place in values
	values []float64
	direct func() Values // player's values of the sheets after base
}

// ahead searches every sheet a turn from s may lead to, as Lookahead says.
func (k *Kernel) ahead(player Player, s *engine.SchoolState, threads int) *ahead {
	a := &ahead{k: k, player: player, base: *s, at: map[engine.SchoolState]int{}}
	var after []engine.SchoolState
	k.writes(s, func(m engine.SchoolWrite) {
		if _, ok := a.at[m.Next]; !ok && !k.g.SchoolFull(&m.Next) {
			a.at[m.Next] = len(after)
			after = append(after, m.Next)
		}
	})
	a.values = make([]float64, len(after))
	parallel((len(after)+lanes.Lanes-1)/lanes.Lanes, threads, func(b int, w *scratch) {
		states := after[b*lanes.Lanes : min((b+1)*lanes.Lanes, len(after))]
		var each laneValues
		for j := range states {
			each[j] = player(&states[j])
		}
		k.searchLanes(states, &each, w)
		copy(a.values[b*lanes.Lanes:], w.value[:len(states)])
	}, k)
	a.direct = sync.OnceValue(func() Values { return player(&a.base) })
	return a
}

// value returns the value of sheet x, one write after a.base.
func (a *ahead) value(x engine.SchoolState) float64 {
	if i, ok := a.at[x]; ok {
		return a.values[i]
	}
	if a.k.g.SchoolFull(&x) {
		return a.direct()(x)
	}
	// Not a write the search values: searched on its own.
	w := a.k.borrowScratch()
	defer giveScratch(w)
	return a.k.Value(&x, a.player(&x), w)
}
