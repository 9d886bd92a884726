package engine

import (
	"fmt"
	"strings"

	"dicepoker/engine/gamefile"
)

// ParseRules returns the game that the game file named file, whose text
// is data, describes (docs/rules.md), or an error that names the file,
// the line where one is to blame, and the reason: a file that is not
// well written, or a game no solver can play.
func ParseRules(file string, data []byte) (*Game, error) {
	s, err := gamefile.Parse(file, data)
	if err != nil {
		return nil, err
	}
	return GameOf(s)
}

// GameOf returns the game that the game file s, as read, describes; see
// ParseRules.
func GameOf(s *gamefile.Spec) (*Game, error) {
	g, err := FromSpec(s)
	if err != nil {
		return nil, err
	}
	return defineSpec(s, *g)
}

// defineSpec is Define for a game made from s, its refusal put as an
// error of s's file at the line of the box it names.
func defineSpec(s *gamefile.Spec, g Game) (*Game, error) {
	d, err := Define(g)
	if err == nil {
		return d, nil
	}
	reason := strings.TrimPrefix(err.Error(), g.Name+": ")
	line := 0
	for _, b := range s.Boxes {
		if strings.HasPrefix(reason, b.Name+":") || strings.HasPrefix(reason, b.Name+" ") {
			line = b.Line
			break
		}
	}
	return nil, s.Errorf(line, "%s", reason)
}

// FromSpec returns the game that a game file describes, not yet checked
// by Define: New edits a built-in game under its options first.
func FromSpec(s *gamefile.Spec) (*Game, error) {
	g := &Game{Name: s.Name, Rolls: s.Rolls, Dice: s.Dice, Letters: s.Faces}
	if u := s.UpperBonus; u != nil {
		g.Upper = UpperBonus{Threshold: u.Threshold, Points: u.Points}
	}
	for _, b := range s.Boxes {
		g.Categories = append(g.Categories, Category{
			Name: b.Name, OldName: b.OldName, Face: b.Face, Joker: b.Joker, Points: boxPoints(b),
		})
	}
	if e := s.FiveAlike; e != nil {
		box := g.Category(e.Box) // there: the file is checked
		full, err := fiveAlikePoints(g.Categories[box])
		if err != nil {
			return nil, s.Errorf(s.Line["five-alike"], "five-alike box %q: %v", e.Box, err)
		}
		g.Extra = &FiveAlike{Box: box, Full: full, Bonus: e.Bonus, Joker: jokerRules[e.Joker], JokerNeedsFull: e.JokerNeedsFull}
	}
	return g, nil
}

// jokerRules are the joker rules by their names in a game file.
var jokerRules = map[string]JokerRule{
	gamefile.JokerNone: NoJoker, gamefile.JokerFree: FreeJoker, gamefile.JokerForced: ForcedJoker,
}

// fiveAlikePoints returns what a five-alike box holds when made: the one
// number of points above 0 it scores for every five alike.
func fiveAlikePoints(c Category) (int, error) {
	full := c.Points(Multiset{Dice})
	for f := range Faces {
		var m Multiset
		m[f] = Dice
		if p := c.Points(m); p != full || p <= 0 {
			return 0, fmt.Errorf("want the same points above 0 for every five alike; %v scores %d, %v %d", Multiset{Dice}, full, m, p)
		}
	}
	return full, nil
}

// boxPoints returns the Points of a box of a game file: its points when
// every condition it gives holds, else 0.
func boxPoints(b gamefile.Box) Points {
	var conds []func(Multiset) bool
	if len(b.Groups) > 0 {
		conds = append(conds, groups(b.Groups, b.Exact))
	}
	if b.Run > 0 {
		conds = append(conds, run(b.Run))
	}
	if b.Contains != "" {
		var want Multiset
		for _, r := range b.Contains {
			want[r-'1']++
		}
		conds = append(conds, contains(want))
	}
	var points Points
	if n, ok := b.Fixed(); ok {
		points = fixed(n)
	} else {
		switch b.Points {
		case gamefile.PointsSum:
			points = sum
		case gamefile.PointsFaceSum:
			points = faceSum(b.Face)
		case gamefile.PointsFaceCount:
			points = faceCount(b.Face)
		case gamefile.PointsGroups:
			points = groupsDice(b.Groups, b.Exact)
		}
	}
	if len(conds) == 0 {
		return points
	}
	return when(allOf(conds...), points)
}
