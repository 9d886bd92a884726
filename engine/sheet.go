package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
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

// FullBoxKey names the five-alike box holding its full points, the state's
// FullBox flag: "yahtzee-50", "poker-50"; "" when the game has no
// five-alike box.
func (g *Game) FullBoxKey() string {
	if g.Extra == nil {
		return ""
	}
	return g.Categories[g.Extra.Box].Name + "-" + strconv.Itoa(g.Extra.Full)
}

// ParseSheet reads a sheet written as "ones=3,fives=15,yahtzee=50", with
// the five-alike bonuses as "yahtzee-bonus=100"; "" is a new game.
func ParseSheet(g *Game, s string) (Sheet, error) {
	entries := map[string]int{}
	var order []string
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			return Sheet{}, fmt.Errorf("sheet entry %s: want category=points", Quote(item))
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return Sheet{}, fmt.Errorf("sheet entry %s: %s is not a whole number", Quote(item), Quote(value))
		}
		name = strings.ToLower(strings.TrimSpace(name))
		if _, dup := entries[name]; dup {
			return Sheet{}, fmt.Errorf("sheet: %s is given twice", clip(name))
		}
		entries[name] = n
		order = append(order, name)
	}
	return sheetFrom(g, entries, order)
}

// ParseSheetJSON reads a sheet written as a JSON object {"ones": 3, ...}
// with the same entries as ParseSheet, each once, and nothing after it.
func ParseSheetJSON(g *Game, data []byte) (Sheet, error) {
	entries := map[string]int{}
	var order []string
	err := readSheetObject(data, "category points", func(name string, raw json.RawMessage) error {
		var v any
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		_ = d.Decode(&v) // raw is one whole JSON value: it decodes
		num, ok := v.(json.Number)
		if !ok {
			return fmt.Errorf("sheet: %s = %s is not a number", clip(name), clip(fmt.Sprint(v)))
		}
		n, err := strconv.Atoi(num.String())
		if err != nil {
			return fmt.Errorf("sheet: %s = %s is not a whole number", clip(name), clip(num.String()))
		}
		if _, dup := entries[name]; dup {
			return fmt.Errorf("sheet: %s is given twice", clip(name))
		}
		entries[name] = n
		order = append(order, name)
		return nil
	})
	if err != nil {
		return Sheet{}, err
	}
	return sheetFrom(g, entries, order)
}

// readSheetObject reads data, a sheet of what (for its messages) written
// as one JSON object with nothing after it, and hands entry each key, in
// lower case, with its value, in order; it stops at entry's first error.
// Its own errors, as entry's should, start with "sheet: ".
func readSheetObject(data []byte, what string, entry func(name string, raw json.RawMessage) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("sheet: not a JSON object of %s", what)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("sheet: not a JSON object of %s: %v", what, err)
		}
		name := strings.ToLower(t.(string)) // object keys are strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("sheet: %s: %v", clip(name), err)
		}
		if err := entry(name, raw); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("sheet: not a JSON object of %s: %v", what, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("sheet: more after the JSON object")
	}
	return nil
}

// ErrGameOver is wrapped by the errors of the sheet parsers for a full
// sheet, which is otherwise valid: the sheet they return with it is whole.
var ErrGameOver = errors.New("the game is over")

// UpperBonusKey is the name a paper sheet gives the upper bonus. It is not
// a box: it follows from the upper boxes, so a sheet may give it only as
// they say it.
const UpperBonusKey = "upper-bonus"

