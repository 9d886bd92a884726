package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Sheet is a single-sheet game's score sheet: the points written in each
// filled box and the five-alike bonuses earned so far.
type Sheet struct {
	Filled []bool
	Points []int
	Bonus  int // five-alike bonuses earned (yahtzee-bonus, poker-bonus)
}

// NewSheet returns the empty sheet of g.
func NewSheet(g *Game) Sheet {
	return Sheet{Filled: make([]bool, len(g.Categories)), Points: make([]int, len(g.Categories))}
}

// BonusKey returns the sheet key that holds the five-alike bonuses,
// "yahtzee-bonus" or "poker-bonus"; "" when the game has none.
func (g *Game) BonusKey() string {
	if g.Extra == nil || g.Extra.Bonus == 0 {
		return ""
	}
	return g.Categories[g.Extra.Box].Name + "-bonus"
}

// ParseSheet reads a sheet written as "ones=3,fives=15,yahtzee=50", with
// the five-alike bonuses as "yahtzee-bonus=100"; "" is a new game.
func ParseSheet(g *Game, s string) (Sheet, error) {
	entries := map[string]int{}
	var order []string
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			return Sheet{}, fmt.Errorf("sheet entry %q: want category=points", item)
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return Sheet{}, fmt.Errorf("sheet entry %q: %q is not a whole number", item, value)
		}
		name = strings.TrimSpace(name)
		if _, dup := entries[name]; dup {
			return Sheet{}, fmt.Errorf("sheet: %s is given twice", name)
		}
		entries[name] = n
		order = append(order, name)
	}
	return sheetFrom(g, entries, order)
}

// ParseSheetJSON reads a sheet written as a JSON object {"ones": 3, ...}
// with the same entries as ParseSheet, each once, and nothing after it.
func ParseSheetJSON(g *Game, data []byte) (Sheet, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	fail := func(format string, args ...any) (Sheet, error) {
		return Sheet{}, fmt.Errorf("sheet: "+format, args...)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fail("not a JSON object of category points")
	}
	entries := map[string]int{}
	var order []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fail("not a JSON object of category points: %v", err)
		}
		name := t.(string) // object keys are strings
		var v any
		if err := dec.Decode(&v); err != nil {
			return fail("%s: %v", name, err)
		}
		num, ok := v.(json.Number)
		if !ok {
			return fail("%s = %v is not a number", name, v)
		}
		n, err := strconv.Atoi(num.String())
		if err != nil {
			return fail("%s = %s is not a whole number", name, num)
		}
		if _, dup := entries[name]; dup {
			return fail("%s is given twice", name)
		}
		entries[name] = n
		order = append(order, name)
	}
	if _, err := dec.Token(); err != nil {
		return fail("not a JSON object of category points: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail("more after the JSON object")
	}
	return sheetFrom(g, entries, order)
}

// ErrGameOver is wrapped by the errors of the sheet parsers for a full
// sheet, which is otherwise valid: the sheet they return with it is whole.
var ErrGameOver = errors.New("the game is over")

// sheetFrom checks entries against the rules of g and builds the sheet.
func sheetFrom(g *Game, entries map[string]int, order []string) (Sheet, error) {
	if g.Columns != 0 {
		return Sheet{}, fmt.Errorf("sheet: %s sheets have columns; this notation is for single-sheet games", g.Name)
	}
	sh := NewSheet(g)
	filled := 0
	for _, name := range order {
		n := entries[name]
		if key := g.BonusKey(); key != "" && name == key {
			sh.Bonus = n
			continue
		}
		c := g.Category(name)
		if c < 0 {
			return Sheet{}, fmt.Errorf("sheet: %s has no category %q", g.Name, name)
		}
		if !slices.Contains(g.Possible(c), n) {
			return Sheet{}, fmt.Errorf("sheet: %s cannot hold %d points", name, n)
		}
		sh.Filled[c], sh.Points[c] = true, n
		filled++
	}
	if sh.Bonus != 0 {
		e := g.Extra
		key := g.BonusKey()
		switch {
		case sh.Bonus < 0 || sh.Bonus%e.Bonus != 0:
			return Sheet{}, fmt.Errorf("sheet: %s must be a multiple of %d", key, e.Bonus)
		case !sh.Filled[e.Box] || sh.Points[e.Box] != e.Full:
			return Sheet{}, fmt.Errorf("sheet: %s needs %d in %s", key, e.Full, g.Categories[e.Box].Name)
		case sh.Bonus/e.Bonus > filled-1:
			return Sheet{}, fmt.Errorf("sheet: %s of %d needs %d more filled boxes to have been written in", key, sh.Bonus, sh.Bonus/e.Bonus)
		}
	}
	if filled == len(g.Categories) {
		return sh, fmt.Errorf("sheet: every box is filled; %w", ErrGameOver)
	}
	return sh, nil
}

// Possible returns the points box c can hold, in increasing order: what
// some roll scores there, and its joker points where a joker may go there.
func (g *Game) Possible(c int) []int {
	var ps []int
	for r := range NumRolls {
		ps = append(ps, g.points[c][r])
	}
	if j := g.Categories[c].Joker; j != 0 && g.Extra != nil && g.Extra.Joker != NoJoker {
		ps = append(ps, j)
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}

// UpperTotal returns the points written in the upper section.
func (sh Sheet) UpperTotal(g *Game) int {
	t := 0
	for c, cat := range g.Categories {
		if cat.Upper() && sh.Filled[c] {
			t += sh.Points[c]
		}
	}
	return t
}

// Score returns the sheet's score so far: points, upper bonus if reached,
// five-alike bonuses.
func (sh Sheet) Score(g *Game) int {
	s := sh.Bonus
	for c := range g.Categories {
		if sh.Filled[c] {
			s += sh.Points[c]
		}
	}
	if g.Upper.Points != 0 && sh.UpperTotal(g) >= g.Upper.Threshold {
		s += g.Upper.Points
	}
	return s
}

// State returns the state between turns that the sheet is in.
func (sh Sheet) State(g *Game) State {
	var s State
	for c := range g.Categories {
		if sh.Filled[c] {
			s.Filled |= 1 << c
		}
	}
	s.Upper = min(sh.UpperTotal(g), g.UpperCap())
	if e := g.Extra; e != nil {
		s.FullBox = sh.Filled[e.Box] && sh.Points[e.Box] == e.Full
	}
	return s
}

// Apply writes a placement on the sheet.
func (sh *Sheet) Apply(p Placement) {
	sh.Filled[p.Category], sh.Points[p.Category] = true, p.Points
	sh.Bonus += p.FiveAlikeBonus
}
