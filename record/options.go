package record

import (
	"fmt"
	"strconv"
	"strings"

	"dicepoker/engine"
)

// ParseOptions reads rule options written as engine.Options.String writes
// them: "forced-joker", "upper-bonus-threshold=70", "" for the defaults.
// Whether they belong to the game is engine.New's to say.
func ParseOptions(s string) (engine.Options, error) {
	var o engine.Options
	flags := map[string]*bool{
		"forced-joker":     &o.ForcedJoker,
		"no-joker":         &o.NoJoker,
		"no-yahtzee-bonus": &o.NoYahtzeeBonus,
		"no-upper-bonus":   &o.NoUpperBonus,
	}
	numbers := map[string]*int{
		"upper-bonus-threshold": &o.UpperBonusThreshold,
		"columns":               &o.Columns,
	}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, value, hasValue := strings.Cut(item, "=")
		if f, ok := flags[name]; ok && !hasValue {
			*f = true
			continue
		}
		if n, ok := numbers[name]; ok && hasValue {
			v, err := strconv.Atoi(value)
			if err != nil || v <= 0 {
				return o, fmt.Errorf("option %q: %s needs a positive whole number", item, name)
			}
			*n = v
			continue
		}
		return o, fmt.Errorf("unknown rule option %q", item)
	}
	return o, nil
}
