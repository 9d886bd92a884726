package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/engine/gamefile"
	"dicepoker/internal/atomicfile"
)

// newFlagSet returns a flag set for a command that reports errors instead
// of printing them or exiting; parseFlags turns them into usage errors.
func newFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	return fs
}

// newGameFlagSet returns the flag set of a command that works on one game,
// with --game and the rule options registered (addGameFlags).
func newGameFlagSet(name string) (*pflag.FlagSet, *gameFlags) {
	fs := newFlagSet(name)
	return fs, addGameFlags(fs)
}

// parseFlags parses args into fs. On -h or --help it writes the usage line,
// the summary and the flags to stdout and returns errHelpShown; on bad flags
// a usage error; positional arguments are refused, except where fs has
// --dice: the game's flags come first there (gameFlags.parse).
func parseFlags(fs *pflag.FlagSet, args []string, stdout io.Writer, usage, summary string) error {
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) {
		writeHelp(stdout, fs, usage, summary)
		return errHelpShown
	}
	if err != nil {
		return usagef("%s", clipMessage(err.Error()))
	}
	if fs.NArg() > 0 && fs.Lookup("dice") == nil {
		return unexpectedArgs(fs, nil)
	}
	if fs.Lookup("threads") != nil {
		if n, _ := fs.GetInt("threads"); n < 0 {
			return usagef("--threads %d: must be 0 (all cores) or more", n)
		}
	}
	var bad error
	fs.VisitAll(func(f *pflag.Flag) {
		if _, ok := f.Annotations[outputAnnotation]; ok && bad == nil {
			bad = outputFlag(f.Name, f.Value.String())
		}
	})
	return bad
}

// outputAnnotation marks the flags that name a file to write, which
// parseFlags checks before any work (outputFlag).
const outputAnnotation = "output"

// addOutputFlag registers flag name, the file a command writes, for
// parseFlags to check before the work starts, so that a file that
// cannot be written is refused before a long computation, not after.
func addOutputFlag(fs *pflag.FlagSet, name, usage string) *string {
	p := fs.String(name, "", usage)
	_ = fs.SetAnnotation(name, outputAnnotation, nil)
	return p
}

// quoted matches a string in a message quoted as Go quotes it.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// clipMessage cuts the inputs in an error of the flag parser, which
// quotes a bad value or names an unknown flag in full, however long: a
// quoted string is quoted again as engine.Quote cuts it, and any other
// word as engine.QuoteName does.
func clipMessage(msg string) string {
	msg = quoted.ReplaceAllStringFunc(msg, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil {
			return q
		}
		return engine.Quote(s)
	})
	words := strings.Split(msg, " ")
	for i, w := range words {
		words[i] = engine.QuoteName(w)
	}
	return strings.Join(words, " ")
}

// unexpectedArgs refuses fs's positional arguments: where they look like
// the rest of --dice typed without quotes, for game g (nil: none), it
// says how to give the dice.
func unexpectedArgs(fs *pflag.FlagSet, g *engine.Game) error {
	if d := fs.Lookup("dice"); g != nil && d != nil && d.Changed && looksLikeDice(fs.Args(), g.Dice) {
		return usagef("--dice takes the %s dice as one argument: quote them (--dice \"%s %s\") or use commas (--dice %s,%s)",
			g.Cup().DiceWord(), d.Value, strings.Join(fs.Args(), " "), d.Value, strings.Join(fs.Args(), ","))
	}
	return usagef("unexpected argument %s (flags start with --)", engine.Quote(fs.Arg(0)))
}

// looksLikeDice reports whether args are a few single dice, the rest of
// "--dice 3 3 5 5 6" typed without quotes in a game of dice dice.
func looksLikeDice(args []string, dice int) bool {
	if len(args) >= dice {
		return false
	}
	for _, a := range args {
		if len(a) != 1 || !strings.ContainsAny(strings.ToUpper(a), engine.DigitFaces+engine.CardFaces) {
			return false
		}
	}
	return true
}

