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
	Dice       int        `json:"dice"`  // how many dice a roll has: 5, or 6
	Faces      string     `json:"faces"` // the letters of faces 1..6
	Categories []category `json:"categories"`
	Options    []option   `json:"options"`
}

func infoOf(g *engine.Game) gameInfo {
	info := gameInfo{Name: g.Name, Describe: g.Describe(), Turns: g.Turns(), Rolls: g.Rolls, Dice: g.Dice, Faces: g.Letters, Options: options[g.Name]}
	if info.Options == nil {
		info.Options = []option{}
	}
	for _, c := range g.Categories {
		info.Categories = append(info.Categories, category{c.Name, c.Upper(), c.School})
	}
	return info
}

// sheetView is a sheet laid out for the page.
type sheetView struct {
	Game  string `json:"game"`
	Rules string `json:"rules"`
	Sheet string `json:"sheet"` // the --sheet notation
	coach.Layout
}

// layout lays the sheet of g written as text out for the page. A full
// sheet, which advise refuses (the game is over), is laid out too.
func layout(g *engine.Game, text string) (sheetView, error) {
	sh, err := coach.ParseSheet(g, text)
	if err != nil && !errors.Is(err, engine.ErrGameOver) {
		v := sheetView{Game: g.Name, Rules: g.Options.String(), Sheet: text}
		v.Turn, v.Turns = 1, g.Turns()
		return v, badf("%v", err)
	}
	v := viewOf(g, sh)
	v.Sheet = text // as given
	return v, nil
}

// viewOf lays sheet sh of g out for the page.
func viewOf(g *engine.Game, sh coach.Sheet) sheetView {
	return sheetView{Game: g.Name, Rules: g.Options.String(), Sheet: sh.String(), Layout: sh.Layout()}
}
