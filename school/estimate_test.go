package school

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"dicepoker/engine"
	"dicepoker/tables"
)

// TestEstimateAfter checks the quick values of the sheets after a write
// against the full ones, for every roll, fresh or not, on sheets met in
// play that takes a random write half the time.
func TestEstimateAfter(t *testing.T) {
	t.Parallel()
	for _, columns := range []int{1, 2, 3, 4} {
		t.Run(fmt.Sprintf("columns=%d", columns), func(t *testing.T) {
			t.Parallel()
			g := mustSchool(t, columns)
			e, _ := NewEstimate(g, nil)
			rng := rand.New(rand.NewPCG(1, uint64(columns)))
			for i := range e.W {
				e.W[i] = rng.NormFloat64()
			}
			for range 2 {
				s := g.NewSchoolState()
				for !g.SchoolFull(&s) {
					after := e.After(&s)
					for r := range engine.NumRolls {
						for _, m := range g.SchoolMoves(s, r, r%2 == 0, nil) {
							if got, want := after(m.Next), e.Value(m.Next); math.Abs(got-want) > 1e-9 {
								t.Fatalf("after %+v: quick value %g, full %g", m, got, want)
							}
						}
					}
					s = playedWrite(g, s, rng).Next
				}
				if v := e.Value(s); v != 0 {
					t.Errorf("a full sheet is worth %g, want 0", v)
				}
			}
		})
	}
}

func TestEstimateTable(t *testing.T) {
	t.Parallel()
	g3, g2 := mustSchool(t, 3), mustSchool(t, 2)
	e, _ := NewEstimate(g3, nil)
	for i := range e.W {
		e.W[i] = float64(i) / 8
	}
	e.Expected = 963.5
	dir := t.TempDir()
	path := EstimatePath(dir, g3)
	if err := e.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadEstimate(path, g3)
	if err != nil {
		t.Fatal(err)
	}
	if back.Expected != e.Expected || len(back.W) != len(e.W) || back.W[9] != e.W[9] {
		t.Errorf("read back %v, %d weights", back.Expected, len(back.W))
	}
	if _, err := LoadEstimate(path, g2); !errors.Is(err, tables.ErrRules) {
		t.Errorf("a three-column estimate read for two columns: %v", err)
	}
	if _, err := LoadExact(path, mustSchool(t, 1)); !errors.Is(err, tables.ErrRules) {
		t.Errorf("an estimate read as an exact table: %v", err)
	}
	// Files under the other tags are refused by their options, not
	// misread: an estimate without the load and bonus tuples (fewer
	// weights), fits without the shaken sheets or with a step a span long,
	// and an estimate without the School load and the bonuses by kind
	// (fewer weights).
	before := len(e.W) - e.l.number + e.l.schoolLoad
	for tag, n := range map[string]int{"ntuple": len(e.W) - e.l.number + e.l.load, "ntuple2": before, "ntuple3": before, "ntuple4": before} {
		old := filepath.Join(dir, tag+".dpt")
		if err := save(old, g3, tag, 0, make([]float32, n)); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadEstimate(old, g3); !errors.Is(err, tables.ErrRules) {
			t.Errorf("an older estimate's file (%s) read: %v", tag, err)
		}
	}
	// A file under this tag with the load tuple's reserve in 7 sizes (the
	// sizes above 12 not split), fewer weights, is refused as corrupt, not
	// misread.
	sevens := filepath.Join(dir, "sevens.dpt")
	if err := save(sevens, g3, estimateTag, 0, make([]float32, len(e.W)-(e.l.bonuses-e.l.load)/loadLevels*(loadLevels-7))); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadEstimate(sevens, g3); !errors.Is(err, tables.ErrCorrupt) {
		t.Errorf("a file of the 7-size load tuple read: %v", err)
	}
	if filepath.Base(EstimatePath(dir, g2)) != "school+columns=2+ntuple5.dpt" {
		t.Errorf("path %s", EstimatePath(dir, g2))
	}
}

func TestLoadLevel(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ reserve, level int }{
		{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 3}, {5, 4}, {7, 4}, {8, 5}, {11, 5},
		{12, 6}, {15, 6}, {16, 7}, {19, 7}, {20, 8}, {25, 8}, {26, 9}, {32, 9}, {33, 10}, {90, 10},
	} {
		t.Run(strconv.Itoa(c.reserve), func(t *testing.T) {
			if got := loadLevel(c.reserve); got != c.level {
				t.Errorf("loadLevel(%d) = %d, want %d", c.reserve, got, c.level)
			}
		})
	}
}

