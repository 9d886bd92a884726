package format

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/export"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// pokerDice returns the solved poker-dice table (0.1 s).
func pokerDice(t *testing.T) *strategy.Table {
	t.Helper()
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return strategy.FromSolution(sol)
}

// pokerState is a row of poker-dice's states as Parquet holds it.
type pokerState struct {
	Index      int64   `parquet:"index"`
	Filled     int64   `parquet:"filled"`
	Aces       bool    `parquet:"aces"`
	Kings      bool    `parquet:"kings"`
	Queens     bool    `parquet:"queens"`
	Jacks      bool    `parquet:"jacks"`
	Tens       bool    `parquet:"tens"`
	Nines      bool    `parquet:"nines"`
	Pair       bool    `parquet:"pair"`
	TwoPair    bool    `parquet:"two-pairs"`
	Three      bool    `parquet:"three-of-a-kind"`
	Straight   bool    `parquet:"straight"`
	FullHouse  bool    `parquet:"full-house"`
	Four       bool    `parquet:"four-of-a-kind"`
	Five       bool    `parquet:"five-of-a-kind"`
	Upper      int64   `parquet:"upper"`
	UpperBonus bool    `parquet:"upper-bonus"`
	Value      float32 `parquet:"value"`
}

func (s *pokerState) boxes() []bool {
	return []bool{s.Aces, s.Kings, s.Queens, s.Jacks, s.Tens, s.Nines, s.Pair, s.TwoPair, s.Three, s.Straight, s.FullHouse, s.Four, s.Five}
}

// checkState checks one exported state against the table.
func checkState(t *testing.T, tab *strategy.Table, index, filled int, boxes []bool, upper int, bonus bool, value float32) {
	t.Helper()
	s := tab.Layout.State(index)
	g := tab.Game
	n := 0
	for c := range g.Categories {
		if boxes[c] != !s.Open(c) {
			t.Fatalf("state %d: box %s filled %v, want %v", index, g.Categories[c].Name, boxes[c], !s.Open(c))
		}
		if boxes[c] {
			n++
		}
	}
	if filled != n || upper != s.Upper || bonus != (s.Upper >= g.Upper.Threshold) {
		t.Fatalf("state %d: filled %d upper %d bonus %v, want %d %d %v", index, filled, upper, bonus, n, s.Upper, s.Upper >= g.Upper.Threshold)
	}
	if math.Float32bits(value) != math.Float32bits(tab.Values[index]) {
		t.Fatalf("state %d: value %v, the table holds %v", index, value, tab.Values[index])
	}
}

// reachable counts the table's states that can occur.
func reachable(tab *strategy.Table) int {
	n := 0
	for _, v := range tab.Values {
		if !math.IsNaN(float64(v)) {
			n++
		}
	}
	return n
}

func TestStates(t *testing.T) {
	tab := pokerDice(t)
	const wantStates = 111872 // the count of reachable poker-dice states (docs/design.md)
	if reachable(tab) != wantStates {
		t.Fatalf("%d reachable states, want %d", reachable(tab), wantStates)
	}
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			n, err := Write(&buf, export.States(tab), f)
			if err != nil {
				t.Fatal(err)
			}
			if n != wantStates {
				t.Errorf("%d rows written, want %d", n, wantStates)
			}
			rows := readStates(t, f, buf.Bytes())
			if len(rows) != wantStates {
				t.Fatalf("%d rows read back, want %d", len(rows), wantStates)
			}
			for _, r := range rows {
				checkState(t, tab, int(r.Index), int(r.Filled), r.boxes(), int(r.Upper), r.UpperBonus, r.Value)
			}
			// The first row is the new game, worth the optimum.
			if rows[0].Index != 0 || math.Abs(float64(rows[0].Value)-31.4230112) > 1e-5 {
				t.Errorf("first row %+v, want index 0 worth 31.4230112", rows[0])
			}
		})
	}
}

// readStates reads exported poker-dice states back, each format with a
// reader of its own: encoding/csv, encoding/json and parquet-go.
func readStates(t *testing.T, f Format, data []byte) []pokerState {
	t.Helper()
	var rows []pokerState
	switch f {
	case Parquet:
		r := parquet.NewGenericReader[pokerState](bytes.NewReader(data))
		rows = make([]pokerState, r.NumRows())
		if n, err := r.Read(rows); n != len(rows) || (err != nil && err != io.EOF) {
			t.Fatalf("read %d of %d rows: %v", n, len(rows), err)
		}
	case JSONL:
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, stateFromText(t, func(name string) string { return jsonText(m[name]) }))
		}
	case CSV:
		records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for i, name := range records[0] {
			col[name] = i
		}
		for _, rec := range records[1:] {
			rows = append(rows, stateFromText(t, func(name string) string { return rec[col[name]] }))
		}
	}
	return rows
}