// schoolOnly refuses each flag of names that fs was given for a game
// other than school, as a rule option of one game is refused for another
// (engine.Option.Game); why, if not "", follows the game's name in the
// message.
func schoolOnly(fs *pflag.FlagSet, g *engine.Game, why string, names ...string) error {
	if g.Name == "school" {
		return nil
	}
	for _, name := range names {
		if fs.Changed(name) {
			return usagef("--%s belongs to school, not to %s%s", name, g.Name, why)
		}
	}
	return nil
}

// addThreadsFlag registers --threads, the goroutines a command works with
// (0: all cores); parseFlags refuses a negative count.
func addThreadsFlag(fs *pflag.FlagSet, verb string) *int {
	return fs.Int("threads", 0, "goroutines to "+verb+" with (default: all cores)")
}

// addTableFlag registers --table, the strategy table a command reads
// instead of the tables directory's.
func addTableFlag(fs *pflag.FlagSet) *string {
	return fs.String("table", "", "the strategy table to read (default: the tables directory)")
}

// addJSONFlag registers --json, which prints the output as one JSON
// object.
func addJSONFlag(fs *pflag.FlagSet) *bool { return fs.Bool("json", false, "print one JSON object") }

// addTimingFlag registers --timing, which puts the wall seconds of the
// work in the JSON output: left out by default, as they change from run
// to run.
func addTimingFlag(fs *pflag.FlagSet) *bool {
	return fs.Bool("timing", false, "with --json, also give the wall seconds the work took (seconds)")
}

// secondsIf returns &seconds when timing is on, for an omitempty field.
func secondsIf(timing bool, seconds float64) *float64 {
	if !timing {
		return nil
	}
	return &seconds
}

// gameFlags are --game and the rule options of every game. Commands that
// work on one game make their flag set with newGameFlagSet and get the
// game from parse.
type gameFlags struct {
	game string
	opts engine.Options
	// rules is --rules: a game file to play instead of --game.
	rules string
	// total is --target's value where the command has the flag
	// (addTarget), and target the target parse found in it: nil when
	// --target is not given.
	total, target *int
}

// addGameFlags registers --game and a flag for each rule option that has
// one (engine.OptionList) on fs.
func addGameFlags(fs *pflag.FlagSet) *gameFlags {
	g := &gameFlags{}
	fs.StringVar(&g.game, "game", "yahtzee", "the game: "+strings.Join(engine.GameNames, ", "))
	fs.StringVar(&g.rules, "rules", "", "a game file to play instead of --game (docs/rules.md)")
	for _, opt := range engine.OptionList {
		if opt.InSheet {
			continue // taken= comes with the sheet
		}
		usage := opt.Game + ": " + opt.Usage
		switch p := opt.Field(&g.opts).(type) {
		case *bool:
			fs.BoolVar(p, opt.Name, false, usage)
		case *int:
			fs.IntVar(p, opt.Name, 0, usage)
		}
	}
	return g
}

// sixDice are the commands that play a game of six dice (a game file
// with dice = 6); the others refuse it. Of them, advise refuses it with
// a target or opponents, solve with --targets, simulate with a target or
// seats, distribution with a target.
var sixDice = map[string]bool{"solve": true, "advise": true, "score": true, "export": true, "bench": true,
	"simulate": true, "play": true, "distribution": true}

// fiveDiceOnly returns a usage error where g rolls other than five dice,
// for work that plays five dice only, else nil.
func fiveDiceOnly(g *engine.Game, work string) error {
	if err := g.FiveDice(work); err != nil {
		return &usageError{err.Error()}
	}
	return nil
}

// parse parses args into fs as parseFlags does and returns the game the
// flags name (build), checking --target against it where the command has
// the flag: the start of every command that works on one game.
func (g *gameFlags) parse(fs *pflag.FlagSet, args []string, stdout io.Writer, usage, summary string) (*engine.Game, error) {
	if err := parseFlags(fs, args, stdout, usage, summary); err != nil {
		return nil, err
	}
	game, err := g.build(fs)
	if err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, unexpectedArgs(fs, game)
	}
	if !sixDice[fs.Name()] {
		if err := fiveDiceOnly(game, fs.Name()); err != nil {
			return nil, err
		}
	}
	if g.total == nil {
		return game, nil
	}
	if g.target, err = targetOf(fs, game, *g.total); err != nil {
		return nil, err
	}
	return game, nil
}

