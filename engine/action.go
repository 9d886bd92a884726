package engine

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Action is what a player does in a position: write the dice in a box,
// cross a box out, or keep some dice and reroll the others. It is the one
// form every game's advice, records and reviews share.
type Action struct {
	Box string // the box written; "" for a reroll
	// Cross crosses Box out instead of scoring it: school's combination
	// rows only, whether or not the dice would score there. Without it a
	// combination row must score (a row the dice do not fit can only be
	// crossed out).
	Cross bool
	Keep  Multiset // the dice kept for a reroll (none: reroll them all)
}

// MarshalJSON writes the action as records and reviews show it:
// {"score": box}, {"cross": row} or {"keep": [faces]}.
func (a Action) MarshalJSON() ([]byte, error) {
	switch {
	case a.Cross:
		return json.Marshal(struct {
			Cross string `json:"cross"`
		}{a.Box})
	case a.Box != "":
		return json.Marshal(struct {
			Score string `json:"score"`
		}{a.Box})
	}
	keep := a.Keep.Dice()
	if keep == nil {
		keep = []int{}
	}
	return json.Marshal(struct {
		Keep []int `json:"keep"`
	}{keep})
}

// Ranked is one action of a position as a ranking values it: what
// solver's, school's and target's Actions return, best first.
type Ranked struct {
	Action
	Reroll Multiset // the dice rerolled, for a keep
	Points int      // the points written, for a box
	Bonus  int      // the bonuses the box earns
	// Detail says how the box is written when the points do not say it
	// all, as SchoolWrite.Detail does; "" for the single-sheet games.
	Detail string
	// Value is the expected sum of the points still to come after taking
	// the action, its own points and bonuses included.
	Value float64
}

// Kept returns the ranked action of keeping keep of dice and rerolling
// the others, valued value.
func Kept(keep, dice Multiset, value float64) Ranked {
	return Ranked{Action: Action{Keep: keep}, Reroll: dice.Minus(keep), Value: value}
}

// Placed returns the ranked action of writing placement p of g, valued
// value.
func (g *Game) Placed(p Placement, value float64) Ranked {
	return Ranked{Action: Action{Box: g.Categories[p.Category].Name}, Points: p.Points, Bonus: p.Bonus, Value: value}
}

// Detail describes the write after its row's name: the column, from 1,
// and what the cell gets: "1: close, reserve +2", "2: zero (-200)",
// "1: score 24", "3: cross out". The bonuses are left to the caller.
func (w SchoolWrite) Detail() string { return string(w.AppendDetail(nil)) }

// AppendDetail appends Detail's words for w to b.
func (w SchoolWrite) AppendDetail(b []byte) []byte {
	b = strconv.AppendInt(b, int64(w.Column+1), 10)
	b = append(b, ": "...)
	switch w.Cell.Mark {
	case Closed, ClosedReserve:
		b = append(b, "close"...)
		if w.Reserve != 0 {
			b = append(b, ", reserve "...)
			if w.Reserve > 0 {
				b = append(b, '+')
			}
			b = strconv.AppendInt(b, int64(w.Reserve), 10)
		}
	case Zeroed:
		b = append(b, "zero ("...)
		b = strconv.AppendInt(b, int64(w.Cell.Points), 10)
		b = append(b, ')')
	case Crossed:
		b = append(b, "cross out"...)
	default:
		b = append(b, "score "...)
		b = strconv.AppendInt(b, int64(w.Cell.Points), 10)
	}
	return b
}

// RankWrites appends to ranked the ranked action of each of writes of
// g, valued by value. Their details share one string, so that ranking a
// position's writes allocates once for them all.
func (g *Game) RankWrites(ranked []Ranked, writes []SchoolWrite, value func(w *SchoolWrite) float64) []Ranked {
	var buf [1024]byte
	details := buf[:0]
	for i := range writes {
		details = writes[i].AppendDetail(details)
	}
	all := string(details)
	var one [64]byte
	for i := range writes {
		w := &writes[i]
		n := len(w.AppendDetail(one[:0]))
		ranked = append(ranked, Ranked{Action: Action{Box: g.Categories[w.Row].Name, Cross: w.Cell.Mark == Crossed},
			Points: w.Cell.Value(), Bonus: w.Bonus, Detail: all[:n], Value: value(w)})
		all = all[n:]
	}
	return ranked
}

// SchoolMove returns the write of roll r in state s that fills row c's
// next cell, crossing it out with cross, with fresh telling whether the
// dice came from a roll of all five; false when SchoolMoves has none.
func (g *Game) SchoolMove(s SchoolState, r int, fresh bool, c int, cross bool) (SchoolWrite, bool) {
	return schoolMoveIn(g.SchoolMoves(s, r, fresh, nil), c, cross)
}

// SchoolMovesOf returns the write each of actions, ranked in state s with
// roll r, makes (SchoolMove's; the zero write for a keep), the position's
// writes listed once for them all, and the index of the first action
// that is none of them, or -1.
func (g *Game) SchoolMovesOf(s SchoolState, r int, fresh bool, actions []Ranked) ([]SchoolWrite, int) {
	moves := g.SchoolMoves(s, r, fresh, nil)
	writes := make([]SchoolWrite, len(actions))
	missing := -1
	for i, a := range actions {
		if a.Box == "" {
			continue
		}
		w, ok := schoolMoveIn(moves, g.Category(a.Box), a.Cross)
		if !ok && missing < 0 {
			missing = i
		}
		writes[i] = w
	}
	return writes, missing
}

// schoolMoveIn returns the write among moves that fills row c, crossing
// it out with cross; false when there is none.
func schoolMoveIn(moves []SchoolWrite, c int, cross bool) (SchoolWrite, bool) {
	i := slices.IndexFunc(moves, func(w SchoolWrite) bool {
		return w.Row == c && (w.Cell.Mark == Crossed) == cross
	})
	if i < 0 {
		return SchoolWrite{}, false
	}
	return moves[i], true
}