// TestSchoolLoadAndBonusKinds checks the entries of the School load by
// bonus and of the bonuses by kind on hand-made sheets: a zero or the
// reserve's help takes its School row's bonus (its open cells count as
// without), a close leaves it in reach, and a zero or a cross takes its
// column's.
func TestSchoolLoadAndBonusKinds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		columns                 int
		sheet                   string
		with, without, level    int // open School cells with and without their row's bonus; the reserve's size
		cols, school, otherRows int // the bonuses in reach: the columns' mask, School rows', other rows'
	}{
		{3, "", 18, 0, 0, 0b111, 6, 8},
		{3, "ones=0,twos=0", 12, 4, 0, 0b110, 4, 8},
		{3, "ones=r,twos=r,fives=x,sixes=x,reserve=4", 10, 4, 3, 0b111, 4, 8},
		{3, "fours=x,fives=x,sixes=x,reserve=30", 15, 0, 9, 0b111, 6, 8},
		{3, "threes=0,five-of-a-kind=-,sum=30", 15, 2, 0, 0b110, 5, 7},
		{2, "five-of-a-kind=-/-,sixes=0", 10, 1, 0, 0b00, 5, 7},
	} {
		t.Run(fmt.Sprintf("columns=%d/%s", c.columns, c.sheet), func(t *testing.T) {
			g := mustSchool(t, c.columns)
			sh, err := g.ParseSchoolSheet(c.sheet)
			if err != nil {
				t.Fatal(err)
			}
			s := sh.State(g)
			l := newLayout(g)
			x := l.sheet(&s, g.SchoolTurnsLeft(&s))
			got := map[int]bool{}
			record := recorder(func(i int, _ float64) { got[i] = true })
			l.reserveTerms(&x, record)
			l.bonusTerms(&x, record)
			cells := len(l.school)*c.columns + 1
			load := l.schoolLoad + ((c.with*cells+c.without)*coarseSpans+x.crude)*loadLevels + c.level
			kinds := l.bonusKinds + ((c.cols*(len(l.school)+1)+c.school)*(l.rows-len(l.school)+1)+c.otherRows)*coarseSpans + x.crude
			for name, i := range map[string]int{"School load": load, "bonuses by kind": kinds} {
				if !got[i] {
					t.Errorf("%s: entry %d not picked", name, i)
				}
			}
			inTable := func(i, from, to int) bool { return got[i] && i >= from && i < to }
			for i := range got {
				if inTable(i, l.schoolLoad, l.bonusKinds) && i != load || inTable(i, l.bonusKinds, l.number) && i != kinds {
					t.Errorf("entry %d picked as well", i)
				}
			}
		})
	}
}

// TestNode checks where the turns left lie among the spans' nodes: the
// first and last at 1 turn and a new sheet's, the others evenly between
// (every 4 turns with three columns), and a sheet between two nodes split
// between them by nearness.
func TestNode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		columns, turns, node int
		frac                 float64
	}{
		{3, 1, 0, 0}, {3, 5, 1, 0}, {3, 7, 1, 0.5}, {3, 16, 3, 0.75}, {3, 44, 10, 0.75}, {3, 45, 11, 0},
		{2, 1, 0, 0}, {2, 30, 11, 0}, {2, 9, 3, 1.0 / 29}, {1, 15, 11, 0}, {1, 8, 5, 0.5},
	} {
		t.Run(fmt.Sprintf("columns=%d/turns=%d", c.columns, c.turns), func(t *testing.T) {
			l := newLayout(mustSchool(t, c.columns))
			if node, frac := l.node(c.turns); node != c.node || math.Abs(frac-c.frac) > 1e-15 {
				t.Errorf("node(%d) = %d, %g; want %d, %g", c.turns, node, frac, c.node, c.frac)
			}
		})
	}
}

