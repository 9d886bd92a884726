package target

import (
	"math"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/policy"
)

// Worth values the final total of a game that is a contest: Of(z) is
// what finishing with z is worth, say the chance that z beats the other
// players, rising with z from 0 towards 1. Below Lo every total is worth
// 0, from Lo+len(Of)-1 on every total is worth the last.
type Worth struct {
	Lo int
	Of []float64
}

// at returns the worth of total z.
func (w Worth) at(z int) float64 {
	switch i := z - w.Lo; {
	case i < 0 || len(w.Of) == 0:
		return 0
	case i >= len(w.Of):
		return w.Of[len(w.Of)-1]
	default:
		return w.Of[i]
	}
}

// Contest returns the turn of state s, with score points on the sheet,
// that plays for the most worth of the final total: the turn is played
// exactly, and each way of ending it, in state a with y points in all,
// is valued as if from then on every total could be aimed at at once:
//
//	worth(y) + Σ_{n≥1} (worth(y+n) - worth(y+n-1)) · Chance(a, n)
//
// which is the expected worth of y plus the points to come when those
// reach at least n with the table's chance of n: an optimistic value,
// since no one play reaches every n with its best chance, but one that
// weighs each total as the contest does.
func (t *Table) Contest(s engine.State, score int, worth Worth) *policy.Turn {
	c := &contest{t: t, worth: worth, ends: map[engine.State]map[int]float64{}}
	c.rise = make([]float64, len(worth.Of))
	for i, w := range worth.Of {
		c.rise[i] = w - worth.at(worth.Lo+i-1)
	}
	// The ways the turn can end, each state with the totals it can be
	// reached with.
	g := t.Game
	for cat := range g.Categories {
		if s.Open(cat) {
			for _, pts := range t.turn.levels[cat] {
				bonus, after := g.Move(s, cat, pts)
				c.end(after, score+pts+bonus)
			}
		}
	}
	if x := g.Extra; x != nil && !s.Open(x.Box) {
		var buf [32]engine.Placement
		for r := range engine.NumRolls {
			if g.Special(s, r) {
				for _, pl := range g.Placements(s, r, buf[:0]) {
					c.end(pl.Next, score+pl.Total())
				}
			}
		}
	}
	return c.turn(s, score)
}

// contest values the ends of one turn for Contest.
type contest struct {
	t     *Table
	worth Worth
	rise  []float64                        // rise[i]: worth at worth.Lo+i less the worth of one total less
	ends  map[engine.State]map[int]float64 // each end's worth by total
}

// end notes that the turn can end in state a with y points in all, and
// values it.
func (c *contest) end(a engine.State, y int) {
	at := c.ends[a]
	if at == nil {
		at = map[int]float64{}
		c.ends[a] = at
	}
	if _, ok := at[y]; ok {
		return
	}
	// The chance of n more is 1 below lo, so those needs add the worth
	// up to y+lo-1 at once; then the row's chances, where the worth
	// still rises.
	lo, ws, _, _ := c.t.row(c.t.Layout.Index(a))
	w := c.worth
	sum := w.at(y + lo - 1)
	from, to := max(lo, w.Lo-y), min(lo+len(ws), w.Lo+len(w.Of)-y) // the needs that add
	for k := from; k < to; k++ {
		sum += c.rise[y+k-w.Lo] * float64(ws[k-lo]&(1<<chanceBits-1)) * Quantum
	}
	at[y] = sum
}

// turn plays the turn of state s, with score points on the sheet, for
// the most worth of its ends: each final roll written in the box worth
// the most (the first in sheet order of those worth as much), each roll
// with rerolls left kept as the keep worth the most (the first in the
// order policy.Decided lists them), or written now when no keep is worth
// more.
func (c *contest) turn(s engine.State, score int) *policy.Turn {
	g, tr := c.t.Game, c.t.turn
	var boxes [engine.NumRolls]uint8
	var now [engine.NumRolls]float64 // writing each roll now
	for r := range engine.NumRolls {
		now[r] = math.Inf(-1)
	}
	for cat := range g.Categories {
		if !s.Open(cat) {
			continue
		}
		var level [maxLevels]float64
		for l, pts := range tr.levels[cat] {
			bonus, after := g.Move(s, cat, pts)
			level[l] = c.ends[after][score+pts+bonus]
		}
		for r := range engine.NumRolls {
			if x := level[tr.level[cat][r]]; x > now[r] {
				now[r], boxes[r] = x, uint8(cat)
			}
		}
	}
	if x := g.Extra; x != nil && !s.Open(x.Box) {
		var buf [32]engine.Placement
		for r := range engine.NumRolls {
			if g.Special(s, r) {
				now[r] = math.Inf(-1)
				for _, pl := range g.Placements(s, r, buf[:0]) {
					if x := c.ends[pl.Next][score+pl.Total()]; x > now[r] {
						now[r], boxes[r] = x, uint8(pl.Category)
					}
				}
			}
		}
	}
	var v lane.Keeps
	copy(v[engine.FirstRollKeep:], now[:])
	keeps := make([][engine.NumRolls]uint8, g.Rolls-1)
	for j := range keeps {
		lane.KeepValues(&v)
		// best[r] is the most a proper sub-keep of roll r is worth: the
		// rolls' own entries hold the empty keep's, which every roll
		// contains.
		best := v
		for r := range engine.NumRolls {
			best[engine.FirstRollKeep+r] = v[0]
		}
		lane.BestKeeps(&best)
		for r := range engine.NumRolls {
			b := best[engine.FirstRollKeep+r]
			keeps[j][r] = policy.WriteNow
			if b > now[r] {
				// the proper sub-keeps, the largest first
				subs := engine.SubKeeps(r)
				for i := range subs {
					if v[subs[len(subs)-1-i]] == b {
						keeps[j][r] = uint8(i)
						break
					}
				}
			}
			v[engine.FirstRollKeep+r] = max(now[r], b)
		}
	}
	return policy.Decided(g, s, &boxes, keeps)
}
