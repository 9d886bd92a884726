package school

import (
	"math/bits"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// EndgameTurns is how many turns before the end the advisor's player
// values the sheets exactly (see Endgame), and EndgameLostTurns how many
// when no bonus is left in reach: with more the search of a late turn
// costs too much for advise and simulate (docs/design.md, the school estimate).
const (
	EndgameTurns     = 3
	EndgameLostTurns = 5
)

// Endgame is a player that values the sheets near the end of a game
// exactly: a sheet with at most Turns turns left, or at most Lost and no
// bonus in reach, is worth the expected sum of what is still to come under
// the best play to the end, by the kernel's own turn search from the
// exact values of the sheets after it, down to the full sheet; the others
// are valued by a base player. Without a bonus in reach the scores of the
// combination rows no longer tell the sheets after apart, so there are
// few of them. The exact values are kept, so the sheets that later turns
// and other games meet again cost nothing. It is safe for concurrent use.
type Endgame struct {
	k           *Kernel
	base        Player
	turns, lost int
	work        sync.Pool // *scratch
	mu          sync.RWMutex
	known       map[engine.SchoolState]float64 // exact values by key
}

// endgameKeep is how many exact values an Endgame keeps: past it, it
// forgets them all and starts again, so a long run's memory stays bounded
// (about 130 MB when full: a map of 2^20 sheets, 48 bytes a key, as
// measured with runtime.MemStats on Go 1.26).
const endgameKeep = 1 << 20

// NewEndgame returns the player that values exactly, on kernel k, the
// sheets with at most turns turns left, and those with at most lost and
// no bonus in reach, and the others as base does.
func NewEndgame(k *Kernel, base Player, turns, lost int) *Endgame {
	e := &Endgame{k: k, base: base, turns: turns, lost: max(turns, lost), known: map[engine.SchoolState]float64{}}
	e.work.New = func() any { return k.newScratch() }
	return e
}

// exactly reports whether e values sheet s exactly. The sheets after
// such a sheet are valued exactly too: they have fewer turns left and no
// more bonuses in reach.
func (e *Endgame) exactly(s *engine.SchoolState) bool {
	t := e.k.g.SchoolTurnsLeft(s)
	return t <= e.turns || t <= e.lost && s.RowBonus == 0 && s.ColBonus == 0
}

// Player returns the values of the sheets one write after s: exact where
// e values them exactly, else the base player's.
func (e *Endgame) Player(s *engine.SchoolState) Values {
	// A write takes at most two bonuses out of reach, its row's and its
	// column's: with more in reach, none of the sheets after is exact.
	t := e.k.g.SchoolTurnsLeft(s) - 1
	if t > e.turns && (t > e.lost || bits.OnesCount16(s.RowBonus)+bits.OnesCount8(s.ColBonus) > 2) {
		return e.base(s)
	}
	after := e.successors(s, nil)
	var roots []engine.SchoolState
	for _, x := range after {
		if e.exactly(&x) {
			roots = append(roots, x)
		}
	}
	switch {
	case len(roots) == 0:
		return e.base(s)
	case len(roots) == len(after):
		return e.exact(roots)
	}
	exact, base := e.exact(roots), e.base(s)
	return func(x engine.SchoolState) float64 {
		if e.exactly(&x) {
			return exact(x)
		}
		return base(x)
	}
}

// Drift returns the drift of e's player on e's kernel (NewDrift), whose
// games end where e values the sheet exactly: from there each turn's
// search is the very computation that gave the sheet its exact value,
// the same to the bit, so every later disagreement is 0 and adds
// nothing; the turns, and the exact values of their sheets, are spared.
func (e *Endgame) Drift() *Drift {
	d := NewDrift(e.k, e.Player)
	d.settled = e.exactly
	return d
}

// Values returns the exact value of a sheet where e values it exactly,
// else value's.
func (e *Endgame) Values(value Values) Values {
	return func(s engine.SchoolState) float64 {
		if !e.exactly(&s) {
			return value(s)
		}
		return e.exact([]engine.SchoolState{e.key(s)})(s)
	}
}

// key returns s without what the rest of its game cannot depend on, so
// that sheets with the same future share one exact value: a row's best
// cell once its bonus is out of reach (it only sets that bonus), a
// column's likewise, and the reserve beyond what the open School cells
// could still take from it, two dice short in each (what is over is never
// needed, and every change of the reserve is the same with it or not).
func (e *Endgame) key(s engine.SchoolState) engine.SchoolState {
	g := e.k.g
	need := 0
	for c := range g.Categories {
		if s.RowBonus>>c&1 == 0 {
			s.RowBest[c] = 0
		}
		if cat := &g.Categories[c]; cat.School {
			need += (g.Columns - int(s.Fill[c])) * 2 * cat.Face
		}
	}
	for j := range engine.MaxColumns {
		if s.ColBonus>>j&1 == 0 {
			s.ColBest[j] = 0
		}
	}
	s.Reserve = min(s.Reserve, need)
	return s
}

// successors appends to buf the keys of the sheets that are not full one
// write after s (see Kernel.writes), and returns it. A key may come more
// than once.
func (e *Endgame) successors(s *engine.SchoolState, buf []engine.SchoolState) []engine.SchoolState {
	e.k.writes(s, func(m engine.SchoolWrite) {
		if !e.k.g.SchoolFull(&m.Next) {
			buf = append(buf, e.key(m.Next))
		}
	})
	return buf
}

// exact returns the exact values of the sheets, by key, that roots hold:
// each root, each not full and valued exactly (see exactly), and every
// sheet after it to the end are searched, those not known yet, the sheets
// with fewest turns left first, lanes.Lanes at a time. A sheet whose key
// is not among them is valued by itself (a full one is worth 0).
func (e *Endgame) exact(roots []engine.SchoolState) Values {
	g := e.k.g
	vals := make(map[engine.SchoolState]float64, len(roots))
	// levels[d] are the sheets d writes after the roots' that are not
	// known: each has the same turns left, so no sheet is in two.
	var levels [][]engine.SchoolState
	var buf []engine.SchoolState
	e.mu.RLock()
	level := make([]engine.SchoolState, 0, len(roots))
	for _, s := range roots {
		if _, ok := vals[s]; ok {
			continue
		}
		if v, ok := e.known[s]; ok {
			vals[s] = v
		} else {
			level = append(level, s)
			vals[s] = 0
		}
	}
	for len(level) > 0 {
		levels = append(levels, level)
		var next []engine.SchoolState
		for i := range level {
			buf = e.successors(&level[i], buf[:0])
			for _, x := range buf {
				if _, ok := vals[x]; ok {
					continue
				}
				if v, ok := e.known[x]; ok {
					vals[x] = v
					continue
				}
				vals[x] = 0
				next = append(next, x)
			}
		}
		level = next
	}
	e.mu.RUnlock()
	after := func(x engine.SchoolState) float64 {
		if g.SchoolFull(&x) {
			return 0
		}
		v, ok := vals[e.key(x)]
		if !ok {
			// successors and the kernel's writes disagree: a 0 here
			// would pass for an exact value.
			panic("school: the endgame's search met a sheet its successors did not list")
		}
		return v
	}
	w := e.work.Get().(*scratch)
	var out [lanes.Lanes]float64
	for d := len(levels) - 1; d >= 0; d-- {
		for from := 0; from < len(levels[d]); from += lanes.Lanes {
			batch := levels[d][from:min(from+lanes.Lanes, len(levels[d]))]
			e.k.values(batch, after, w, out[:len(batch)])
			for j, s := range batch {
				vals[s] = out[j]
			}
		}
	}
	e.work.Put(w)
	if len(levels) > 0 {
		e.mu.Lock()
		if len(e.known) > endgameKeep {
			clear(e.known)
		}
		for _, level := range levels {
			for _, s := range level {
				e.known[s] = vals[s]
			}
		}
		e.mu.Unlock()
	}
	return func(x engine.SchoolState) float64 {
		if g.SchoolFull(&x) {
			return 0
		}
		key := e.key(x)
		if v, ok := vals[key]; ok {
			return v
		}
		return e.exact([]engine.SchoolState{key})(x)
	}
}