// TestEstimateRanksScoresAboveZeros fits a small estimate of the full
// three-column sheet and ranks the writes of 3 3 5 5 6 on a new sheet with
// no rerolls left: writing 22 in sum must rank above every -200 zero, as
// it does in play (the estimate fitted on its own player's sheets alone
// once ranked it 17th, below all six).
func TestEstimateRanksScoresAboveZeros(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 3)
	e, err := Train(g, TrainOptions{Rounds: 3, Games: 120, Seed: 1, Lambda: 0.4, Average: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSchoolState()
	dice := engine.Multiset{0, 0, 2, 0, 2, 1}
	actions, err := NewKernel(g).Actions(s, dice, 0, false, e.After(&s))
	if err != nil {
		t.Fatal(err)
	}
	sum := g.Category("sum")
	for i, a := range actions {
		w := writeOf(t, g, s, dice, false, a)
		switch {
		case w.Row == sum && w.Cell.Mark == engine.Scored:
			if w.Cell.Points != 22 {
				t.Fatalf("sum scores %d, want 22", w.Cell.Points)
			}
			return
		case w.Cell.Mark == engine.Zeroed:
			t.Fatalf("action %d, a zero in %s (%.1f), ranks above sum 22", i+1, g.Categories[w.Row].Name, a.Value)
		}
	}
	t.Fatal("no write in sum")
}

// TestWrittenRow checks the word-wise search for the row a write filled
// against the fills it compares, row by row.
func TestWrittenRow(t *testing.T) {
	t.Parallel()
	var base engine.SchoolState
	for r := range engine.MaxSchoolRows {
		base.Fill[r] = uint8(r % 3)
	}
	change := func(d map[int]int) *engine.SchoolState {
		s := base
		for r, n := range d {
			s.Fill[r] = uint8(int(s.Fill[r]) + n)
		}
		return &s
	}
	cases := []struct {
		name string
		s    *engine.SchoolState
		rows int
		want int
	}{
		{"nothing written", change(nil), 15, -1},
		{"two cells in a row", change(map[int]int{3: 2}), 15, -1},
		{"two rows", change(map[int]int{1: 1, 9: 1}), 15, -1},
		{"a row each side of the middle", change(map[int]int{6: 1, 8: 1}), 15, -1},
		{"one up, one down", change(map[int]int{2: 1, 3: -1}), 15, -1},
		{"one up, one down across the words", change(map[int]int{7: 1, 8: -1}), 15, -1},
		{"a row past the sheet", change(map[int]int{12: 1}), 12, -1},
	}
	for r := range engine.MaxSchoolRows {
		cases = append(cases, struct {
			name string
			s    *engine.SchoolState
			rows int
			want int
		}{fmt.Sprintf("row %d", r), change(map[int]int{r: 1}), 15, r})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := writtenRow(&base, c.s, c.rows); got != c.want {
				t.Errorf("writtenRow = %d, want %d", got, c.want)
			}
		})
	}
}

// TestCalibrate checks the calibration on a two-column estimate fitted
// briefly: its player's games score the same, game for game, before and
// after (but where two choices were equal to the last bit, at most 1% of
// games), and a new sheet is then valued at the mean of games played
// apart from those it was calibrated on, within four standard errors.
func TestCalibrate(t *testing.T) {
	t.Parallel()
	g := mustSchool(t, 2)
	k := NewKernel(g)
	e, err := Train(g, TrainOptions{Rounds: 2, Games: 200, Seed: 1, Lambda: 0.4})
	if err != nil {
		t.Fatal(err)
	}
	const games = 4000
	before := k.Simulate([]Player{e.After}, games, 7, 0)
	was := e.Value(g.NewSchoolState())
	e.calibrate(k, TrainOptions{Calibrate: games}, 3)
	after := k.Simulate([]Player{e.After}, games, 7, 0)
	differ := 0
	var sum, sq float64
	for i := range before {
		if before[i][0] != after[i][0] {
			differ++
		}
		x := float64(after[i][0])
		sum, sq = sum+x, sq+x*x
	}
	if differ > games/100 {
		t.Errorf("%d of %d games score otherwise after the calibration", differ, games)
	}
	m := sum / games
	se := math.Sqrt((sq/games - m*m) / games)
	v := e.Value(g.NewSchoolState())
	if math.Abs(v-m) > 4*math.Sqrt2*se {
		t.Errorf("a new sheet is valued at %.2f (%.2f before the calibration), its games score %.2f ± %.2f", v, was, m, se)
	}
	t.Logf("new sheet %.2f -> %.2f, games %.2f ± %.2f, %d games differ", was, v, m, se, differ)
}
