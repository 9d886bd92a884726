package coach

import (
	"fmt"
	"slices"
	"strings"

	"dicepoker/engine"
)

// single is the sheet of a single-sheet game: yahtzee, yatzy, swedish,
// poker-dice.
type single struct {
	g  *engine.Game
	sh engine.Sheet
}

func (s single) String() string { return s.sh.Format(s.g) }

func (s single) Score() int { return s.sh.Score(s.g) }

func (s single) Turn() int {
	n := 1
	for _, f := range s.sh.Filled {
		if f {
			n++
		}
	}
	return n
}

func (s single) Over() bool { return s.Turn() > len(s.g.Categories) }

func (s single) Write(dice engine.Multiset, _ bool, box string, cross bool) (Move, error) {
	g := s.g
	c := g.Category(box)
	switch {
	case cross:
		return Move{}, fmt.Errorf("%s has no crossing out: write the dice in a box, for 0 where they do not fit", g.Name)
	case dice.Size() != g.Dice:
		return Move{}, fmt.Errorf("need %d dice to write, have %d", g.Dice, dice.Size())
	case c < 0:
		return Move{}, fmt.Errorf("%s has no box %q", g.Name, box)
	case s.sh.Filled[c]:
		return Move{}, fmt.Errorf("%s is filled already (%d)", box, s.sh.Points[c])
	}
	ps := g.Placements(s.sh.State(g), g.Cup().RollIndex(dice), nil)
	i := slices.IndexFunc(ps, func(p engine.Placement) bool { return p.Category == c })
	if i < 0 {
		allowed := make([]string, len(ps))
		for j, p := range ps {
			allowed[j] = g.Categories[p.Category].Name
		}
		return Move{}, fmt.Errorf("the joker rule does not allow %s for %s: write it in %s",
			box, Spaced(dice, g.Letters), strings.Join(allowed, ", "))
	}
	p := ps[i]
	next := engine.Sheet{Filled: slices.Clone(s.sh.Filled), Points: slices.Clone(s.sh.Points), Bonus: s.sh.Bonus}
	next.Apply(p)
	return Move{Box: box, Points: p.Points, Bonus: p.Bonus, Zero: p.Points == 0, Next: single{g, next}}, nil
}

// Show draws the upper section beside the others, then the upper total,
// the bonuses and the score.
func (s single) Show() string {
	g := s.g
	var upper, lower []string
	for c, cat := range g.Categories {
		cell := "-"
		if s.sh.Filled[c] {
			cell = fmt.Sprint(s.sh.Points[c])
		}
		row := fmt.Sprintf("%-*s %3s", nameWidth(g), cat.Name, cell)
		if cat.Upper() {
			upper = append(upper, row)
		} else {
			lower = append(lower, row)
		}
	}
	var b strings.Builder
	blank := strings.Repeat(" ", nameWidth(g)+4)
	for i := range max(len(upper), len(lower)) {
		left, right := blank, ""
		if i < len(upper) {
			left = upper[i]
		}
		if i < len(lower) {
			right = lower[i]
		}
		fmt.Fprintf(&b, "  %s    %s\n", left, right)
	}
	fmt.Fprintf(&b, "  %s", s.upperLine())
	if key := g.BonusKey(); key != "" {
		fmt.Fprintf(&b, "   %s %d", strings.ReplaceAll(key, "-", " "), s.sh.Bonus)
	}
	fmt.Fprintf(&b, "   score %d\n", s.Score())
	return b.String()
}

// upperLine says where the upper section stands against its bonus.
func (s single) upperLine() string { return s.sh.UpperLine(s.g) }

func nameWidth(g *engine.Game) int {
	w := 0
	for _, c := range g.Categories {
		w = max(w, len(c.Name))
	}
	return w
}

func (s single) Layout() Layout {
	g := s.g
	l := Layout{Score: s.Score(), Turn: s.Turn(), Turns: g.Turns(), Over: s.Over()}
	for c, cat := range g.Categories {
		b := Box{Name: cat.Name, Upper: cat.Upper()}
		if s.sh.Filled[c] {
			b.Points = &s.sh.Points[c]
		}
		l.Boxes = append(l.Boxes, b)
	}
	upper := s.sh.UpperTotal(g)
	l.UpperTotal, l.UpperThreshold, l.UpperBonus = &upper, g.Upper.Threshold, g.Upper.Points
	if l.BonusKey = g.BonusKey(); l.BonusKey != "" {
		l.FiveBonus = &s.sh.Bonus
	}
	return l
}

func (single) Terms() Terms {
	return Terms{Box: "box", Boxes: "boxes",
		Write: "  score BOX      write the dice in a box; a unique start of its name will do\n"}
}
