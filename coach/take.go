package coach

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

func (s single) Take(string) (Sheet, error) {
	return nil, fmt.Errorf("%s has no bonuses that other players take", s.g.Name)
}

// Take marks bonus taken by another player in the sheet's taken= item,
// or gives it back when it was.
func (s schoolSheet) Take(bonus string) (Sheet, error) {
	var items, taken []string
	for _, item := range strings.Split(s.String(), ",") {
		if names, ok := strings.CutPrefix(item, "taken="); ok {
			taken = strings.Split(names, "+")
		} else if item != "" {
			items = append(items, item)
		}
	}
	if i := slices.Index(taken, bonus); i >= 0 {
		taken = slices.Delete(taken, i, i+1)
	} else {
		taken = append(taken, bonus)
	}
	if len(taken) > 0 {
		items = append(items, "taken="+strings.Join(taken, "+"))
	}
	if s.earned(bonus) {
		return nil, fmt.Errorf("the %s bonus is earned on this sheet: no other player can take it", bonus)
	}
	return ParseSheet(s.g, strings.Join(items, ","))
}

// earned reports whether the sheet has earned bonus, a row's name or
// column1..column5.
func (s schoolSheet) earned(bonus string) bool {
	l := s.Layout()
	for _, r := range l.Rows {
		if r.Name == bonus {
			return r.Bonus != 0
		}
	}
	for j, c := range l.Columns {
		if bonus == "column"+strconv.Itoa(j+1) {
			return c.Bonus != 0
		}
	}
	return false
}
