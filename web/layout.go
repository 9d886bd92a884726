package web

import (
	"errors"

	"dicepoker/coach"
	"dicepoker/engine"
)

// option is a rule option as the page offers it.
type option struct {
	Name    string `json:"name"`              // the flag without its dashes
	Kind    string `json:"kind"`              // "flag" or "number"
	Label   string `json:"label"`             // what it does, for people
	Default int    `json:"default,omitempty"` // number: the value of the default rules
	Min     int    `json:"min,omitempty"`
	Max     int    `json:"max,omitempty"`
}

// options are the rule options of each game, as docs/rules.md names them.
var options = map[string][]option{
	"yahtzee": {
		{Name: "forced-joker", Kind: "flag", Label: "forced joker"},
		{Name: "no-joker", Kind: "flag", Label: "no joker"},
		{Name: "no-yahtzee-bonus", Kind: "flag", Label: "no Yahtzee bonus"},
		{Name: "no-upper-bonus", Kind: "flag", Label: "no upper bonus"},
	},
	"swedish": {{Name: "upper-bonus-threshold", Kind: "number", Label: "upper bonus at", Default: 63, Min: 1, Max: 105}},
	"school":  {{Name: "columns", Kind: "number", Label: "columns", Default: 3, Min: 1, Max: 5}},
}

// category is one box or row of a sheet.
type category struct {
	Name   string `json:"name"`
	Upper  bool   `json:"upper,omitempty"`  // counts toward the upper bonus
	School bool   `json:"school,omitempty"` // a School row: closes or takes a zero
}

// gameInfo is a game as /api/games lists it.
type gameInfo struct {
	Name       string     `json:"name"`
	Describe   string     `json:"describe"` // the line of dicepoker games
	Turns      int        `json:"turns"`
	Rolls      int        `json:"rolls"`
	Faces      string     `json:"faces"` // the letters of faces 1..6
	Categories []category `json:"categories"`
	Options    []option   `json:"options"`
}

func infoOf(g *engine.Game) gameInfo {
	info := gameInfo{Name: g.Name, Describe: g.Describe(), Turns: g.Turns(), Rolls: g.Rolls, Faces: g.Letters, Options: options[g.Name]}
	if info.Options == nil {
		info.Options = []option{}
	}
	for _, c := range g.Categories {
		info.Categories = append(info.Categories, category{c.Name, c.Upper(), c.School})
	}
	return info
}

// box is a box of a single sheet as the page draws it.
type box struct {
	Name   string `json:"name"`
	Upper  bool   `json:"upper,omitempty"`
	Points *int   `json:"points"` // null while open
}

// row is a row of the school sheet as the page draws it.
type row struct {
	Name   string   `json:"name"`
	School bool     `json:"school,omitempty"`
	Cells  []string `json:"cells"` // the written cells, in the notation: x, r, 0, - or points
	Bonus  int      `json:"bonus"` // earned
	// HasBonus reports whether the row has a bonus (sum has none), and
	// InReach whether it can still be earned.
	HasBonus bool `json:"has_bonus"`
	InReach  bool `json:"in_reach"`
	Taken    bool `json:"taken"` // by another player
}

// column is a column's bonus on the school sheet.
type column struct {
	Bonus   int  `json:"bonus"`
	InReach bool `json:"in_reach"`
	Taken   bool `json:"taken"` // by another player
}

// sheetView is a sheet laid out for the page.
type sheetView struct {
	Game  string `json:"game"`
	Rules string `json:"rules"`
	Sheet string `json:"sheet"` // the --sheet notation
	Score int    `json:"score"`
	Turn  int    `json:"turn"`
	Turns int    `json:"turns"`
	Over  bool   `json:"over"`
	// single sheets
	Boxes          []box  `json:"boxes,omitempty"`
	UpperTotal     *int   `json:"upper_total,omitempty"`
	UpperThreshold int    `json:"upper_threshold,omitempty"`
	UpperBonus     int    `json:"upper_bonus,omitempty"` // what the upper bonus pays; 0: none
	BonusKey       string `json:"bonus_key,omitempty"`   // the five-alike bonus's sheet key
	FiveBonus      *int   `json:"five_bonus,omitempty"`  // its points earned so far
	// school
	Rows    []row    `json:"rows,omitempty"`
	Columns []column `json:"columns,omitempty"`
	Reserve *int     `json:"reserve,omitempty"`
	Bonuses *int     `json:"bonuses,omitempty"`
}

// layout lays the sheet of g written as text out for the page. A full
// sheet, which advise refuses (the game is over), is laid out too.
func layout(g *engine.Game, text string) (sheetView, error) {
	v := sheetView{Game: g.Name, Rules: g.Options.String(), Sheet: text, Turn: 1, Turns: g.Turns()}
	if g.Columns != 0 {
		ss, err := g.ParseSchoolSheet(text)
		state := ss.State(g)
		if err != nil && !errors.Is(err, engine.ErrGameOver) {
			return v, badf("%v", err)
		}
		for c, cat := range g.Categories {
			r := row{Name: cat.Name, School: cat.School, Cells: []string{}, Bonus: ss.RowBonus(g, c), HasBonus: g.HasRowBonus(c), InReach: state.RowBonus&(1<<c) != 0, Taken: ss.TakenRows&(1<<c) != 0}
			for _, e := range ss.Cells[c] {
				r.Cells = append(r.Cells, coach.CellText(e))
			}
			v.Turn += len(r.Cells)
			v.Rows = append(v.Rows, r)
		}
		for j := range g.Columns {
			v.Columns = append(v.Columns, column{ss.ColumnBonus(g, j), state.ColBonus&(1<<j) != 0, ss.TakenCols&(1<<j) != 0})
		}
		bonuses := ss.Bonuses(g)
		v.Reserve, v.Bonuses, v.Score, v.Over = &ss.Reserve, &bonuses, ss.Score(g), g.SchoolFull(&state)
		return v, nil
	}
	es, err := engine.ParseSheet(g, text)
	if err != nil && !errors.Is(err, engine.ErrGameOver) {
		return v, badf("%v", err)
	}
	for c, cat := range g.Categories {
		b := box{Name: cat.Name, Upper: cat.Upper()}
		if es.Filled[c] {
			b.Points = &es.Points[c]
			v.Turn++
		}
		v.Boxes = append(v.Boxes, b)
	}
	upper := es.UpperTotal(g)
	v.UpperTotal, v.UpperThreshold, v.UpperBonus = &upper, g.Upper.Threshold, g.Upper.Points
	if v.BonusKey = g.BonusKey(); v.BonusKey != "" {
		v.FiveBonus = &es.Bonus
	}
	v.Score, v.Over = es.Score(g), v.Turn > len(g.Categories)
	return v, nil
}
