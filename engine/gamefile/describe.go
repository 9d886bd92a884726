package gamefile

import (
	"fmt"
	"strconv"
	"strings"
)

// Rule says in words how box b of s scores, as `games --rules` shows
// it: "25 if exactly 3 + 2 alike (different faces)", "the sum".
func (s *Spec) Rule(b Box) string {
	var conds []string
	if len(b.Groups) > 0 {
		sizes := make([]string, len(b.Groups))
		for i, n := range b.Groups {
			sizes[i] = strconv.Itoa(n)
		}
		how := "at least"
		if b.Exact {
			how = "exactly"
		}
		c := fmt.Sprintf("%s %s alike", how, strings.Join(sizes, " + "))
		if len(b.Groups) > 1 {
			c += " (different faces)"
		}
		conds = append(conds, c)
	}
	if b.Run > 0 {
		conds = append(conds, fmt.Sprintf("a run of %d faces", b.Run))
	}
	if b.Contains != "" {
		conds = append(conds, "the dice "+b.Contains+" among them")
	}
	var points string
	if n, ok := b.Fixed(); ok {
		points = strconv.Itoa(n)
	} else {
		switch b.Points {
		case PointsSum:
			points = "the sum"
		case PointsGroups:
			points = "the grouped dice"
		case PointsFaceSum:
			points = "the sum of the dice showing " + s.face(b.Face)
		case PointsFaceCount:
			points = "1 a die showing " + s.face(b.Face)
		}
	}
	if len(conds) == 0 {
		return points
	}
	return points + " if " + strings.Join(conds, " and ")
}

// face writes face f (1..6) as the game writes it.
func (s *Spec) face(f int) string {
	if s.Faces != "" {
		return s.Faces[f-1 : f]
	}
	return strconv.Itoa(f)
}
