package advice

import (
	"errors"
	"fmt"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
)

// InputError is bad input: a position the rules do not allow, a table that
// cannot be used. The command line exits with status 2 on it, the server
// answers 400. One made by Fieldf names the request's fields it is about,
// which each front end words its own way (Word).
type InputError struct {
	Msg    string // the message, its fields worded plainly ("rolls left 3: ...")
	err    error  // the error it wraps, if any
	format string // Fieldf's format, its fields in braces, and its args
	args   []any
}

func (e *InputError) Error() string { return e.Msg }

// Unwrap returns the error e wraps, such as engine.ErrGameOver's for a full sheet.
func (e *InputError) Unwrap() error { return e.err }

// Inputf returns an InputError with a formatted message.
func Inputf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// Fieldf returns the InputError of bad values in a request's fields. The
// format names each field in braces by its key in the server's JSON,
// "{rolls_left} %d: ...", for the front end to word (Word); its Error
// words them plainly, "rolls left 3: ...". It wraps the first error
// among args.
func Fieldf(format string, args ...any) error {
	e := &InputError{format: format, args: args}
	for _, a := range args {
		if err, ok := a.(error); ok {
			e.err = err // the first error among args: errors.Is sees through
			break
		}
	}
	e.Msg = e.Word(plainField)
	return e
}

// plainField words a field for no front end in particular: "rolls left".
func plainField(field string) string { return strings.ReplaceAll(field, "_", " ") }

// Word returns e's message with the fields it names worded by name, as
// a front end calls them: the command line's flags ("--rolls-left"), the
// server's JSON keys ("rolls_left").
func (e *InputError) Word(name func(field string) string) string {
	if e.format == "" {
		return e.Msg
	}
	return fmt.Sprintf(wordFields(e.format, name), e.args...)
}

// wordFields returns format with each field it names, "{rolls_left}" (a
// name of a-z and _ in braces), worded by name. It scans by hand: the
// regexp package would add a tenth of the advisor compiled to WebAssembly.
func wordFields(format string, name func(field string) string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(format, '{')
		if open < 0 {
			return b.String() + format
		}
		n := strings.IndexFunc(format[open+1:], func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' })
		if n <= 0 || format[open+1+n] != '}' {
			b.WriteString(format[:open+1])
			format = format[open+1:]
			continue
		}
		b.WriteString(format[:open])
		b.WriteString(strings.ReplaceAll(name(format[open+1:open+1+n]), "%", "%%"))
		format = format[open+n+2:]
	}
}

// Worded returns err's message with the fields of the InputError in it
// worded by name (InputError.Word), or the options of the
// engine.OptionError, the rest as it is.
func Worded(err error, name func(field string) string) string {
	if in, ok := errors.AsType[*InputError](err); ok {
		return strings.Replace(err.Error(), in.Msg, in.Word(name), 1)
	}
	if o, ok := errors.AsType[*engine.OptionError](err); ok {
		return strings.Replace(err.Error(), o.Error(), o.Word(name), 1)
	}
	return err.Error()
}

// Source gives the strategies that rank a game's positions.
type Source interface {
	// Table returns the strategy table of single-sheet game g.
	Table(g *engine.Game) (*strategy.Table, error)
	// School returns the strategy called name of school game g (see
	// Opener.Named); "": the source's own, by default the exact table
	// with one column, the estimate with more.
	School(g *engine.Game, name string) (*SchoolStrategy, error)
	// SchoolGame returns the game whose strategy advises on a sheet of
	// school game g: TakenGame's, unless the strategy is fixed.
	SchoolGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error)
}

// SchoolStrategy is how one player of school values the sheets between turns.
type SchoolStrategy struct {
	Name   string        // optimal, estimate, race or greedy
	Player school.Player // the values of the sheets after a turn, alone
	// Advisor is the values of the sheets after a turn that rank a
	// position's actions alone at the table: Player's, or for the
	// estimate a turn further ahead (school.Kernel.Lookahead).
	Advisor school.Player
	// Seat is the values of the sheets after a turn with other players
	// at the table: the race's for race, else Player's, which looks at
	// its own sheet only.
	Seat  school.Seat
	Value school.Values // the value of a sheet between turns
	// Expected is the player's expected score of a new game: exact for the
	// optimal player, the mean measured when an estimate was fitted.
	Expected float64
	// Drift, for the estimate, is what its player scores from a position
	// beyond the value its advisor gives its best action there, which the
	// advisor adds to the value of every action it states (school.Drift);
	// nil where the values are exact or stated as they are.
	Drift *school.Drift
}

// ExactStrategy is the optimal strategy of one-column school that the
// exact table t values (Named's "optimal").
func ExactStrategy(t *school.Exact) *SchoolStrategy {
	p := school.Fixed(t.Value)
	return &SchoolStrategy{Name: "optimal", Player: p, Advisor: p, Seat: school.Alone(p), Value: t.Value, Expected: t.Expected}
}

// Note says how the strategy values positions when that is not exact, for
// the output to say so; "" for the optimal player.
func (st *SchoolStrategy) Note(g *engine.Game) string {
	if st.Name == "optimal" {
		return ""
	}
	how := "its " + st.Name
	if st.Name == "race" {
		how = "its estimate, each open bonus weighed by the chance of earning it before the opponents"
	}
	return fmt.Sprintf("school with %d columns is not solved exactly: the advisor values the sheets between turns by %s, so its best actions, expected scores and losses are estimates",
		g.Columns, how)
}

// Advisor returns the advisor that ranks g's positions with src: the
// strategy table for the single-sheet games; for school its default
// strategy.
func Advisor(src Source, g *engine.Game) (coach.Advisor, error) {
	return routeOf(g).advisor(src, g)
}

// TakenGame returns the game whose exact table values the sheets after a
// turn rightly for a one-column sheet on which other players have taken
// row bonuses: the game that starts without those bonuses (its own table,
// solved on first use). Other sheets keep g: the estimate of several
// columns sees taken bonuses in the sheet itself.
func TakenGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error) {
	if !school.SolvesExactly(g) || sheet.TakenRows == 0 {
		return g, nil
	}
	var names []string
	for c, cat := range g.Categories {
		if sheet.TakenRows&(1<<c) != 0 {
			names = append(names, cat.Name)
		}
	}
	o := g.Options
	o.Taken = strings.Join(names, "+")
	return engine.New(g.Name, o)
}
