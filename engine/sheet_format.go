package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Format writes the sheet in the notation ParseSheet reads: the filled
// boxes in sheet order as "name=points", then the five-alike bonuses
// ("yahtzee-bonus=100") when there are any, separated by commas; "" for a
// new game. ParseSheet(g, sh.Format(g)) gives the sheet back.
func (sh Sheet) Format(g *Game) string {
	var items []string
	for c, cat := range g.Categories {
		if c < len(sh.Filled) && sh.Filled[c] {
			items = append(items, cat.Name+"="+strconv.Itoa(sh.Points[c]))
		}
	}
	if key := g.BonusKey(); key != "" && sh.Bonus != 0 {
		items = append(items, key+"="+strconv.Itoa(sh.Bonus))
	}
	return strings.Join(items, ",")
}

// UpperLine says where the upper section stands against its bonus, for
// people: "upper 18 of 63 for the bonus 35", "upper 70, bonus 35" or
// "upper 12 (no bonus)".
func (sh Sheet) UpperLine(g *Game) string {
	t := sh.UpperTotal(g)
	switch {
	case g.Upper.Points == 0:
		return fmt.Sprintf("upper %d (no bonus)", t)
	case t >= g.Upper.Threshold:
		return fmt.Sprintf("upper %d, bonus %d", t, g.Upper.Points)
	}
	return fmt.Sprintf("upper %d of %d for the bonus %d", t, g.Upper.Threshold, g.Upper.Points)
}
