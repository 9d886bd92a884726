package engine

import (
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