// jsonText writes a decoded JSON value as the CSV writes it.
func jsonText(v any) string {
	switch v := v.(type) {
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return "missing"
}

// stateFromText builds a state row from its columns as text.
func stateFromText(t *testing.T, get func(name string) string) pokerState {
	t.Helper()
	num := func(name string) float64 {
		x, err := strconv.ParseFloat(get(name), 64)
		if err != nil {
			t.Fatalf("column %s: %v", name, err)
		}
		return x
	}
	flag := func(name string) bool {
		b, err := strconv.ParseBool(get(name))
		if err != nil {
			t.Fatalf("column %s: %v", name, err)
		}
		return b
	}
	return pokerState{Index: int64(num("index")), Filled: int64(num("filled")),
		Aces: flag("aces"), Kings: flag("kings"), Queens: flag("queens"), Jacks: flag("jacks"), Tens: flag("tens"), Nines: flag("nines"),
		Pair: flag("pair"), TwoPair: flag("two-pairs"), Three: flag("three-of-a-kind"), Straight: flag("straight"),
		FullHouse: flag("full-house"), Four: flag("four-of-a-kind"), Five: flag("five-of-a-kind"),
		Upper: int64(num("upper")), UpperBonus: flag("upper-bonus"), Value: float32(num("value"))}
}

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Format
		ok   bool
	}{{"csv", CSV, true}, {"JSONL", JSONL, true}, {"parquet", Parquet, true}, {"xlsx", "", false}, {"", "", false}} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFormat(tc.name)
			if f != tc.want || (err == nil) != tc.ok {
				t.Errorf("ParseFormat(%q) = %q, %v", tc.name, f, err)
			}
		})
	}
}

// positionRow is a row of poker-dice's positions as Parquet holds it.
type positionRow struct {
	Position   int64   `parquet:"position"`
	Turn       int64   `parquet:"turn"`
	Sheet      string  `parquet:"sheet"`
	SheetScore int64   `parquet:"sheet_score"`
	RollsLeft  int64   `parquet:"rolls_left"`
	Dice       []int32 `parquet:"dice,list"`
	Rank       int64   `parquet:"rank"`
	Action     string  `parquet:"action"`
	Keep       []int32 `parquet:"keep,list"`
	Reroll     []int32 `parquet:"reroll,list"`
	Category   string  `parquet:"category"`
	Points     int64   `parquet:"points"`
	Bonus      int64   `parquet:"bonus"`
	Expected   float64 `parquet:"expected"`
	Loss       float64 `parquet:"loss"`
	Tie        bool    `parquet:"tie"`
}

