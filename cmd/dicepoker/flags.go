package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"dicepoker/engine"
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

// parseFlags parses args into fs. On -h or --help it writes the usage line,
// the summary and the flags to stdout and returns errHelpShown; on bad flags
// a usage error; positional arguments are refused.
func parseFlags(fs *pflag.FlagSet, args []string, stdout io.Writer, usage, summary string) error {
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: dicepoker %s\n\n%s\n\nflags:\n%s", usage, summary, fs.FlagUsages())
		return errHelpShown
	}
	if err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (flags start with --)", fs.Arg(0))
	}
	if fs.Lookup("threads") != nil {
		if n, _ := fs.GetInt("threads"); n < 0 {
			return usagef("--threads %d: must be 0 (all cores) or more", n)
		}
	}
	return nil
}

// addThreadsFlag registers --threads, the goroutines a command works with
// (0: all cores); parseFlags refuses a negative count.
func addThreadsFlag(fs *pflag.FlagSet, verb string) *int {
	return fs.Int("threads", 0, "goroutines to "+verb+" with (default: all cores)")
}

// gameFlags are --game and the rule options of every game. Commands that
// work on one game register them with addGameFlags and, after parsing, get
// the game from build.
type gameFlags struct {
	game string
	opts engine.Options
}

// addGameFlags registers --game and a flag for each rule option that has
// one (engine.OptionList) on fs.
func addGameFlags(fs *pflag.FlagSet) *gameFlags {
	g := &gameFlags{}
	fs.StringVar(&g.game, "game", "yahtzee", "the game: "+strings.Join(engine.GameNames, ", "))
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

// build returns the game the parsed flags name, or a usage error for an
// unknown game, an option of another game or an option out of range. An
// option given explicitly at its zero value (--no-joker=false, --columns 0)
// is checked all the same.
func (g *gameFlags) build(fs *pflag.FlagSet) (*engine.Game, error) {
	for _, opt := range engine.OptionList {
		if !fs.Changed(opt.Name) {
			continue
		}
		if err := opt.Given(g.game, g.opts); err != nil {
			return nil, &usageError{err.Error()}
		}
	}
	game, err := engine.New(g.game, g.opts)
	if err != nil {
		return nil, &usageError{err.Error()}
	}
	return game, nil
}

// handFlag returns the five dice of the flag name, written with the digits
// or the game's letters; missing or bad dice are usage errors that say what
// the dice are for.
func handFlag(fs *pflag.FlagSet, name string, g *engine.Game, what string) (engine.Multiset, error) {
	if !fs.Changed(name) {
		return engine.Multiset{}, usagef("missing --%s, %s", name, what)
	}
	raw, _ := fs.GetString(name)
	m, err := engine.ParseDice(raw, g.Letters)
	if err != nil {
		return m, usagef("%v", err)
	}
	return m, nil
}
