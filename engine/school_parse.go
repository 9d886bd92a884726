package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseSchoolSheet reads a school sheet written as
//
//	ones=x/r,threes=0,pair=12/-,sum=22,reserve=3,taken=twos+column2
//
// Each row's written cells go in column order, separated by "/": x a
// School cell closed with three or more dice, r one closed with help from
// the reserve, 0 a zero, - a crossed-out combination cell, a number the
// points of a combination cell (doubled ones as written). Rows left out
// are empty. reserve is the reserve now (default 0); taken lists, joined
// by "+", the bonuses other players have already taken: row names and
// column1..column5. "" is a new sheet.
func (g *Game) ParseSchoolSheet(s string) (SchoolSheet, error) {
	var p sheetParser
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			return SchoolSheet{}, fmt.Errorf("sheet entry %q: want row=cells, reserve=N or taken=bonus+bonus", item)
		}
		switch name {
		case "taken":
			p.taken = append(p.taken, strings.Split(value, "+")...)
		default:
			p.add(name, value, strings.Split(value, "/"))
		}
	}
	return p.build(g)
}

// ParseSchoolSheetJSON reads a school sheet written as a JSON object:
//
//	{"ones": ["x", "r"], "pair": [12, "-"], "reserve": 3, "taken": ["twos", "column2"]}
func (g *Game) ParseSchoolSheetJSON(data []byte) (SchoolSheet, error) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return SchoolSheet{}, fmt.Errorf("sheet: not a JSON object of rows: %v", err)
	}
	var p sheetParser
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		var err error
		switch name {
		case "taken":
			err = json.Unmarshal(raw[name], &p.taken)
		case "reserve":
			var n json.Number
			if err = json.Unmarshal(raw[name], &n); err == nil {
				p.add(name, n.String(), nil)
			}
		default:
			var cells []any
			d := json.NewDecoder(bytes.NewReader(raw[name]))
			d.UseNumber()
			if err = d.Decode(&cells); err == nil {
				tokens := make([]string, len(cells))
				for i, v := range cells {
					if v != nil {
						tokens[i] = fmt.Sprint(v)
					}
				}
				p.add(name, string(raw[name]), tokens)
			}
		}
		if err != nil {
			return SchoolSheet{}, fmt.Errorf("sheet: %s: %v", name, err)
		}
	}
	return p.build(g)
}

// sheetParser gathers the entries of a sheet in either notation.
type sheetParser struct {
	rows    []string   // row names, in the order given
	values  []string   // what each row entry said, for messages
	cells   [][]string // each row's cell tokens
	reserve *string
	taken   []string
	twice   string // an entry given twice
}

func (p *sheetParser) add(name, value string, tokens []string) {
	if name == "reserve" {
		if p.reserve != nil {
			p.twice = name
		}
		p.reserve = &value
		return
	}
	p.rows, p.values, p.cells = append(p.rows, name), append(p.values, value), append(p.cells, tokens)
}

// build checks the entries against the rules of g and makes the sheet.
func (p *sheetParser) build(g *Game) (SchoolSheet, error) {
	if g.Columns == 0 {
		return SchoolSheet{}, fmt.Errorf("sheet: %s is not played on a school sheet", g.Name)
	}
	sh := g.NewSchoolSheet()
	if p.twice != "" {
		return sh, fmt.Errorf("sheet: %s is given twice", p.twice)
	}
	given := map[int]bool{}
	for i, name := range p.rows {
		c := g.Category(name)
		if c < 0 {
			return sh, fmt.Errorf("sheet: %s has no row %q", g.Name, name)
		}
		if given[c] {
			return sh, fmt.Errorf("sheet: row %s is given twice", name)
		}
		given[c] = true
		row, err := g.parseRow(c, p.cells[i])
		if err != nil {
			return sh, fmt.Errorf("sheet: %s=%s: %v", name, p.values[i], err)
		}
		sh.Cells[c] = row
	}
	if p.reserve != nil {
		n, err := strconv.Atoi(*p.reserve)
		if err != nil || n < 0 {
			return sh, fmt.Errorf("sheet: reserve %q is not a whole number of 0 or more", *p.reserve)
		}
		sh.Reserve = n
	}
	for _, b := range p.taken {
		if err := g.take(&sh, strings.TrimSpace(b)); err != nil {
			return sh, fmt.Errorf("sheet: taken: %v", err)
		}
	}
	if err := g.checkReserve(&sh); err != nil {
		return sh, err
	}
	if s := sh.State(g); g.SchoolFull(&s) {
		return sh, fmt.Errorf("sheet: every cell is written; %w", ErrGameOver)
	}
	return sh, nil
}

