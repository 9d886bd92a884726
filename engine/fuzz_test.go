package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The fuzz targets below read what users type (--dice, --sheet) and the
// files they hand over (--sheet-file). Each checks that an accepted input
// is one the rules allow, by a check of its own rather than the parser's,
// and that writing it out and reading it back gives it again. Their seed
// corpora are in testdata/fuzz/<target>; "go test -run='^$'
// -fuzz=FuzzParseDice ./engine" runs one for longer.

// everyDice calls f with every sequence of five dice, not through the
// roll tables the parsers use.
func everyDice(f func(m Multiset)) {
	for n := range 7776 {
		var m Multiset
		for range Dice {
			m[n%Faces]++
			n /= Faces
		}
		f(m)
	}
}

// reachable holds, for each game, the points each box or row can hold, by
// everyDice: a box's points for some dice, its joker points where a joker
// may go there, a combination row's points doubled or not.
var reachable = map[string][]map[int]bool{}

func reachableOf(g *Game) []map[int]bool {
	key := g.Name + "," + g.Options.String()
	if r, ok := reachable[key]; ok {
		return r
	}
	r := make([]map[int]bool, len(g.Categories))
	for c, cat := range g.Categories {
		r[c] = map[int]bool{}
		everyDice(func(m Multiset) {
			p := cat.Points(m)
			r[c][p] = true
			if g.Columns > 0 {
				r[c][p*g.School.Fresh] = true
			}
		})
		if cat.Joker != 0 && g.Extra != nil && g.Extra.Joker != NoJoker {
			r[c][cat.Joker] = true
		}
	}
	reachable[key] = r
	return r
}

// fuzzGames are the games the sheet fuzzers read each input for.
func fuzzGames(t testing.TB, school bool) []*Game {
	var gs []*Game
	if school {
		for _, c := range []int{1, 3, 5} {
			gs = append(gs, mustGame(t, "school", Options{Columns: c}))
		}
		return gs
	}
	for _, name := range []string{"yahtzee", "yatzy", "swedish", "poker-dice"} {
		gs = append(gs, mustGame(t, name, Options{}))
	}
	return append(gs, mustGame(t, "yahtzee", Options{ForcedJoker: true}), mustGame(t, "yahtzee", Options{NoYahtzeeBonus: true}))
}

func FuzzParseDice(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, letters := range []string{DigitFaces, CardFaces} {
			// What the input says, rune by rune: the faces, or -1 for a
			// rune that is no die.
			var want Multiset
			n, bad := 0, false
			for _, r := range s {
				if r == ',' || unicode.IsSpace(r) {
					continue
				}
				f := strings.IndexRune(DigitFaces, unicode.ToUpper(r))
				if f < 0 {
					f = strings.IndexRune(letters, unicode.ToUpper(r))
				}
				if f < 0 {
					bad = true
					continue
				}
				if n++; n <= Dice {
					want[f]++
				}
			}
			m, err := ParseDice(s, letters)
			switch {
			case (err == nil) != (!bad && n == Dice):
				t.Fatalf("ParseDice(%q, %s) = %v, %v; the input has %d dice, bad runes %v", s, letters, m, err, n, bad)
			case err == nil && m != want:
				t.Fatalf("ParseDice(%q, %s) = %v, want %v", s, letters, m, want)
			}
			if err == nil {
				for _, text := range []string{m.Format(letters), m.String(), fmt.Sprint(m.Dice())} {
					if back, err := ParseDice(strings.Trim(text, "[]"), letters); err != nil || back != m {
						t.Fatalf("ParseDice(%q) = %v, %v; want %v back", text, back, err, m)
					}
				}
			}
			k, err := parseKeep(s, letters, Dice)
			if t := strings.TrimSpace(s); t == "" || strings.EqualFold(t, "none") || t == "-" {
				n, bad, want = 0, false, Multiset{}
			}
			switch {
			case (err == nil) != (!bad && n <= Dice):
				t.Fatalf("parseKeep(%q, %s) = %v, %v; the input has %d dice, bad runes %v", s, letters, k, err, n, bad)
			case err == nil && k != want:
				t.Fatalf("parseKeep(%q, %s) = %v, want %v", s, letters, k, want)
			}
		}
	})
}