// sheetFrom checks entries against the rules of g and builds the sheet.
// The parsers give it the names in lower case: names are case-blind.
func sheetFrom(g *Game, entries map[string]int, order []string) (Sheet, error) {
	if g.Columns != 0 {
		return Sheet{}, fmt.Errorf("sheet: %s sheets have columns; this notation is for single-sheet games", g.Name)
	}
	sh := NewSheet(g)
	filled := 0
	upperBonus, hasUpperBonus := 0, false
	key := g.BonusKey()
	for _, name := range order {
		n := entries[name]
		switch {
		case key != "" && name == key:
			sh.Bonus = n
			continue
		case name == UpperBonusKey && g.Upper.Points != 0:
			upperBonus, hasUpperBonus = n, true
			continue
		}
		c := g.Category(name)
		if box, ok := strings.CutSuffix(name, "-bonus"); c < 0 && ok && (box == "upper" || g.Category(box) >= 0) {
			return Sheet{}, fmt.Errorf("sheet: %s: these rules of %s pay no such bonus; leave it out", name, g.Name)
		}
		if c < 0 {
			return Sheet{}, fmt.Errorf("sheet: %s has no category %s%s", g.Name, Quote(name), Suggest(name, g.sheetKeys(), "categories"))
		}
		if sh.Filled[c] {
			return Sheet{}, fmt.Errorf("sheet: %s is given twice, as %s and %s", g.Categories[c].Name, g.Categories[c].OldName, g.Categories[c].Name)
		}
		if ps := g.Possible(c); !slices.Contains(ps, n) {
			return Sheet{}, fmt.Errorf("sheet: %s holds %s, not %d", name, PointsText(ps), n)
		}
		sh.Filled[c], sh.Points[c] = true, n
		filled++
	}
	if hasUpperBonus {
		if err := sh.checkUpperBonus(g, upperBonus); err != nil {
			return Sheet{}, err
		}
	}
	if sh.Bonus != 0 {
		if err := sh.checkFiveAlikeBonus(g, filled); err != nil {
			return Sheet{}, err
		}
	}
	if filled == len(g.Categories) {
		return sh, fmt.Errorf("sheet: every box is filled; %w", ErrGameOver)
	}
	return sh, nil
}

// categoryNames returns the names of g's boxes (school: rows), in sheet order.
func (g *Game) categoryNames() []string {
	names := make([]string, len(g.Categories), len(g.Categories)+1)
	for c, cat := range g.Categories {
		names[c] = cat.Name
	}
	return names
}

// sheetKeys returns the names a sheet of g may give: its boxes, then its
// five-alike bonus.
func (g *Game) sheetKeys() []string {
	names := g.categoryNames()
	if key := g.BonusKey(); key != "" {
		names = append(names, key)
	}
	return names
}

// checkUpperBonus accepts an upper-bonus entry copied from a paper sheet
// when it is what the upper boxes give, and explains it otherwise.
func (sh Sheet) checkUpperBonus(g *Game, n int) error {
	total := sh.UpperTotal(g)
	want := 0
	if total >= g.Upper.Threshold {
		want = g.Upper.Points
	}
	if n == want {
		return nil
	}
	return fmt.Errorf("sheet: %s=%d: the upper bonus is not written, it follows from the upper boxes, "+
		"which hold %d of the %d that earn %d; leave it out", UpperBonusKey, n, total, g.Upper.Threshold, g.Upper.Points)
}

// checkFiveAlikeBonus refuses five-alike bonuses that the sheet cannot
// explain: each was paid for a five-alike rolled while the five-alike box
// held its full points, and written in another box, so each needs a filled
// box that the placement rules let hold five alike at the points written.
func (sh Sheet) checkFiveAlikeBonus(g *Game, filled int) error {
	e := g.Extra
	key, box := g.BonusKey(), g.Categories[e.Box].Name
	count := sh.Bonus / e.Bonus
	switch {
	case sh.Bonus < 0 || sh.Bonus%e.Bonus != 0:
		return fmt.Errorf("sheet: %s must be a multiple of %d", key, e.Bonus)
	case !sh.Filled[e.Box] || sh.Points[e.Box] != e.Full:
		return fmt.Errorf("sheet: %s needs %d in %s", key, e.Full, box)
	case count > filled-1:
		more, boxes := count-(filled-1), "boxes"
		if more == 1 {
			boxes = "box"
		}
		return fmt.Errorf("sheet: %s=%d is paid for %s after the one in %s, each written in another box: it needs %d more filled %s",
			key, sh.Bonus, fiveAlikes(count), box, more, boxes)
	}
	if can := sh.fiveAlikeBoxes(g); can < count {
		return fmt.Errorf("sheet: %s=%d is paid for %s after the one in %s, but only %d of the filled boxes could hold five alike at their points under %s",
			key, sh.Bonus, fiveAlikes(count), box, can, g.jokerRuleText())
	}
	return nil
}

// fiveAlikes writes a count of five-alikes: "1 five-alike", "2 five-alikes".
func fiveAlikes(n int) string { return fmt.Sprintf("%d %s", n, Plural(n, "five-alike", "five-alikes")) }

// jokerRuleText names the placement rule of the game's five-alikes, for
// the messages of checkFiveAlikeBonus.
func (g *Game) jokerRuleText() string {
	switch g.Extra.Joker {
	case NoJoker:
		return "the rules without the joker (five alike score as usual)"
	case ForcedJoker:
		return "the forced joker rule (its own upper box while open, then a lower box as a joker, then an upper box at 0)"
	}
	return "the joker rule (a joker in a lower box needs the upper box of its face filled)"
}