func TestPositions(t *testing.T) {
	tab := pokerDice(t)
	g := tab.Game
	const n = 300
	var buf bytes.Buffer
	if _, err := Write(&buf, export.Positions(g, coach.TableAdvisor(tab), export.Sample{Positions: n, Seed: 7}), Parquet); err != nil {
		t.Fatal(err)
	}
	r := parquet.NewGenericReader[positionRow](bytes.NewReader(buf.Bytes()))
	rows := make([]positionRow, r.NumRows())
	if k, err := r.Read(rows); k != len(rows) || (err != nil && err != io.EOF) {
		t.Fatalf("read %d of %d rows: %v", k, len(rows), err)
	}
	turns, rolls := map[int64]int{}, map[int64]int{}
	for i, row := range rows {
		first := i == 0 || rows[i-1].Position != row.Position
		if first {
			turns[row.Turn]++
			rolls[row.RollsLeft]++
			if row.Rank != 1 || row.Loss != 0 || !row.Tie {
				t.Fatalf("row %d: position %d starts with %+v, not the best", i, row.Position, row)
			}
		} else if row.Rank != rows[i-1].Rank+1 || row.Expected > rows[i-1].Expected || row.Sheet != rows[i-1].Sheet {
			t.Fatalf("row %d: %+v does not follow %+v", i, row, rows[i-1])
		}
		sheet, err := engine.ParseSheet(g, row.Sheet)
		if err != nil {
			t.Fatalf("row %d: sheet %q: %v", i, row.Sheet, err)
		}
		if sheet.Score(g) != int(row.SheetScore) || int(row.Turn) != len(strings.Split(row.Sheet, ","))+1 && row.Sheet != "" || len(row.Dice) != 5 {
			t.Fatalf("row %d: %+v: sheet score %d", i, row, sheet.Score(g))
		}
		switch row.Action {
		case "score":
			// Writing a box is worth its points, its bonus and the table's
			// value of the sheet it leads to, found here from the sheet's
			// notation, not from the advisor. The last box ends the game.
			if int(row.Turn) == g.Turns() {
				if row.Expected != float64(row.SheetScore+row.Points+row.Bonus) {
					t.Fatalf("row %d: %+v: the last box ends the game", i, row)
				}
				break
			}
			next, err := engine.ParseSheet(g, strings.TrimPrefix(row.Sheet+","+row.Category+"="+strconv.Itoa(int(row.Points)), ","))
			if err != nil {
				t.Fatalf("row %d: %v", i, err)
			}
			want := float64(next.Score(g)) + tab.Value(next.State(g))
			if math.Abs(row.Expected-want) > 1e-4 || next.Score(g) != int(row.SheetScore+row.Points+row.Bonus) {
				t.Fatalf("row %d: %+v expects %v, the table %v", i, row, row.Expected, want)
			}
		case "keep":
			if len(row.Keep)+len(row.Reroll) != 5 || row.RollsLeft == 0 {
				t.Fatalf("row %d: keep %+v", i, row)
			}
		default:
			t.Fatalf("row %d: action %q", i, row.Action)
		}
	}
	if len(turns) != g.Turns() || len(rolls) != g.Rolls {
		t.Errorf("the sample met turns %v and rolls left %v, want every one of %d turns and %d rolls", turns, rolls, g.Turns(), g.Rolls)
	}
	// The same seed gives the same rows, another seed others.
	for _, tc := range []struct {
		seed uint64
		same bool
	}{{7, true}, {8, false}} {
		var again bytes.Buffer
		if _, err := Write(&again, export.Positions(g, coach.TableAdvisor(tab), export.Sample{Positions: n, Seed: tc.seed}), Parquet); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(again.Bytes(), buf.Bytes()) != tc.same {
			t.Errorf("seed %d: same rows %v, want %v", tc.seed, !tc.same, tc.same)
		}
	}
}

// BenchmarkStates writes poker-dice's 111,872 states in each format.
func BenchmarkStates(b *testing.B) {
	g, _ := engine.New("poker-dice", engine.Options{})
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	tab := strategy.FromSolution(sol)
	for _, f := range Formats {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if _, err := Write(io.Discard, export.States(tab), f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSchoolStates exports the states of one-column school played on
// three rows: one row for each index, the row's state the one the index
// holds, its value the table's, and a full sheet worth nothing more.
func TestSchoolStates(t *testing.T) {
	full, _ := engine.New("school", engine.Options{Columns: 1})
	g, err := full.Subset("ones", "pair", "sum")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := school.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := school.FromSolution(sol)
	var buf bytes.Buffer
	if _, err := Write(&buf, export.SchoolStates(tab), CSV); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(records[0], ","), "index,filled,ones,pair,sum,reserve,column-bonus,best,value"; got != want {
		t.Fatalf("columns %s, want %s", got, want)
	}
	if len(records)-1 != tab.Layout.Size() {
		t.Fatalf("%d rows, want the layout's %d states", len(records)-1, tab.Layout.Size())
	}
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	fulls := 0
	for i, r := range records[1:] {
		s := engine.SchoolState{Reserve: atoi(r[5])}
		filled := 0
		for c := range g.Categories {
			if r[2+c] == "true" {
				s.Fill[c], filled = 1, filled+1
			}
		}
		if r[6] == "true" {
			s.ColBonus, s.ColBest[0] = 1, uint8(atoi(r[7]))
		}
		value, _ := strconv.ParseFloat(r[8], 32)
		if atoi(r[0]) != i || atoi(r[1]) != filled || tab.Layout.Index(&s) != i || float32(value) != tab.Values[i] {
			t.Fatalf("row %d: %v: index %d, want %d, value %v", i, r, tab.Layout.Index(&s), i, tab.Values[i])
		}
		if filled == len(g.Categories) {
			fulls++
			if value != 0 {
				t.Errorf("row %d: a full sheet worth %v", i, value)
			}
		}
	}
	if fulls == 0 {
		t.Error("no full sheet among the states")
	}
	start := g.NewSchoolState()
	if v := float64(tab.Values[tab.Layout.Index(&start)]); math.Abs(v-tab.Expected) > 1e-4 {
		t.Errorf("a new sheet is worth %v, the table expects %v", v, tab.Expected)
	}
}
