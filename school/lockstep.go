package school

import (
	"iter"
	"math"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// lane is one state's turn search among the lanes of a scratch.
type lane struct {
	w *scratch
	j int
}

// value returns the state's value before its first roll.
func (l lane) value() float64 { return l.w.value[l.j] }

// write returns the value of writing final roll r, fresh or not.
func (l lane) write(r int, fresh bool) float64 {
	if fresh {
		return l.w.finals.Fresh[r][l.j]
	}
	return l.w.finals.Stale[r][l.j]
}

// keep returns the value of keep i with left rerolls to go.
func (l lane) keep(left, i int) float64 { return l.w.keeps[left][i][l.j] }

// row returns the value of writing roll r, fresh or not, in row c, open
// in the lane's state: k's search found it.
func (l lane) row(k *Kernel, c, r int, fresh bool) float64 {
	v := &l.w.rows[c]
	switch {
	case k.g.Categories[c].School:
		return v.fresh[k.count[c][r]][l.j]
	case fresh:
		return v.fresh[k.level[c][r]][l.j]
	}
	return v.stale[k.level[c][r]][l.j]
}

// bestKeep returns the best proper keep of roll r with left rerolls to go
// and its value: the first of the best in engine.SubKeeps order. A turn
// rerolls with it only when it is worth more than writing the roll.
func (l lane) bestKeep(r, left int) (int, float64) {
	keeps := &l.w.keeps[left]
	keep, best := -1, math.Inf(-1)
	for _, i := range engine.SubKeeps(r) {
		if v := keeps[i][l.j]; v > best {
			best, keep = v, i
		}
	}
	return keep, best
}

// A searcher runs the turn's search of state s with the values next of the
// sheets after it, and returns the lane that holds it. The lane stays
// valid until the searcher's next call.
type searcher func(s *engine.SchoolState, next Values) lane

// alone returns the searcher that runs each search by itself in w.
func (k *Kernel) alone(w *scratch) searcher {
	return func(s *engine.SchoolState, next Values) lane { return k.search(s, next, w) }
}

// lockstep calls game(i, search) for each i in 0..n-1, where game plays
// game i through search, on threads goroutines (0: runtime.GOMAXPROCS).
// Each goroutine takes lanes.Lanes games at a time and runs them side by
// side as coroutines: every game runs until it asks for a search, then
// the searches of all that asked go through the kernel's lanes together,
// and each game resumes with its own lane. A turn's search costs about as
// much for eight states as for one, so this is up to eight times as fast
// as playing the games one by one, with the same results: the lanes do not
// mix.
func (k *Kernel) lockstep(n, threads int, game func(i int, search searcher)) {
	parallel((n+lanes.Lanes-1)/lanes.Lanes, threads, func(b int, w *scratch) {
		k.batch(b*lanes.Lanes, min(n, (b+1)*lanes.Lanes), w, game)
	}, k)
}

// request is a search a game asks for, and the lane it is given.
type request struct {
	s    engine.SchoolState
	next Values
	lane int
}

// batch plays games from..to-1 side by side in w, as lockstep says.
func (k *Kernel) batch(from, to int, w *scratch, game func(i int, search searcher)) {
	reqs := make([]request, to-from)
	resume := make([]func() (struct{}, bool), 0, to-from)
	waiting := make([]int, 0, to-from) // games that asked for a search
	for i := range reqs {
		r := &reqs[i]
		next, stop := iter.Pull(func(yield func(struct{}) bool) {
			game(from+i, func(s *engine.SchoolState, v Values) lane {
				r.s, r.next = *s, v
				if !yield(struct{}{}) {
					panic("school: a game stopped in the middle of a search")
				}
				return lane{w, r.lane}
			})
		})
		defer stop()
		resume = append(resume, next)
		if _, asked := next(); asked {
			waiting = append(waiting, i)
		}
	}
	var states [lanes.Lanes]engine.SchoolState
	var values laneValues
	for len(waiting) > 0 {
		for j, i := range waiting {
			states[j], values[j], reqs[i].lane = reqs[i].s, reqs[i].next, j
		}
		k.searchLanes(states[:len(waiting)], &values, w)
		asked := waiting[:0]
		for _, i := range waiting {
			if _, ok := resume[i](); ok {
				asked = append(asked, i)
			}
		}
		waiting = asked
	}
}