// build returns the game the parsed flags name, or a usage error for an
// unknown game, an option of another game or an option out of range. An
// option given explicitly at its zero value (--no-joker=false, --columns 0)
// is checked all the same.
func (g *gameFlags) build(fs *pflag.FlagSet) (*engine.Game, error) {
	if fs.Changed("rules") {
		return g.fromFile(fs)
	}
	name, err := gameName(g.game)
	if err != nil {
		return nil, err
	}
	g.game = name
	for _, opt := range engine.OptionList {
		if !fs.Changed(opt.Name) {
			continue
		}
		if err := opt.Given(g.game, g.opts); err != nil {
			return nil, &usageError{advice.Worded(err, flagOf)}
		}
	}
	game, err := engine.New(g.game, g.opts)
	if err != nil {
		return nil, &usageError{advice.Worded(err, flagOf)}
	}
	return game, nil
}

// fromFile returns the game of the file --rules names. The file says
// every rule itself: --game and the rule options are refused beside it,
// and so is a file that is not well written or that no solver can play,
// with its line and the reason.
func (g *gameFlags) fromFile(fs *pflag.FlagSet) (*engine.Game, error) {
	if fs.Changed("game") {
		return nil, usagef("--rules and --game both name a game: give one")
	}
	for _, opt := range engine.OptionList {
		if fs.Changed(opt.Name) {
			return nil, usagef("--%s belongs to %s; a game file says its rules itself (docs/rules.md)", opt.Name, opt.Game)
		}
	}
	if g.rules == "" {
		return nil, usagef("--rules: give the name of a game file")
	}
	game, _, err := readRules(g.rules)
	return game, err
}

// readRules reads the game file at path: the game and the file as read.
// A file that is not well written, or a game no solver can play, is a
// usage error with the file, the line and the reason.
func readRules(path string) (*engine.Game, *gamefile.Spec, error) {
	data, err := readBounded(path, gamefile.MaxFileBytes, "--rules: game file")
	if err != nil {
		return nil, nil, err
	}
	spec, err := gamefile.Parse(path, data)
	if err == nil {
		var game *engine.Game
		if game, err = engine.GameOf(spec); err == nil {
			return game, spec, nil
		}
	}
	return nil, nil, &usageError{clipMessage(err.Error())}
}

// gameName returns the game a command line names, case aside, or a usage
// error with the nearest name and the list.
func gameName(name string) (string, error) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if !slices.Contains(engine.GameNames, lower) {
		return "", usagef("unknown game %s%s", engine.Quote(name), engine.Suggest(lower, engine.GameNames, "games"))
	}
	return lower, nil
}

// handFlag returns the dice of the flag name, as many as the game rolls,
// written with the digits or the game's letters; missing or bad dice are
// usage errors that say what the dice are for (what: "to score").
func handFlag(fs *pflag.FlagSet, name string, g *engine.Game, what string) (engine.Multiset, error) {
	if !fs.Changed(name) {
		return engine.Multiset{}, usagef("missing --%s, the %s dice %s", name, g.Cup().DiceWord(), what)
	}
	raw, _ := fs.GetString(name)
	m, err := g.ParseDice(raw)
	if err != nil {
		return m, usagef("%v", err)
	}
	return m, nil
}

// outputFlag checks the file that flag name says to write, before any work
// is done: its directory must exist, and what is there, through any
// symbolic links, must be a regular file or nothing. "" (not given) passes.
func outputFlag(name, path string) error {
	if path == "" {
		return nil
	}
	target, err := atomicfile.Target(path)
	if err != nil {
		if errors.Is(err, atomicfile.ErrNotRegular) {
			err = errors.Unwrap(err) // the PathError's reason: what is there
			return usagef("--%s %s: %v; give the name of a file to write", name, engine.QuoteName(path), err)
		}
		return fileError(fmt.Sprintf("--%s %s", name, engine.QuoteName(path)), err)
	}
	if fi, err := os.Stat(filepath.Dir(target)); err != nil || !fi.IsDir() {
		return usagef("--%s %s: no directory %s to save it in", name, engine.QuoteName(path), engine.QuoteName(filepath.Dir(target)))
	}
	return nil
}
