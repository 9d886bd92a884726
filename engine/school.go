package engine

// School is the seed-000 game: a sheet of rows filled column by column,
// School rows closed with three dice of their number and a reserve, and
// combination rows that score double on a fresh roll of all five dice.

// SchoolRules are the rules of a school sheet beyond its rows and columns.
type SchoolRules struct {
	Zero      int // what a zero in a School row counts in the total (-200)
	Fresh     int // a combination row's points are multiplied by it on a fresh roll of all five (2)
	FaceBonus int // a School row's row bonus is this many points a pip of its face (5)
}

func school(o Options) *Game {
	g := &Game{Rolls: 3, Columns: 3, School: SchoolRules{Zero: -200, Fresh: 2, FaceBonus: 5}}
	if o.Columns != 0 {
		g.Columns = o.Columns
	}
	for f := 1; f <= Faces; f++ {
		g.Categories = append(g.Categories, Category{Name: faceNames[f], Points: fixed(0), Face: f, School: true, RowBonus: true})
	}
	g.Categories = append(g.Categories,
		Category{Name: "pair", Points: groupsDice([]int{2}, false), RowBonus: true},
		Category{Name: "three-of-a-kind", Points: groupsDice([]int{3}, false), RowBonus: true},
		Category{Name: "two-pairs", Points: groupsDice([]int{2, 2}, false), RowBonus: true},
		Category{Name: "full-house", Points: groupsDice([]int{3, 2}, true), RowBonus: true},
		Category{Name: "four-of-a-kind", Points: plus(groupsDice([]int{4}, false), 20), RowBonus: true},
		Category{Name: "five-of-a-kind", Points: plus(groupsDice([]int{5}, false), 50), RowBonus: true},
		Category{Name: "small-straight", Points: when(contains(Multiset{1, 1, 1, 1, 1, 0}), fixed(15)), RowBonus: true},
		Category{Name: "large-straight", Points: when(contains(Multiset{0, 1, 1, 1, 1, 1}), fixed(20)), RowBonus: true},
		Category{Name: "sum", Points: sum},
	)
	return g
}

// SchoolCell is what writing dice in a School row does.
type SchoolCell struct {
	Closed      bool // the row's cell closes (a cross); false: a zero, SchoolRules.Zero points
	Reserve     int  // the reserve afterwards
	UsedReserve bool // the shortfall was paid from the reserve
}

// CloseSchool writes dice in the School row of face with the given reserve:
// three or more dice of the face close the cell and put the extra ones'
// value in the reserve; one or two close it if the reserve pays the
// shortfall; otherwise the cell takes a zero and the reserve stays.
func CloseSchool(face int, dice Multiset, reserve int) SchoolCell {
	k := dice.Count(face)
	switch {
	case k >= 3:
		return SchoolCell{Closed: true, Reserve: reserve + (k-3)*face}
	case SchoolCloses(face, k, reserve):
		return SchoolCell{Closed: true, Reserve: reserve - (3-k)*face, UsedReserve: true}
	}
	return SchoolCell{Reserve: reserve}
}

// SchoolCloses reports whether count dice of face close a School cell of
// that face with the given reserve, rather than take a zero: three or
// more do, and one or two when the reserve covers the shortfall.
func SchoolCloses(face, count, reserve int) bool {
	return count >= 3 || count >= 1 && reserve >= (3-count)*face
}

// SchoolPoints returns what combination row c scores for roll r: doubled
// (SchoolRules.Fresh), extra points included, when the dice came from a
// fresh roll of all five.
func (g *Game) SchoolPoints(c, r int, fresh bool) int {
	p := g.points[c][r]
	if fresh {
		p *= g.School.Fresh
	}
	return p
}

// RollPoints returns the points roll r writes in box c before any joker
// or bonus, whatever the kind of sheet: on a fresh roll of all five a
// school combination row's SchoolPoints, else Score.
func (g *Game) RollPoints(c, r int, fresh bool) int {
	if g.Columns == 0 {
		return g.Score(c, r)
	}
	return g.SchoolPoints(c, r, fresh)
}

// RowBonusOf returns the bonus School row c pays when every cell of it
// closes without the reserve.
func (g *Game) RowBonusOf(c int) int { return g.School.FaceBonus * g.Categories[c].Face }