// checkSheet re-checks an accepted single sheet against the rules.
func checkSheet(t *testing.T, g *Game, sh Sheet) {
	t.Helper()
	can := reachableOf(g)
	filled := 0
	for c := range g.Categories {
		if !sh.Filled[c] {
			if sh.Points[c] != 0 {
				t.Fatalf("%s: open box %s holds %d", g.Name, g.Categories[c].Name, sh.Points[c])
			}
			continue
		}
		filled++
		if !can[c][sh.Points[c]] {
			t.Fatalf("%s: %s holds %d, which no dice score there", g.Name, g.Categories[c].Name, sh.Points[c])
		}
	}
	if filled == len(g.Categories) {
		t.Fatalf("%s: a full sheet was accepted", g.Name)
	}
	if sh.Bonus == 0 {
		return
	}
	e := g.Extra
	switch {
	case e == nil || e.Bonus == 0:
		t.Fatalf("%s: a five-alike bonus of %d in a game without one", g.Name, sh.Bonus)
	case sh.Bonus < 0 || sh.Bonus%e.Bonus != 0:
		t.Fatalf("%s: a five-alike bonus of %d", g.Name, sh.Bonus)
	case !sh.Filled[e.Box] || sh.Points[e.Box] != e.Full:
		t.Fatalf("%s: a five-alike bonus without %d in the box", g.Name, e.Full)
	case sh.Bonus/e.Bonus > filled-1:
		t.Fatalf("%s: %d five-alike bonuses with %d other boxes filled", g.Name, sh.Bonus/e.Bonus, filled-1)
	}
}

// sheetJSON writes a single sheet as ParseSheetJSON reads it.
func sheetJSON(g *Game, sh Sheet) []byte {
	m := map[string]int{}
	for c, cat := range g.Categories {
		if sh.Filled[c] {
			m[cat.Name] = sh.Points[c]
		}
	}
	if sh.Bonus != 0 {
		m[g.BonusKey()] = sh.Bonus
	}
	data, _ := json.Marshal(m)
	return data
}

// sheetRoundTrip checks an accepted single sheet and that both notations
// read back what it writes in them.
func sheetRoundTrip(t *testing.T, g *Game, sh Sheet) {
	t.Helper()
	checkSheet(t, g, sh)
	text := sh.Format(g)
	if back, err := ParseSheet(g, text); err != nil || !reflect.DeepEqual(back, sh) {
		t.Fatalf("%s: ParseSheet(%q) = %+v, %v; want %+v", g.Name, text, back, err, sh)
	}
	data := sheetJSON(g, sh)
	if back, err := ParseSheetJSON(g, data); err != nil || !reflect.DeepEqual(back, sh) {
		t.Fatalf("%s: ParseSheetJSON(%s) = %+v, %v; want %+v", g.Name, data, back, err, sh)
	}
}

func FuzzParseSheet(f *testing.F) {
	games := fuzzGames(f, false)
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range games {
			if sh, err := ParseSheet(g, s); err == nil {
				sheetRoundTrip(t, g, sh)
			}
		}
	})
}

func FuzzParseSheetJSON(f *testing.F) {
	games := fuzzGames(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range games {
			if sh, err := ParseSheetJSON(g, data); err == nil {
				sheetRoundTrip(t, g, sh)
			}
		}
	})
}

