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
//
// Names and marks are case-blind (ONES=X/R).
func (g *Game) ParseSchoolSheet(s string) (SchoolSheet, error) {
	var p sheetParser
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		name, value, ok := strings.Cut(strings.ToLower(item), "=")
		if !ok {
			return SchoolSheet{}, fmt.Errorf("sheet entry %s: want row=cells, reserve=N or taken=bonus+bonus", Quote(item))
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
//
// Each key once (case aside), and nothing after the object.
func (g *Game) ParseSchoolSheetJSON(data []byte) (SchoolSheet, error) {
	var p sheetParser
	seen := map[string]bool{}
	err := readSheetObject(data, "rows", func(name string, raw json.RawMessage) error {
		if seen[name] {
			return fmt.Errorf("sheet: %s is given twice", Quote(name))
		}
		seen[name] = true
		if err := p.addJSON(name, raw); err != nil {
			return fmt.Errorf("sheet: %s: %v", clip(name), err)
		}
		return nil
	})
	if err != nil {
		return SchoolSheet{}, err
	}
	return p.build(g)
}

// addJSON adds the JSON entry name: raw of a sheet.
func (p *sheetParser) addJSON(name string, raw json.RawMessage) error {
	switch name {
	case "taken":
		var taken []string
		if err := json.Unmarshal(raw, &taken); err != nil {
			return err
		}
		for _, b := range taken {
			p.taken = append(p.taken, strings.ToLower(b))
		}
	case "reserve":
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return err
		}
		p.add(name, n.String(), nil)
	default:
		var cells []any
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if err := d.Decode(&cells); err != nil {
			return err
		}
		tokens := make([]string, len(cells))
		for i, v := range cells {
			if v != nil {
				tokens[i] = strings.ToLower(fmt.Sprint(v))
			}
		}
		p.add(name, string(raw), tokens)
	}
	return nil
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
			return sh, fmt.Errorf("sheet: %s has no row %s%s", g.Name, Quote(name), Suggest(name, g.categoryNames(), "rows"))
		}
		if given[c] {
			return sh, fmt.Errorf("sheet: row %s is given twice", name)
		}
		given[c] = true
		row, err := g.parseRow(c, p.cells[i])
		if err != nil {
			return sh, fmt.Errorf("sheet: %s=%s: %v", name, clip(p.values[i]), err)
		}
		sh.Cells[c] = row
	}
	if p.reserve != nil {
		n, err := strconv.Atoi(*p.reserve)
		if err != nil || n < 0 {
			return sh, fmt.Errorf("sheet: reserve %s is not a whole number of 0 or more", Quote(*p.reserve))
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
		return nil, fmt.Errorf("%d cells, the sheet has %d %s", len(tokens), g.Columns, Plural(g.Columns, "column", "columns"))
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
			e = SchoolEntry{Mark: Zeroed, Points: g.School.Zero}
		case cat.School:
			return nil, fmt.Errorf("column %d: %s: a School cell is x (closed), r (closed with the reserve) or 0 (a zero)", j+1, Quote(tok))
		case tok == "-":
			e.Mark = Crossed
		default:
			n, err := strconv.Atoi(tok)
			if err != nil {
				return nil, fmt.Errorf("column %d: %s: a combination cell is - (crossed out) or its points", j+1, Quote(tok))
			}
			if ps := g.schoolPossible(c); !slices.Contains(ps, n) {
				return nil, fmt.Errorf("column %d: %s scores %s, not %d (a cross is -)", j+1, cat.Name, PointsText(ps), n)
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
	for r, p := range g.points[c] {
		if p > 0 {
			ps = append(ps, p, g.SchoolPoints(c, r, true))
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
			return fmt.Errorf("%s: the columns are column1..column%d", Quote(name), g.Columns)
		}
		if sh.TakenCols&(1<<(n-1)) != 0 {
			return fmt.Errorf("%s is given twice", name)
		}
		sh.TakenCols |= 1 << (n - 1)
		return nil
	}
	c := g.Category(name)
	switch {
	case c < 0:
		return fmt.Errorf("%s is neither a row nor column1..column%d%s", Quote(name), g.Columns, Suggest(name, g.categoryNames(), "rows"))
	case !g.HasRowBonus(c):
		return fmt.Errorf("%s has no row bonus", name)
	case sh.TakenRows&(1<<c) != 0:
		return fmt.Errorf("%s is given twice", name)
	}
	sh.TakenRows |= 1 << c
	return nil
}

// checkReserve refuses a reserve that no play leading to the sheet's cells
// explains: each x added 0, 1 or 2 dice of its face, each r paid 1 or 2
// from the reserve there was then, which is never below 0. A row's cells
// were written in column order, the rows' cells in any order among them.
func (g *Game) checkReserve(sh *SchoolSheet) error {
	var rows [][]SchoolEntry // the School rows with cells written
	var faces []int
	top := 0 // the most reserve the cells can hold
	for c, row := range sh.Cells {
		if len(row) == 0 || !g.Categories[c].School {
			continue
		}
		rows, faces = append(rows, row), append(faces, g.Categories[c].Face)
		for _, e := range row {
			if e.Mark == Closed {
				top += 2 * g.Categories[c].Face
			}
		}
	}
	// reach[p] is the set of reserves some order reaches once each row i
	// has its first progress(p)[i] cells written; p counts in mixed radix,
	// so every step to a later cell goes to a larger p.
	radix := make([]int, len(rows)+1)
	radix[0] = 1
	for i, row := range rows {
		radix[i+1] = radix[i] * (len(row) + 1)
	}
	reach := make([]reserveSet, radix[len(rows)])
	reach[0] = newReserveSet(top)
	reach[0].add(0)
	for p := range reach {
		if reach[p] == nil {
			continue
		}
		for i, row := range rows {
			done := p / radix[i] % (len(row) + 1)
			if done == len(row) {
				continue
			}
			q := p + radix[i]
			if reach[q] == nil {
				reach[q] = newReserveSet(top)
			}
			f := faces[i]
			switch row[done].Mark {
			case Closed:
				reach[q].addShifted(reach[p], 0, f, 2*f)
			case ClosedReserve:
				reach[q].addShifted(reach[p], -f, -2*f)
			default:
				reach[q].addShifted(reach[p], 0)
			}
		}
	}
	end := reach[len(reach)-1]
	switch {
	case end.empty():
		return fmt.Errorf("sheet: an r is a School cell closed with help from the reserve, but in no order of these cells was there a reserve to pay it (each x adds 0 to 2 dice of its face, a row fills left to right)")
	case sh.Reserve > top || !end.has(sh.Reserve):
		return fmt.Errorf("sheet: a reserve of %d cannot come from these School cells (x adds 0 to 2 dice of its face, r pays 1 or 2; %s)", sh.Reserve, end)
	}
	return nil
}

// reserveSet is a set of reserves 0..top, a bit each.
type reserveSet []uint64

func newReserveSet(top int) reserveSet { return make(reserveSet, top/64+1) }

func (s reserveSet) add(n int)      { s[n/64] |= 1 << (n % 64) }
func (s reserveSet) has(n int) bool { return n >= 0 && n/64 < len(s) && s[n/64]&(1<<(n%64)) != 0 }

func (s reserveSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// addShifted adds every reserve of from moved by each of the steps that
// stays at 0 or more (and at most the set's top, which no sheet passes):
// the set shifted a word at a time.
func (s reserveSet) addShifted(from reserveSet, steps ...int) {
	for _, d := range steps {
		words, shift := d/64, uint(d%64)
		if d < 0 {
			words, shift = -(-d / 64), uint(-d%64)
		}
		for i := range s {
			if d >= 0 {
				// Bit n of s gets bit n-d of from.
				j := i - words
				if j >= 0 && j < len(from) {
					s[i] |= from[j] << shift
				}
				if shift != 0 && j-1 >= 0 && j-1 < len(from) {
					s[i] |= from[j-1] >> (64 - shift)
				}
				continue
			}
			// Bit n of s gets bit n+|d| of from.
			j := i - words
			if j >= 0 && j < len(from) {
				s[i] |= from[j] >> shift
			}
			if shift != 0 && j+1 < len(from) {
				s[i] |= from[j+1] << (64 - shift)
			}
		}
	}
}

// String lists the set for a message: "the cells allow 0, 3, 6".
func (s reserveSet) String() string {
	var ns []string
	for n := range 64 * len(s) {
		if s.has(n) {
			ns = append(ns, strconv.Itoa(n))
		}
	}
	if len(ns) > 12 {
		ns = append(ns[:12], "...")
	}
	return "the cells allow " + strings.Join(ns, ", ")
}

// MaxSchoolReserve is the most reserve a school sheet of g can hold: every
// School cell closed with five dice of its face.
func (g *Game) MaxSchoolReserve() int {
	n := 0
	for _, c := range g.Categories {
		if c.School {
			n += 2 * c.Face * g.Columns
		}
	}
	return n
}

// Plural returns one when n is 1, else many: "1 column", "3 columns".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
