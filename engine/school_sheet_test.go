package engine

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseSchoolSheet(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 3)
	for _, tc := range []struct {
		sheet string
		score int
		check func(s SchoolState) bool
	}{
		{"", 0, func(s SchoolState) bool { return s == g.NewSchoolState() }},
		{"ones=x/x,fives=x/r,threes=0,pair=12/-,sum=22,reserve=6", 6 + 12 + 22 - 200, func(s SchoolState) bool {
			return s.Fill[0] == 2 && s.Fill[2] == 1 && s.Fill[6] == 2 && s.Reserve == 6 &&
				s.RowBonus&(1<<4|1<<2|1<<6) == 0 && s.RowBonus&(1<<0|1<<1) == 3 && s.ColBonus == 0b100 &&
				s.ColBest == [MaxColumns]uint8{22, 0, 0, 0, 0} && s.RowBest[6] == 12
		}},
		{"twos=x/x/x,reserve=4", 4 + 10, func(s SchoolState) bool { return s.RowBonus&(1<<1) == 0 }},
		{"twos=x/x/x,reserve=4,taken=twos+column3", 4, func(s SchoolState) bool { return s.ColBonus == 0b011 }},
		{"pair=12/./", 12, func(s SchoolState) bool { return s.Fill[6] == 1 }},
		{"five-of-a-kind=110/160/55", 325 + 160, nil},
		{"sixes=x/r,reserve=0", 0, nil},
		{"sixes=x/r,reserve=6", 6, nil},
		{"ONES=X/R,Fives=x,PAIR=12,Reserve=1,TAKEN=Twos+COLUMN3", 1 + 12, func(s SchoolState) bool {
			return s.Fill[0] == 2 && s.Fill[4] == 1 && s.Reserve == 1 && s.ColBonus == 0b011
		}},
		// The r of ones is paid from the reserve sixes made first.
		{"ones=r/x,sixes=x,reserve=4", 4, nil},
	} {
		t.Run(tc.sheet, func(t *testing.T) {
			sh, err := g.ParseSchoolSheet(tc.sheet)
			if err != nil {
				t.Errorf("%q: %v", tc.sheet, err)
				return
			}
			s := sh.State(g)
			if got := sh.Score(g); got != tc.score || tc.check != nil && !tc.check(s) {
				t.Errorf("%q: score %d (want %d), state %+v", tc.sheet, got, tc.score, s)
			}
		})
	}
}

func TestParseSchoolSheetRefusals(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 2)
	for _, tc := range []struct{ sheet, want string }{
		{"ones", "want row=cells"},
		{"chance=5", `school has no row "chance"`},
		{"pair=4,pair=6", "row pair is given twice"},
		{"reserve=1,reserve=2,ones=x", "reserve is given twice"},
		{"pair=4/6/8", "3 cells, the sheet has 2 columns"},
		{"pair=/6", "a gap: column 1 is open"},
		{"ones=./x", "a gap: column 1 is open"},
		{"ones=5", `"5": a School cell is x (closed), r (closed with the reserve) or 0 (a zero)`},
		{"ones=-", "a School cell is x"},
		{"pair=x", `"x": a combination cell is - (crossed out) or its points`},
		{"pair=0", "column 1: pair scores 2, 4, 6, 8, 10, 12, 16, 20 or 24, not 0 (a cross is -)"},
		{"pair=14", "pair scores 2, 4, 6, 8, 10, 12, 16, 20 or 24, not 14"},
		{"five-of-a-kind=60/170", "column 2: five-of-a-kind scores 55, 60, 65, 70, 75, 80, 110, 120, 130, 140, 150 or 160, not 170"},
		{"small-straight=20", "small-straight scores 15 or 30, not 20"},
		{"reserve=-1", `reserve "-1" is not a whole number of 0 or more`},
		{"reserve=lots", `reserve "lots" is not a whole number`},
		{"reserve=3", "a reserve of 3 cannot come from these School cells"},
		{"threes=x,reserve=4", "a reserve of 4 cannot come"},
		{"threes=x/r,fours=r,reserve=1", "in no order of these cells was there a reserve to pay it"},
		{"ones=r/x", "in no order of these cells was there a reserve to pay it"},
		{"ones=x/r,twos=r", "in no order"},
		{"ones=x,twos=r/x,reserve=3", "a reserve of 3 cannot come from these School cells (x adds 0 to 2 dice of its face, r pays 1 or 2; the cells allow 0, 2, 4)"},
		{"taken=ones+ones", "taken: ones is given twice"},
		{"taken=column1,taken=column1", "taken: column1 is given twice"},
		{"fulhouse=25", `school has no row "fulhouse", did you mean full-house? (rows: ones,`},
		{"ones=x" + strings.Repeat("/x", 1000), `sheet: ones=x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/...: 1001 cells`},
		{"taken=sum", "sum has no row bonus"},
		{"taken=column3", `"column3": the columns are column1..column2`},
		{"taken=columnx", "the columns are column1..column2"},
		{"taken=chance", `"chance" is neither a row nor column1..column2`},
	} {
		t.Run(tc.sheet, func(t *testing.T) {
			_, err := g.ParseSchoolSheet(tc.sheet)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: error %v, want one saying %q", tc.sheet, err, tc.want)
			}
		})
	}
	full := []string{}
	for _, c := range g.Categories {
		cells := "x/x"
		if !c.School {
			cells = "-/-"
		}
		full = append(full, c.Name+"="+cells)
	}
	if _, err := g.ParseSchoolSheet(strings.Join(full, ",")); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("a full sheet: error %v", err)
	}
	yahtzee := mustGame(t, "yahtzee", Options{})
	if _, err := yahtzee.ParseSchoolSheet(""); err == nil || !strings.Contains(err.Error(), "not played on a school sheet") {
		t.Errorf("yahtzee: error %v", err)
	}
}