// parseRow reads the cell tokens of row c: written cells, then open ones
// ("" or ".") to the end.
func (g *Game) parseRow(c int, tokens []string) ([]SchoolEntry, error) {
	for len(tokens) > 0 && (tokens[len(tokens)-1] == "" || tokens[len(tokens)-1] == ".") {
		tokens = tokens[:len(tokens)-1]
	}
	if len(tokens) > g.Columns {
		return nil, fmt.Errorf("%d cells, the sheet has %d %s", len(tokens), g.Columns, plural(g.Columns, "column"))
	}
	cat := g.Categories[c]
	row := make([]SchoolEntry, len(tokens))
	for j, tok := range tokens {
		var e SchoolEntry
		switch tok = strings.TrimSpace(tok); {
		case tok == "" || tok == ".":
			return nil, fmt.Errorf("a gap: column %d is open but a later one is written (a row fills left to right)", j+1)
		case cat.School && tok == "x":
			e.Mark = Closed
		case cat.School && tok == "r":
			e.Mark = ClosedReserve
		case cat.School && tok == "0":
			e.Mark = Zeroed
		case cat.School:
			return nil, fmt.Errorf("column %d: %q: a School cell is x (closed), r (closed with the reserve) or 0 (a zero)", j+1, tok)
		case tok == "-":
			e.Mark = Crossed
		default:
			n, err := strconv.Atoi(tok)
			if err != nil {
				return nil, fmt.Errorf("column %d: %q: a combination cell is - (crossed out) or its points", j+1, tok)
			}
			if !slices.Contains(g.schoolPossible(c), n) {
				return nil, fmt.Errorf("column %d: %s cannot score %d points (a cross is -)", j+1, cat.Name, n)
			}
			e = SchoolEntry{Mark: Scored, Points: n}
		}
		row[j] = e
	}
	return row, nil
}

// schoolPossible returns the points > 0 combination row c can score, doubled or not.
func (g *Game) schoolPossible(c int) []int {
	var ps []int
	for r := range NumRolls {
		if p := g.points[c][r]; p > 0 {
			ps = append(ps, p, 2*p)
		}
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}

// take marks the bonus called name as taken by another player.
func (g *Game) take(sh *SchoolSheet, name string) error {
	if j, ok := strings.CutPrefix(name, "column"); ok {
		n, err := strconv.Atoi(j)
		if err != nil || n < 1 || n > g.Columns {
			return fmt.Errorf("%q: the columns are column1..column%d", name, g.Columns)
		}
		sh.TakenCols |= 1 << (n - 1)
		return nil
	}
	c := g.Category(name)
	switch {
	case c < 0:
		return fmt.Errorf("%q is neither a row nor column1..column%d", name, g.Columns)
	case !g.HasRowBonus(c):
		return fmt.Errorf("%s has no row bonus", name)
	}
	sh.TakenRows |= 1 << c
	return nil
}

// checkReserve refuses a reserve that no play leading to the sheet's cells
// explains: each x added 0, 1 or 2 dice of its face, each r paid 1 or 2.
func (g *Game) checkReserve(sh *SchoolSheet) error {
	reach := map[int]bool{0: true}
	for c, row := range sh.Cells {
		face := g.Categories[c].Face
		for _, e := range row {
			var steps []int
			switch e.Mark {
			case Closed:
				steps = []int{0, face, 2 * face}
			case ClosedReserve:
				steps = []int{-face, -2 * face}
			default:
				continue
			}
			next := map[int]bool{}
			for r := range reach {
				for _, d := range steps {
					next[r+d] = true
				}
			}
			reach = next
		}
	}
	if !reach[sh.Reserve] {
		return fmt.Errorf("sheet: a reserve of %d cannot come from these School cells (x adds 0 to 2 dice of its face, r pays 1 or 2)", sh.Reserve)
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
