package coach

import (
	"fmt"
	"slices"
	"strings"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// schoolSheet is one player's school sheet. Its boxes are the rows: a
// write fills the row's next open column.
type schoolSheet struct {
	g  *engine.Game
	sh engine.SchoolSheet
}

// CellText writes a school cell as the sheet notation does: its mark
// (x, r, 0, -) or its points.
func CellText(e engine.SchoolEntry) string { return e.String() }

// String writes the sheet as engine.ParseSchoolSheet reads it:
// "ones=x/r,pair=12,reserve=3".
func (s schoolSheet) String() string { return s.sh.Format(s.g) }

func (s schoolSheet) Turn() int {
	n := 1
	for _, row := range s.sh.Cells {
		n += len(row)
	}
	return n
}

func (s schoolSheet) Over() bool { return s.Turn() > s.g.Turns() }

func (s schoolSheet) Score() int { return s.sh.Score(s.g) }

// Write writes the dice in row box's next open column: a School row
// closes or takes a zero, a combination row scores, or with cross is
// crossed out.
func (s schoolSheet) Write(dice engine.Multiset, fresh bool, box string, cross bool) (Move, error) {
	g := s.g
	c := g.Category(box)
	state := s.sh.State(g)
	switch {
	case dice.Size() != engine.Dice:
		return Move{}, fmt.Errorf("need five dice to write, have %d", dice.Size())
	case c < 0:
		return Move{}, fmt.Errorf("%s has no row %q", g.Name, box)
	case !g.RowOpen(&state, c):
		return Move{}, fmt.Errorf("%s is filled in every column already", box)
	case cross && g.Categories[c].School:
		return Move{}, fmt.Errorf("%s is a School row: its cells close or take a zero, they cannot be crossed out", box)
	}
	w, ok := g.SchoolMove(state, engine.RollIndex(dice), fresh, c, cross)
	if !ok {
		return Move{}, fmt.Errorf("%s scores nothing in %s: the cell can only be crossed out", Spaced(dice, g.Letters), box)
	}
	next := s.sh
	next.Cells = make([][]engine.SchoolEntry, len(s.sh.Cells))
	for r, row := range s.sh.Cells {
		next.Cells[r] = slices.Clone(row)
	}
	next.Apply(w)
	return Move{Box: box, Points: w.Cell.Value(), Bonus: w.Bonus, Detail: w.Detail(), Zero: w.Cell.Mark == engine.Zeroed, Next: schoolSheet{g, next}}, nil
}

// Show draws a row a line, its cells in columns (. for an open one), then
// the reserve, the bonuses and the score.
func (s schoolSheet) Show() string {
	g, l := s.g, s.Layout()
	var b strings.Builder
	fmt.Fprintf(&b, "  %-*s", nameWidth(g), "")
	for j := range l.Columns {
		fmt.Fprintf(&b, " %4d", j+1)
	}
	b.WriteString("\n")
	for _, r := range l.Rows {
		fmt.Fprintf(&b, "  %-*s", nameWidth(g), r.Name)
		for j := range l.Columns {
			cell := "."
			if j < len(r.Cells) {
				cell = r.Cells[j]
			}
			fmt.Fprintf(&b, " %4s", cell)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  reserve %d   bonuses %d   score %d\n", *l.Reserve, *l.Bonuses, l.Score)
	return b.String()
}

func (s schoolSheet) Layout() Layout {
	g, sh := s.g, s.sh
	state := sh.State(g)
	l := Layout{Score: sh.Score(g), Turn: s.Turn(), Turns: g.Turns(), Over: g.SchoolFull(&state)}
	for c, cat := range g.Categories {
		r := Row{Name: cat.Name, School: cat.School, Cells: []string{}, Bonus: sh.RowBonus(g, c), HasBonus: g.HasRowBonus(c),
			InReach: state.RowBonus&(1<<c) != 0, Taken: sh.TakenRows&(1<<c) != 0}
		for _, e := range sh.Cells[c] {
			r.Cells = append(r.Cells, CellText(e))
		}
		l.Rows = append(l.Rows, r)
	}
	for j, bonus := range sh.ColumnBonuses(g) {
		l.Columns = append(l.Columns, Column{bonus, state.ColBonus&(1<<j) != 0, sh.TakenCols&(1<<j) != 0})
	}
	bonuses := sh.Bonuses(g)
	l.Reserve, l.Bonuses = &sh.Reserve, &bonuses
	return l
}

func (s schoolSheet) Terms() Terms {
	return Terms{Box: "row", Boxes: "rows",
		Legend: fmt.Sprintf("marks: x closed, r closed with help from the reserve, 0 a zero (%d), - crossed out, . open; numbers are points", s.g.School.Zero),
		Write: `  score ROW      write the dice in the row's next column: close or zero a School row,
                 score a combination row; a unique start of its name will do
  cross ROW      cross out the row's next cell (combination rows only), scoring or not
`,
		Fresh: freshWords(s.g.School.Fresh), Reserve: "reserve", Detailed: true}
}

// freshWords says what a fresh roll does to the combination rows, whose
// points count times times.
func freshWords(times int) string {
	if times == 2 {
		return "combinations doubled"
	}
	return fmt.Sprintf("combinations x%d", times)
}

// schoolAdvisor ranks the positions of a school game with the values a
// school player gives the sheets after each turn.
type schoolAdvisor struct {
	g        *engine.Game
	k        *school.Kernel
	ranker   school.Player // the values of the sheets after the turn it ranks with
	drift    *school.Drift
	expected float64
	note     string
}

// SchoolAdvisor returns the advisor of school game g that ranks with the
// values ranker gives the sheets between turns (an exact table's for one
// column, for more an estimate's looking a turn ahead: see
// school.Kernel.Lookahead), and adds to the values it states the player's
// drift, when not nil (see school.Drift). expected is its
// expected final score of a new game, and note says how it values
// positions ("" when exactly).
func SchoolAdvisor(g *engine.Game, ranker school.Player, drift *school.Drift, expected float64, note string) Advisor {
	return schoolAdvisor{g: g, k: school.NewKernel(g), ranker: ranker, drift: drift, expected: expected, note: note}
}

func (a schoolAdvisor) Actions(p Position) ([]Option, error) {
	s, ok := p.Sheet.(schoolSheet)
	if !ok || s.g.Name != a.g.Name || s.g.Options != a.g.Options {
		return nil, fmt.Errorf("the school advisor of %s cannot rank a %s position", strategy.Describe(a.g), strategy.Describe(p.Game))
	}
	state := s.sh.State(a.g)
	actions, err := a.k.Actions(state, p.Dice, p.RollsLeft, p.Fresh, a.ranker(&state))
	if err != nil {
		return nil, err
	}
	if a.drift != nil {
		a.drift.Add(state, p.Dice, p.RollsLeft, p.Fresh, actions)
	}
	return actions, nil
}

func (a schoolAdvisor) Expected() float64 { return a.expected }

func (a schoolAdvisor) Note() string { return a.note }
