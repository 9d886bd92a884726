package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Options are the rule options of docs/rules.md. The zero value is every game's
// default rules. OptionList describes each of them.
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

// Option describes one rule option: the one place its name, game, range
// and field are said, from which the flags, Options.String, ParseOptions
// and the table fingerprint (through String) all follow.
type Option struct {
	Name  string // the flag name and the name in Options.String: "forced-joker"
	Game  string // the game it belongs to
	Usage string // the flag's help, after the game's name
	// Min, Max and Default are a number's range and its default value,
	// which Options holds as 0.
	Min, Max, Default int
	// InSheet marks an option the commands read from the sheet (taken=)
	// rather than from a flag of its own.
	InSheet bool
	field   func(*Options) any // *bool, *int or *string: the option's field
}

// OptionList lists the rule options in the fixed order that
// Options.String writes them.
var OptionList = []Option{
	{Name: "forced-joker", Game: "yahtzee", Usage: "the official forced joker placement rule", field: func(o *Options) any { return &o.ForcedJoker }},
	{Name: "no-joker", Game: "yahtzee", Usage: "Yahtzee bonus without the joker", field: func(o *Options) any { return &o.NoJoker }},
	{Name: "no-yahtzee-bonus", Game: "yahtzee", Usage: "neither Yahtzee bonus nor joker", field: func(o *Options) any { return &o.NoYahtzeeBonus }},
	{Name: "no-upper-bonus", Game: "yahtzee", Usage: "no upper bonus", field: func(o *Options) any { return &o.NoUpperBonus }},
	{Name: "upper-bonus-threshold", Game: "swedish", Usage: "upper total that earns the bonus, 1..105 (default 63)",
		Min: 1, Max: 105, Default: 63, field: func(o *Options) any { return &o.UpperBonusThreshold }},
	{Name: "columns", Game: "school", Usage: "columns of the sheet, 1..5 (default 3)",
		Min: 1, Max: MaxColumns, Default: 3, field: func(o *Options) any { return &o.Columns }},
	{Name: "taken", Game: "school", Usage: "row bonuses others have taken, joined by +", InSheet: true,
		field: func(o *Options) any { return &o.Taken }},
}

// Field returns a pointer to the option's field of o: a *bool, *int or
// *string, for a flag to set.
func (opt Option) Field(o *Options) any { return opt.field(o) }

// value returns the option's value in o as Options.String writes it after
// the "=", and whether o sets it at all.
func (opt Option) value(o Options) (text string, set bool) {
	switch p := opt.field(&o).(type) {
	case *bool:
		return "", *p
	case *int:
		return strconv.Itoa(*p), *p != 0
	default:
		s := *p.(*string)
		return s, s != ""
	}
}

// Given checks an option set explicitly, as a flag, at its value in o
// (perhaps its zero value): it must belong to game, and a number given as
// 0 is out of range although Options reads 0 as the default.
func (opt Option) Given(game string, o Options) error {
	if _, ok := builders[game]; !ok {
		return unknownGame(game)
	}
	if opt.Game != game {
		return opt.misplaced(game)
	}
	if p, ok := opt.field(&o).(*int); ok && *p == 0 {
		return opt.outOfRange(0)
	}
	return nil
}

func (opt Option) misplaced(game string) error {
	return &OptionError{[]string{opt.Name}, "option %s belongs to " + opt.Game + ", not to " + game}
}

func (opt Option) outOfRange(v int) error {
	return &OptionError{[]string{opt.Name}, fmt.Sprintf("%%s %d is out of range %d..%d", v, opt.Min, opt.Max)}
}

// OptionError is a rule option refused. It names its options as the
// rules do, without a front end's form ("forced-joker"), and each front
// end words them its own way (Word): the command line as flags, the
// server as the items of its rules list.
type OptionError struct {
	Names  []string // the options the error is about, in the order of Format
	Format string   // the message, a %s for each option
}

// Error words the options as they are named in a record's options.
func (e *OptionError) Error() string { return e.Word(func(name string) string { return name }) }

// Word returns the message with each option worded by name.
func (e *OptionError) Word(name func(string) string) string {
	args := make([]any, len(e.Names))
	for i, n := range e.Names {
		args[i] = name(n)
	}
	return fmt.Sprintf(e.Format, args...)
}

// OptionNames returns the flag names of the options that o sets, in a fixed order.
func (o Options) OptionNames() []string {
	var names []string
	for _, opt := range OptionList {
		if _, set := opt.value(o); set {
			names = append(names, opt.Name)
		}
	}
	return names
}

// String writes the options in canonical form, such as "forced-joker" or
// "upper-bonus-threshold=70,columns=2"; "" for the default rules.
// ParseOptions reads it back.
func (o Options) String() string {
	var items []string
	for _, opt := range OptionList {
		switch text, set := opt.value(o); {
		case !set:
		case text == "":
			items = append(items, opt.Name)
		default:
			items = append(items, opt.Name+"="+text)
		}
	}
	return strings.Join(items, ",")
}

// ParseOptions reads rule options written as Options.String writes them:
// "forced-joker", "upper-bonus-threshold=70", "taken=ones+pair", "" for
// the defaults. Whether they belong to the game is New's to say.
func ParseOptions(s string) (Options, error) {
	var o Options
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if err := o.parseItem(item); err != nil {
			return o, err
		}
	}
	return o, nil
}

// parseItem sets the option that one item of Options.String names.
func (o *Options) parseItem(item string) error {
	name, value, hasValue := strings.Cut(item, "=")
	for _, opt := range OptionList {
		if opt.Name != name {
			continue
		}
		switch p := opt.field(o).(type) {
		case *bool:
			if hasValue {
				break
			}
			*p = true
			return nil
		case *int:
			if !hasValue {
				break
			}
			v, err := strconv.Atoi(value)
			if err != nil || v <= 0 {
				return fmt.Errorf("option %s: %s needs a positive whole number", Quote(item), name)
			}
			*p = v
			return nil
		case *string:
			if !hasValue || value == "" {
				break
			}
			*p = value
			return nil
		}
	}
	return fmt.Errorf("unknown rule option %s", Quote(item))
}

// normalize checks that every option belongs to game and drops those that
// restate a default, so that equal rules have one canonical form.
func (o Options) normalize(game string) (Options, error) {
	for _, opt := range OptionList {
		if _, set := opt.value(o); set && opt.Game != game {
			return o, opt.misplaced(game)
		}
	}
	if o.ForcedJoker && (o.NoJoker || o.NoYahtzeeBonus) {
		return o, &OptionError{[]string{"forced-joker", "no-joker", "no-yahtzee-bonus"}, "%s cannot go with %s or %s: they remove the joker"}
	}
	if o.NoYahtzeeBonus {
		o.NoJoker = false // implied: no bonus means no joker
	}
	for _, opt := range OptionList {
		p, ok := opt.field(&o).(*int)
		switch {
		case !ok:
		case *p == opt.Default:
			*p = 0
		case *p < 0 || *p > opt.Max:
			return o, opt.outOfRange(*p)
		}
	}
	return o, nil
}
