package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Options are the rule options of RULES.md. The zero value is every game's
// default rules.
type Options struct {
	ForcedJoker         bool // yahtzee: the official forced joker placement
	NoJoker             bool // yahtzee: Yahtzee bonus without the joker
	NoYahtzeeBonus      bool // yahtzee: neither the Yahtzee bonus nor the joker
	NoUpperBonus        bool // yahtzee: no upper bonus
	UpperBonusThreshold int  // swedish: upper total that earns the bonus; 0 = 63
	Columns             int  // school: columns of the sheet, 1..5; 0 = 3
	// Taken, for school, names the row bonuses other players have already
	// taken, joined by "+" as in the sheet notation: a new game starts
	// with them out of reach. It gives the exact one-column player its
	// table for such a sheet.
	Taken string
}

// optionGames says which game each option belongs to, by its flag name.
var optionGames = map[string]string{
	"forced-joker":          "yahtzee",
	"no-joker":              "yahtzee",
	"no-yahtzee-bonus":      "yahtzee",
	"no-upper-bonus":        "yahtzee",
	"upper-bonus-threshold": "swedish",
	"columns":               "school",
	"taken":                 "school",
}

// OptionNames returns the flag names of the options that o sets, in a fixed order.
func (o Options) OptionNames() []string {
	var names []string
	for _, opt := range []struct {
		name string
		set  bool
	}{
		{"forced-joker", o.ForcedJoker},
		{"no-joker", o.NoJoker},
		{"no-yahtzee-bonus", o.NoYahtzeeBonus},
		{"no-upper-bonus", o.NoUpperBonus},
		{"upper-bonus-threshold", o.UpperBonusThreshold != 0},
		{"columns", o.Columns != 0},
		{"taken", o.Taken != ""},
	} {
		if opt.set {
			names = append(names, opt.name)
		}
	}
	return names
}

// String writes the options in canonical form, such as "forced-joker" or
// "upper-bonus-threshold=70"; "" for the default rules.
func (o Options) String() string {
	names := o.OptionNames()
	for i, n := range names {
		switch n {
		case "upper-bonus-threshold":
			names[i] += "=" + strconv.Itoa(o.UpperBonusThreshold)
		case "columns":
			names[i] += "=" + strconv.Itoa(o.Columns)
		case "taken":
			names[i] += "=" + o.Taken
		}
	}
	return strings.Join(names, ",")
}

// normalize checks that every option belongs to game and drops those that
// restate a default, so that equal rules have one canonical form.
func (o Options) normalize(game string) (Options, error) {
	for _, n := range o.OptionNames() {
		if g := optionGames[n]; g != game {
			return o, fmt.Errorf("option --%s belongs to %s, not to %s", n, g, game)
		}
	}
	if o.ForcedJoker && (o.NoJoker || o.NoYahtzeeBonus) {
		return o, fmt.Errorf("--forced-joker cannot go with --no-joker or --no-yahtzee-bonus: they remove the joker")
	}
	if o.NoYahtzeeBonus {
		o.NoJoker = false // implied: no bonus means no joker
	}
	switch t := o.UpperBonusThreshold; {
	case t == 63:
		o.UpperBonusThreshold = 0
	case t < 0 || t > 105:
		return o, fmt.Errorf("--upper-bonus-threshold %d is out of range 1..105", t)
	}
	switch c := o.Columns; {
	case c == 3:
		o.Columns = 0
	case c < 0 || c > 5:
		return o, fmt.Errorf("--columns %d is out of range 1..5", c)
	}
	return o, nil
}