// fiveAlikeBoxes returns the most filled boxes, the five-alike box aside,
// that could each have taken a five-alike bonus in some order of play.
// Whether a box may take five f at its points, and as a joker or not, is
// asked of Placements in the state of the moment: only the five-alike box
// filled (before any upper box), or it and the upper box of f. A box that
// fits only late, when all the others are filled (the forced joker's upper
// box at 0), must come after them: an upper box so used can no longer be
// the filled upper box of f that an earlier joker needed. Every choice of
// such late boxes is tried.
func (sh Sheet) fiveAlikeBoxes(g *Game) int {
	e := g.Extra
	var all uint32
	for c := range g.Categories {
		if sh.Filled[c] {
			all |= 1 << c
		}
	}
	takes := func(filled uint32, c, face int) bool {
		five := Multiset{}
		five[face-1] = Dice
		for _, p := range g.Placements(State{Filled: filled, FullBox: true}, RollIndex(five), nil) {
			if p.Category == c {
				return p.Points == sh.Points[c]
			}
		}
		return false
	}
	// For each box c, a bit for each face f (bit f-1): early[c], the faces
	// whose five alike c takes with only the five-alike box filled;
	// afterUpper[c], those it takes once the upper box of f is filled;
	// late[c], those it takes only with every other box filled.
	var early, afterUpper, late [32]uint8
	var lateOnly []int
	for c := range g.Categories {
		if !sh.Filled[c] || c == e.Box {
			continue
		}
		for face := 1; face <= Faces; face++ {
			bit := uint8(1) << (face - 1)
			up := g.UpperBox(face)
			switch {
			case takes(1<<e.Box, c, face):
				early[c] |= bit
			case up >= 0 && up != c && sh.Filled[up] && takes(1<<e.Box|1<<up, c, face):
				afterUpper[c] |= bit
			case takes(all&^(1<<c), c, face):
				late[c] |= bit
			}
		}
		if early[c]|afterUpper[c] == 0 && late[c] != 0 {
			lateOnly = append(lateOnly, c)
		}
	}
	best := 0
	for choice := range 1 << len(lateOnly) {
		var lateSet uint32
		for i, c := range lateOnly {
			if choice&(1<<i) != 0 {
				lateSet |= 1 << c
			}
		}
		n := lateOrder(g, all, lateSet, late[:])
		for c := range g.Categories {
			if lateSet&(1<<c) != 0 || early[c]|afterUpper[c] == 0 {
				continue
			}
			if early[c] != 0 {
				n++
				continue
			}
			for face := 1; face <= Faces; face++ {
				if afterUpper[c]&(1<<(face-1)) != 0 && lateSet&(1<<g.UpperBox(face)) == 0 {
					n++
					break
				}
			}
		}
		best = max(best, n)
	}
	return best
}

// lateOrder returns how many boxes of lateSet can be written one after the
// other, each when the upper box of some face in late[c] is filled (or
// there is none): one of the filled boxes outside the set, or one of the
// set written before.
func lateOrder(g *Game, filled, lateSet uint32, late []uint8) int {
	done := filled &^ lateSet
	for progress := true; progress; {
		progress = false
		for c := range g.Categories {
			if done&(1<<c) != 0 {
				continue
			}
			for face := 1; face <= Faces; face++ {
				// A face with no upper box (a reduced game) waits on none.
				if up := g.UpperBox(face); late[c]&(1<<(face-1)) != 0 && (up < 0 || done&(1<<up) != 0) {
					done |= 1 << c
					progress = true
					break
				}
			}
		}
	}
	return bits.OnesCount32(done & lateSet)
}

// Possible returns the points box c can hold, in increasing order: what
// some roll scores there, and its joker points where a joker may go there.
func (g *Game) Possible(c int) []int {
	ps := slices.Clone(g.points[c])
	if j := g.Categories[c].Joker; j != 0 && g.Extra != nil && g.Extra.Joker != NoJoker {
		ps = append(ps, j)
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}

// PointsText writes a sorted set of points for a message: runs of three
// or more as "5 to 30", the rest one by one, the last joined by "or":
// "0 or 25", "0, 3, 6, 9, 12 or 15", "0 or 5 to 30".
func PointsText(ps []int) string {
	var parts []string
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1] == ps[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d to %d", ps[i], ps[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(ps[k]))
			}
		}
		i = j + 1
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
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
