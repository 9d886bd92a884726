package advice

import (
	"bytes"
	"encoding/json"
	"fmt"

	"dicepoker/coach"
	"dicepoker/engine"
)

// ScoreRow is what five dice score in one category.
type ScoreRow struct {
	Name   string
	Points int                // points written; 0 for a School cell that closes, SchoolRules.Zero for a zero
	School *engine.SchoolCell // School rows only
	Text   string             // how score's table shows it
}

// Scored is what five dice score in every category of a game, in sheet
// order, under the plain rules (no joker, no bonus): score's answer.
type Scored struct {
	Game    *engine.Game
	Dice    engine.Multiset
	Fresh   bool // school: the dice came from a roll of all five
	Reserve int  // school: the reserve before the turn
	Rows    []ScoreRow
}

// CheckReserve returns the InputError of a reserve before a turn that no
// sheet of school game g holds, or nil.
func CheckReserve(g *engine.Game, reserve int) error {
	switch top := g.MaxSchoolReserve(); {
	case reserve < 0:
		return Fieldf("{reserve} %d: the reserve is never below 0", reserve)
	case reserve > top:
		return Fieldf("{reserve} %d: a sheet of %d columns holds at most %d (every School cell closed with five dice)", reserve, g.Columns, top)
	}
	return nil
}

// Score scores dice m in every category of g.
func Score(g *engine.Game, m engine.Multiset, fresh bool, reserve int) Scored {
	s := Scored{Game: g, Dice: m, Fresh: fresh, Reserve: reserve}
	r := g.Cup().RollIndex(m)
	for c, cat := range g.Categories {
		row := ScoreRow{Name: cat.Name}
		switch {
		case cat.School:
			cell := engine.CloseSchool(cat.Face, m, reserve)
			row.School = &cell
			switch {
			case !cell.Closed:
				row.Points = g.School.Zero
				row.Text = fmt.Sprintf("zero: %d", g.School.Zero)
			case cell.UsedReserve:
				row.Text = fmt.Sprintf("closes, pays %d from reserve", reserve-cell.Reserve)
			case cell.Reserve > reserve:
				row.Text = fmt.Sprintf("closes, reserve +%d", cell.Reserve-reserve)
			default:
				row.Text = "closes"
			}
		default:
			row.Points = g.RollPoints(c, r, fresh)
		}
		if row.Text == "" {
			row.Text = fmt.Sprint(row.Points)
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// scoreJSON is score's JSON. The first three keys are fixed: game, dice
// (face numbers 1..6, sorted), scores (category -> points, sheet order).
type scoreJSON struct {
	Game    string              `json:"game"`
	Dice    []int               `json:"dice"`
	Scores  Ordered[int]        `json:"scores"`
	School  Ordered[schoolCell] `json:"school,omitempty"`
	Options string              `json:"options,omitempty"`
	Rules   string              `json:"rules"`
	Fresh   *bool               `json:"fresh,omitempty"`
	Reserve *int                `json:"reserve,omitempty"`
}

// schoolCell is a School row: does the cell close, and the reserve after.
type schoolCell struct {
	Closed  bool `json:"closed"`
	Reserve int  `json:"reserve"`
}

// JSON returns the object score --json prints.
func (s Scored) JSON() any {
	out := scoreJSON{Game: s.Game.Name, Dice: s.Dice.Dice(), Options: s.Game.Options.String(), Rules: s.Game.Options.String()}
	for _, row := range s.Rows {
		out.Scores = append(out.Scores, Entry[int]{row.Name, row.Points})
		if row.School != nil {
			out.School = append(out.School, Entry[schoolCell]{row.Name, schoolCell{row.School.Closed, row.School.Reserve}})
		}
	}
	terms := coach.NewSheet(s.Game).Terms()
	if terms.Fresh != "" {
		out.Fresh = &s.Fresh
	}
	if terms.Reserve != "" {
		out.Reserve = &s.Reserve
	}
	return out
}

// Ordered is a JSON object that keeps its keys in the order given.
type Ordered[V any] []Entry[V]

// Entry is one key of an Ordered object and its value.
type Entry[V any] struct {
	Key   string
	Value V
}

// MarshalJSON writes the entries as one object, in their order.
func (o Ordered[V]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(e.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
