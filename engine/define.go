package engine

import (
	"fmt"
	"slices"
)

// Limits of the games the solvers handle; Define refuses a game past them.
const (
	// MaxCategories is the most boxes a single sheet may have: one bit
	// each in State.Filled.
	MaxCategories = 32
	// MaxPointLevels is the most point values a box whose points matter
	// (PointsMatter) may hold: the single-sheet solver keeps a small
	// table of them per box.
	MaxPointLevels = 8
	// MaxSchoolLevels is the most point values above 0 a school
	// combination row may score (not doubled): the school kernel tells
	// apart that many levels besides the cross.
	MaxSchoolLevels = 31
	// MaxCellPoints is the most a school cell may hold, doubled: the best
	// cells of a row and of a column are kept in a byte.
	MaxCellPoints = 255
)

// Define returns the game that g describes, with its derived tables, or
// an error saying why no solver could play it: too many boxes, rows or
// columns, a box with more point values than the solver keeps, an upper
// box without a face, rules of a school sheet on a single sheet or the
// other way round. New builds the games of docs/rules.md with it; it also takes
// a description written by hand.
func Define(g Game) (*Game, error) {
	if g.Letters == "" {
		g.Letters = DigitFaces
	}
	if g.Dice == 0 {
		g.Dice = Dice
	}
	g.Categories = slices.Clone(g.Categories)
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", g.Name, err)
	}
	return g.finish(), nil
}

// check refuses what the solvers cannot handle, before finish; it
// tabulates the points of every box on the way.
func (g *Game) check() error {
	if len([]rune(g.Letters)) != Faces {
		return fmt.Errorf("faces written %q: want one letter for each of %d faces", g.Letters, Faces)
	}
	cup, err := CupOf(g.Dice)
	if err != nil {
		return err
	}
	g.cup = cup
	if g.Rolls < 1 {
		return fmt.Errorf("%d rolls a turn: want at least 1", g.Rolls)
	}
	if g.Upper.Threshold < 0 || g.Upper.Points < 0 {
		return fmt.Errorf("upper bonus %+v: want a threshold and points of 0 or more", g.Upper)
	}
	if len(g.Categories) == 0 {
		return fmt.Errorf("no categories")
	}
	seen := map[string]bool{}
	upper := map[int]string{}
	for _, cat := range g.Categories {
		switch {
		case cat.Name == "" || seen[cat.Name]:
			return fmt.Errorf("category %q: want names that are not empty and differ", cat.Name)
		case cat.OldName != "" && (cat.OldName == cat.Name || seen[cat.OldName]):
			return fmt.Errorf("category %q: old name %q: want names that differ from every other name", cat.Name, cat.OldName)
		case cat.Points == nil:
			return fmt.Errorf("%s: no points", cat.Name)
		case cat.Face < 0 || cat.Face > Faces:
			return fmt.Errorf("%s: face %d is not 1..%d", cat.Name, cat.Face, Faces)
		case cat.Upper() && upper[cat.Face] != "":
			return fmt.Errorf("%s and %s both collect face %d", upper[cat.Face], cat.Name, cat.Face)
		}
		seen[cat.Name] = true
		if cat.OldName != "" {
			seen[cat.OldName] = true
		}
		if cat.Upper() {
			upper[cat.Face] = cat.Name
		}
	}
	// Every box's points for every roll, once: the checks below read
	// them, and so does every move after.
	g.points = make([][]int, len(g.Categories))
	for c, cat := range g.Categories {
		g.points[c] = make([]int, cup.NumRolls())
		for r := range g.points[c] {
			g.points[c][r] = cat.Points(cup.Roll(r))
		}
	}
	if g.Dice != Dice && (g.Columns != 0 || g.Extra != nil) {
		return fmt.Errorf("%d dice: only a single sheet without five-alike rules rolls other than %d dice", g.Dice, Dice)
	}
	if g.Columns == 0 {
		return g.checkSingle()
	}
	return g.checkSchool()
}

// pointSet holds the distinct points a box scores over the rolls, at
// most one for each roll: a list searched in order, where a map took a
// third of the game's definition, which every command makes at start.
type pointSet struct {
	seen [NumRolls6]int
	n    int
}

// add puts p in the set.
func (s *pointSet) add(p int) {
	if !slices.Contains(s.seen[:s.n], p) {
		s.seen[s.n] = p
		s.n++
	}
}

// checkSingle checks the rules of a single sheet.
func (g *Game) checkSingle() error {
	if n := len(g.Categories); n > MaxCategories {
		return fmt.Errorf("%d categories, at most %d", n, MaxCategories)
	}
	if g.School != (SchoolRules{}) {
		return fmt.Errorf("school rules %+v on a single sheet (Columns 0)", g.School)
	}
	if e := g.Extra; e != nil && (e.Box < 0 || e.Box >= len(g.Categories)) {
		return fmt.Errorf("five-alike box %d is not a category", e.Box)
	}
	for c, cat := range g.Categories {
		switch {
		case cat.School || cat.RowBonus || cat.BonusTaken:
			return fmt.Errorf("%s: a school row on a single sheet (Columns 0)", cat.Name)
		case cat.Joker < 0:
			return fmt.Errorf("%s: joker points %d below 0", cat.Name, cat.Joker)
		}
		matters := cat.Upper() && g.Upper.Points != 0 || g.Extra != nil && c == g.Extra.Box
		var levels pointSet
		for r, p := range g.points[c] {
			if cat.Upper() && p < 0 {
				return fmt.Errorf("%s: %d points for %v; an upper box scores 0 or more", cat.Name, p, g.cup.Roll(r))
			}
			levels.add(p)
		}
		if matters && levels.n > MaxPointLevels {
			return fmt.Errorf("%s can hold %d point values, at most %d for a box whose points change the bonuses", cat.Name, levels.n, MaxPointLevels)
		}
	}
	return nil
}

// checkSchool checks the rules of a school sheet.
func (g *Game) checkSchool() error {
	switch {
	case g.Columns < 0 || g.Columns > MaxColumns:
		return fmt.Errorf("%d columns: want 1..%d", g.Columns, MaxColumns)
	case len(g.Categories) > MaxSchoolRows:
		return fmt.Errorf("%d rows, at most %d", len(g.Categories), MaxSchoolRows)
	case g.Extra != nil || g.Upper.Points != 0:
		return fmt.Errorf("a school sheet has no five-alike rules and no upper bonus")
	case g.School.Fresh < 1:
		return fmt.Errorf("fresh rolls multiply points by %d: want 1 or more", g.School.Fresh)
	case g.School.Zero > 0 || g.School.FaceBonus < 0:
		return fmt.Errorf("school rules %+v: want a zero of 0 or less and a face bonus of 0 or more", g.School)
	}
	for c, cat := range g.Categories {
		if cat.School {
			if cat.Face == 0 {
				return fmt.Errorf("%s: a School row needs a face", cat.Name)
			}
			continue
		}
		if cat.Face != 0 || cat.Joker != 0 {
			return fmt.Errorf("%s: a combination row has no face and no joker", cat.Name)
		}
		var levels pointSet
		for r, p := range g.points[c] {
			switch {
			case p < 0 || p*g.School.Fresh > MaxCellPoints:
				return fmt.Errorf("%s: %d points for %v; a cell holds 0..%d, doubled", cat.Name, p, Roll(r), MaxCellPoints)
			case p > 0:
				levels.add(p)
			}
		}
		if levels.n > MaxSchoolLevels {
			return fmt.Errorf("%s can score %d point values, at most %d", cat.Name, levels.n, MaxSchoolLevels)
		}
	}
	return nil
}