func TestParseSchoolSheetJSON(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 3)
	compact, err := g.ParseSchoolSheet("ones=x/r,threes=0,pair=12/-,sum=22,reserve=1,taken=twos+column3")
	if err != nil {
		t.Fatal(err)
	}
	js, err := g.ParseSchoolSheetJSON([]byte(`{"ones": ["x", "r"], "threes": ["0", null], "pair": [12, "-"], "sum": [22], "reserve": 1, "taken": ["twos", "column3"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if compact.State(g) != js.State(g) || compact.Score(g) != js.Score(g) {
		t.Errorf("JSON sheet %+v differs from the compact one %+v", js, compact)
	}
	for _, tc := range []struct{ json, want string }{
		{`[1, 2]`, "not a JSON object of rows"},
		{`{"pair": 12}`, "sheet: pair:"},
		{`{"pair": [13]}`, "pair scores 2, 4, 6, 8, 10, 12, 16, 20 or 24, not 13"},
		{`{"reserve": "x"}`, "sheet: reserve:"},
		{`{"taken": "twos"}`, "sheet: taken:"},
		{`{"ones": [null, "x"]}`, "a gap"},
		{`{"reserve": 2}`, "a reserve of 2 cannot come"},
		{`{"ones": ["x"], "ONES": ["x", "x"]}`, `"ones" is given twice`},
		{`{"ones": ["x"]} {"twos": ["x"]}`, "more after the JSON object"},
		{`{"ones": ["x"]}]`, "more after the JSON object"},
		{`{"ones": ["r", "x"]}`, "in no order"},
		{`{"taken": ["twos", "TWOS"]}`, "twos is given twice"},
	} {
		t.Run(tc.json, func(t *testing.T) {
			_, err := g.ParseSchoolSheetJSON([]byte(tc.json))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want one saying %q", tc.json, err, tc.want)
			}
		})
	}
}

// TestSchoolSheetApply checks the writes against the written sheet: the
// state they lead to and the totals they add.
func TestSchoolSheetApply(t *testing.T) {
	t.Parallel()
	g := schoolGame(t, 2)
	sh := g.NewSchoolSheet()
	s := g.NewSchoolState()
	total := 0
	// Fill the sheet with the first legal write of a fixed sequence of rolls.
	for turn := 0; !g.SchoolFull(&s); turn++ {
		r := (turn * 97) % NumRolls
		moves := g.SchoolMoves(s, r, turn%3 == 0, nil)
		w := moves[(turn*7)%len(moves)]
		sh.Apply(w)
		s = w.Next
		total += w.Total()
		if got := sh.State(g); got.Fill != s.Fill || got.Reserve != s.Reserve || got.RowBonus != s.RowBonus || got.ColBonus != s.ColBonus {
			t.Fatalf("turn %d: sheet state %+v, writes' state %+v", turn, got, s)
		}
		if sh.Score(g) != total {
			t.Fatalf("turn %d: sheet score %d, writes' total %d", turn, sh.Score(g), total)
		}
	}
}

func TestSchoolSheetBonuses(t *testing.T) {
	t.Parallel()
	g, _ := New("school", Options{Columns: 2})
	column := "ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x,pair=12,three-of-a-kind=18,two-pairs=22,full-house=28,four-of-a-kind=24,five-of-a-kind=55,small-straight=15,large-straight=20,sum=25"
	for _, c := range []struct {
		sheet   string
		rows    map[string]int // the rows with a bonus
		columns [2]int
	}{
		{"sixes=x/x", map[string]int{"sixes": 30}, [2]int{}},
		{"sixes=x/r,reserve=0", nil, [2]int{}},
		{"ones=x/0", nil, [2]int{}},
		{"pair=12/10", map[string]int{"pair": 12}, [2]int{}},
		{"pair=12/-", nil, [2]int{}},
		{"sum=20/22", nil, [2]int{}}, // sum has no row bonus
		{"sixes=x/x,taken=sixes", nil, [2]int{}},
		{column, nil, [2]int{55, 0}},
		{column + ",taken=column1", nil, [2]int{}},
		{strings.Replace(column, "pair=12", "pair=-", 1), nil, [2]int{}},
	} {
		t.Run(c.sheet, func(t *testing.T) {
			sh, err := g.ParseSchoolSheet(c.sheet)
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			for r, cat := range g.Categories {
				if got := sh.RowBonus(g, r); got != c.rows[cat.Name] {
					t.Errorf("row %s: bonus %d, want %d", cat.Name, got, c.rows[cat.Name])
				}
				total += c.rows[cat.Name]
			}
			for j, want := range c.columns {
				if got := sh.ColumnBonus(g, j); got != want {
					t.Errorf("column %d: bonus %d, want %d", j+1, got, want)
				}
				total += want
			}
			if got := sh.Bonuses(g); got != total {
				t.Errorf("Bonuses %d, want the rows' and columns' %d", got, total)
			}
		})
	}
}

// TestSchoolSheetReachable writes random school games a cell at a time and
// checks that every sheet met, in the sheet notation, is read back with
// the same state: the reserve check refuses no sheet that play reaches.
func TestSchoolSheetReachable(t *testing.T) {
	t.Parallel()
	for _, cols := range []int{1, 3} {
		g := schoolGame(t, cols)
		t.Run(fmt.Sprint(cols, " columns"), func(t *testing.T) {
			seed := uint32(cols)
			next := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>16) % n }
			for range 40 {
				sh := g.NewSchoolSheet()
				s := g.NewSchoolState()
				for !g.SchoolFull(&s) {
					moves := g.SchoolMoves(s, next(NumRolls), next(2) == 0, nil)
					w := moves[next(len(moves))]
					sh.Apply(w)
					s = w.Next
					if g.SchoolFull(&s) {
						break
					}
					text := formatSchool(g, &sh)
					back, err := g.ParseSchoolSheet(text)
					if err != nil {
						t.Fatalf("%q, reached in play, refused: %v", text, err)
					}
					if back.State(g) != sh.State(g) {
						t.Fatalf("%q read back as another state", text)
					}
				}
			}
		})
	}
}

// formatSchool writes sh in the sheet notation, for the test above.
func formatSchool(g *Game, sh *SchoolSheet) string {
	var items []string
	for c, row := range sh.Cells {
		var cells []string
		for _, e := range row {
			switch e.Mark {
			case Closed:
				cells = append(cells, "x")
			case ClosedReserve:
				cells = append(cells, "r")
			case Zeroed:
				cells = append(cells, "0")
			case Crossed:
				cells = append(cells, "-")
			default:
				cells = append(cells, fmt.Sprint(e.Points))
			}
		}
		if len(cells) > 0 {
			items = append(items, g.Categories[c].Name+"="+strings.Join(cells, "/"))
		}
	}
	return strings.Join(append(items, fmt.Sprint("reserve=", sh.Reserve)), ",")
}
