package engine

import (
	"fmt"
	"testing"
)

func TestCloseSchool(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		face    int
		dice    []int
		reserve int
		want    SchoolCell
	}{
		{"seed: four twos close row 2 and add 2", 2, []int{2, 2, 2, 2, 5}, 0, SchoolCell{Closed: true, Reserve: 2}},
		{"seed: four fours write 4", 4, []int{4, 4, 4, 4, 1}, 0, SchoolCell{Closed: true, Reserve: 4}},
		{"seed: then two threes write 1", 3, []int{3, 3, 1, 5, 6}, 4, SchoolCell{Closed: true, Reserve: 1, UsedReserve: true}},
		{"three alike close, reserve unchanged", 5, []int{5, 5, 5, 1, 2}, 7, SchoolCell{Closed: true, Reserve: 7}},
		{"five alike add two dice", 6, []int{6, 6, 6, 6, 6}, 1, SchoolCell{Closed: true, Reserve: 13}},
		{"one die short, reserve exactly enough", 5, []int{5, 5, 1, 2, 3}, 5, SchoolCell{Closed: true, Reserve: 0, UsedReserve: true}},
		{"two dice short, reserve exactly enough", 6, []int{6, 1, 2, 3, 4}, 12, SchoolCell{Closed: true, Reserve: 0, UsedReserve: true}},
		{"two dice short, reserve more than enough", 1, []int{1, 2, 3, 4, 5}, 9, SchoolCell{Closed: true, Reserve: 7, UsedReserve: true}},
		{"reserve one short: zero", 5, []int{5, 5, 1, 2, 3}, 4, SchoolCell{Reserve: 4}},
		{"reserve too small: zero", 6, []int{6, 1, 2, 3, 4}, 11, SchoolCell{Reserve: 11}},
		{"no die of the face: zero even with a big reserve", 4, []int{1, 2, 3, 5, 6}, 100, SchoolCell{Reserve: 100}},
		{"no die, no reserve: zero", 1, []int{2, 2, 2, 2, 2}, 0, SchoolCell{Reserve: 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := CloseSchool(tc.face, mustDice(t, tc.dice...), tc.reserve)
			if got != tc.want {
				t.Errorf("%s: CloseSchool(%d, %v, %d) = %+v, want %+v", tc.name, tc.face, tc.dice, tc.reserve, got, tc.want)
			}
		})
	}
}

func TestSchoolPoints(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "school", Options{})
	for _, tc := range []struct {
		dice     []int
		category string
		fresh    bool
		want     int
	}{
		{[]int{1, 1, 1, 1, 1}, "five-of-a-kind", true, 110}, // the seed: (5 + 50) x 2
		{[]int{1, 1, 1, 1, 1}, "five-of-a-kind", false, 55},
		{[]int{5, 5, 1, 2, 3}, "pair", true, 20},
		{[]int{5, 5, 1, 2, 3}, "pair", false, 10},
		{[]int{6, 6, 6, 6, 1}, "four-of-a-kind", true, 88},
		{[]int{1, 2, 3, 4, 5}, "small-straight", true, 30},
		{[]int{2, 3, 4, 5, 6}, "large-straight", true, 40},
		{[]int{1, 3, 4, 6, 6}, "sum", true, 40},
		{[]int{5, 5, 5, 2, 2}, "full-house", true, 38},
		{[]int{5, 5, 1, 2, 3}, "five-of-a-kind", true, 0}, // a failed condition stays 0
	} {
		t.Run(fmt.Sprintf("%s %v fresh=%v", tc.category, tc.dice, tc.fresh), func(t *testing.T) {
			c := g.Category(tc.category)
			r := RollIndex(mustDice(t, tc.dice...))
			if got := g.SchoolPoints(c, r, tc.fresh); got != tc.want {
				t.Errorf("SchoolPoints(%s, %v, fresh=%v) = %d, want %d", tc.category, tc.dice, tc.fresh, got, tc.want)
			}
		})
	}
}

func TestSchoolSheet(t *testing.T) {
	t.Parallel()
	g := mustGame(t, "school", Options{})
	if g.Extra != nil || g.Upper.Points != 0 || g.UpperCap() != 0 {
		t.Errorf("school: Extra %v, Upper %+v; want no five-alike rules and no upper bonus", g.Extra, g.Upper)
	}
	for i, c := range g.Categories {
		school := i < Faces
		if c.School != school || (school && c.Face != i+1) || c.Upper() {
			t.Errorf("row %d %s: School %v Face %d Upper %v", i, c.Name, c.School, c.Face, c.Upper())
		}
	}
	// docs/rules.md: a zero costs 200, fresh rolls score double, a School
	// row's bonus is five times its number, and every row but sum has one.
	if want := (SchoolRules{Zero: -200, Fresh: 2, FaceBonus: 5}); g.School != want {
		t.Errorf("School = %+v, want %+v", g.School, want)
	}
	for c, cat := range g.Categories {
		if cat.RowBonus != (cat.Name != "sum") {
			t.Errorf("%s: RowBonus %v", cat.Name, cat.RowBonus)
		}
		if cat.School && g.RowBonusOf(c) != 5*cat.Face {
			t.Errorf("%s: row bonus %d, want %d", cat.Name, g.RowBonusOf(c), 5*cat.Face)
		}
	}
}

// TestRollPoints checks a roll's points in either kind of sheet: a
// fresh roll doubles a school combination row and changes nothing on a
// single sheet.
func TestRollPoints(t *testing.T) {
	t.Parallel()
	yatzy, _ := New("yatzy", Options{})
	school, _ := New("school", Options{})
	dice, _ := FromDice(3, 3, 3, 5, 5)
	r := RollIndex(dice)
	for _, c := range []struct {
		name  string
		g     *Game
		box   string
		fresh bool
		want  int
	}{
		{"single sheet", yatzy, "full-house", false, 19},
		{"single sheet, fresh", yatzy, "full-house", true, 19},
		{"school", school, "full-house", false, 19},
		{"school, fresh", school, "full-house", true, 38},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.g.RollPoints(c.g.Category(c.box), r, c.fresh); got != c.want {
				t.Errorf("%s %s fresh %v: %d points, want %d", c.g.Name, c.box, c.fresh, got, c.want)
			}
		})
	}
}