// checkSchoolSheet re-checks an accepted school sheet against the rules.
func checkSchoolSheet(t *testing.T, g *Game, sh SchoolSheet) {
	t.Helper()
	can := reachableOf(g)
	open := false
	var steps [][]int // for each School cell closed, what it may have done to the reserve
	for c, cat := range g.Categories {
		row := sh.Cells[c]
		if len(row) > g.Columns {
			t.Fatalf("%s: %d cells in %s", g.Name, len(row), cat.Name)
		}
		open = open || len(row) < g.Columns
		for _, e := range row {
			switch {
			case cat.School && e.Mark == Closed && e.Points == 0:
				steps = append(steps, []int{0, cat.Face, 2 * cat.Face})
			case cat.School && e.Mark == ClosedReserve && e.Points == 0:
				steps = append(steps, []int{-cat.Face, -2 * cat.Face})
			case cat.School && e.Mark == Zeroed && e.Points == g.School.Zero:
			case !cat.School && e.Mark == Crossed && e.Points == 0:
			case !cat.School && e.Mark == Scored && e.Points > 0 && can[c][e.Points]:
			default:
				t.Fatalf("%s: cell %+v in %s", g.Name, e, cat.Name)
			}
		}
		if sh.TakenRows&(1<<c) != 0 && !cat.RowBonus {
			t.Fatalf("%s: %s's bonus taken, but it has none", g.Name, cat.Name)
		}
	}
	switch {
	case !open:
		t.Fatalf("%s: a full sheet was accepted", g.Name)
	case sh.TakenRows>>len(g.Categories) != 0 || sh.TakenCols>>g.Columns != 0:
		t.Fatalf("%s: bonuses taken past the sheet: rows %b, columns %b", g.Name, sh.TakenRows, sh.TakenCols)
	case sh.Reserve < 0 || !leaves(steps, sh.Reserve):
		t.Fatalf("%s: a reserve of %d that the School cells cannot leave", g.Name, sh.Reserve)
	}
}

// leaves reports whether one step from each list adds up to reserve,
// remembering what it found for each tail of steps and reserve left.
func leaves(steps [][]int, reserve int) bool {
	seen := map[[2]int]bool{}
	var from func(i, left int) bool
	from = func(i, left int) bool {
		if i == len(steps) {
			return left == 0
		}
		key := [2]int{i, left}
		if ok, done := seen[key]; done {
			return ok
		}
		seen[key] = slices.ContainsFunc(steps[i], func(d int) bool { return from(i+1, left-d) })
		return seen[key]
	}
	return from(0, reserve)
}

// schoolJSON writes a school sheet as ParseSchoolSheetJSON reads it.
func schoolJSON(g *Game, sh SchoolSheet) []byte {
	m := map[string]any{"reserve": sh.Reserve}
	for c, row := range sh.Cells {
		cells := make([]any, len(row))
		for j, e := range row {
			cells[j] = e.String()
			if e.Mark == Scored {
				cells[j] = e.Points
			}
		}
		m[g.Categories[c].Name] = cells
	}
	var taken []string
	for _, item := range strings.Split(sh.Format(g), ",") {
		if names, ok := strings.CutPrefix(item, "taken="); ok {
			taken = strings.Split(names, "+")
		}
	}
	if taken != nil {
		m["taken"] = taken
	}
	data, _ := json.Marshal(m)
	return data
}

// sameSchool reports whether two school sheets hold the same, an empty
// row given or not.
func sameSchool(a, b SchoolSheet) bool {
	return a.Reserve == b.Reserve && a.TakenRows == b.TakenRows && a.TakenCols == b.TakenCols &&
		slices.EqualFunc(a.Cells, b.Cells, func(x, y []SchoolEntry) bool { return slices.Equal(x, y) })
}

// schoolRoundTrip checks an accepted school sheet and that both notations
// read back what it writes in them.
func schoolRoundTrip(t *testing.T, g *Game, sh SchoolSheet) {
	t.Helper()
	checkSchoolSheet(t, g, sh)
	text := sh.Format(g)
	if back, err := g.ParseSchoolSheet(text); err != nil || !sameSchool(back, sh) {
		t.Fatalf("%s: ParseSchoolSheet(%q) = %+v, %v; want %+v", g.Name, text, back, err, sh)
	}
	data := schoolJSON(g, sh)
	if back, err := g.ParseSchoolSheetJSON(data); err != nil || !sameSchool(back, sh) {
		t.Fatalf("%s: ParseSchoolSheetJSON(%s) = %+v, %v; want %+v", g.Name, data, back, err, sh)
	}
}

func FuzzParseSchoolSheet(f *testing.F) {
	games := fuzzGames(f, true)
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range games {
			if sh, err := g.ParseSchoolSheet(s); err == nil {
				schoolRoundTrip(t, g, sh)
			}
		}
	})
}

func FuzzParseSchoolSheetJSON(f *testing.F) {
	games := fuzzGames(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range games {
			if sh, err := g.ParseSchoolSheetJSON(data); err == nil {
				schoolRoundTrip(t, g, sh)
			}
		}
	})
}
