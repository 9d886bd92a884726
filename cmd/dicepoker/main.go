// Command dicepoker scores, solves and advises the games of the dice-poker
// family: yahtzee, yatzy, swedish, poker-dice and school (see docs/rules.md).
//
// Usage:
//
//	dicepoker <command> [flags]
//
// Run "dicepoker help" for the commands and "dicepoker <command> -h" for
// the flags of one.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"dicepoker/advice"
	"dicepoker/engine"
)

// command is one row of the command table. A new command is one file with
// its run function plus one row here.
type command struct {
	name    string
	summary string // one line, for "dicepoker help"
	// run parses args (the arguments after the command name) and writes its
	// output to stdout, reading the environment variables it needs from e.
	// Bad input is returned as a *usageError.
	run func(e env, args []string, stdout io.Writer) error
}

// env looks up the environment variables a command reads, by name:
// os.Getenv for the program. Commands read them through it, not from the
// process, so that command lines run side by side in one process (the
// tests) can each have their own tables directory.
type env func(name string) string

// commands is the command table, in the order "dicepoker help" lists it.
var commands = []command{
	{"games", "list the games and their sheets", runGames},
	{"score", "score the dice in every category of a game", runScore},
	{"solve", "solve a game exactly and save its strategy table", runSolve},
	{"advise", "rank every action for the dice in hand, best first", runAdvise},
	{"simulate", "play games with a strategy and report the scores", runSimulate},
	{"distribution", "the exact probability of every final score", runDistribution},
	{"chances", "the chance of each final total, playing for it and for the expected score", runChances},
	{"play", "play a game in the terminal with the advisor as coach", runPlay},
	{"review", "review a game record: the points each decision lost", runReview},
	{"quiz", "test yourself on positions where the choice matters, rated against simulated players", runQuiz},
	{"stats", "your skill over the games played and the quizzes taken", runStats},
	{"export", "write every state's value or sampled positions as CSV, JSON Lines or Parquet", runExport},
	{"serve", "serve the web advisor: the page and its JSON API", runServe},
	{"site", "write the advisor as a static site that works offline", runSite},
	{"bench", "measure solve, table load and advice times for each game", runBench},
	{"version", "print the version of dicepoker", runVersion},
	{"completion", "print the shell completion script for bash, zsh or fish", runCompletion},
}

// usageError is bad input: an unknown command or flag, a bad flag value, bad
// dice. It makes dicepoker exit with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errHelpShown reports that a command printed its help as asked: success.
var errHelpShown = errors.New("help shown")

func main() {
	// A closed pipe is then a write error, which run reports with status 1,
	// instead of a signal that kills the program in the middle of a write.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args in the process's environment and
// returns the exit status: 0, 1 for a failure (of the system: disk,
// permissions, a closed or full output), 2 for bad input. Errors go to
// stderr as one line.
func run(args []string, stdout, stderr io.Writer) int {
	return runIn(os.Getenv, args, stdout, stderr)
}

// runIn is run with the environment variables of e.
func runIn(e env, args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	err := dispatch(e, args, out)
	if out.err != nil && (err == nil || errors.Is(err, errHelpShown)) {
		err = fmt.Errorf("cannot write the output: %w", out.err)
	}
	var usage *usageError
	var input *advice.InputError
	switch {
	case err == nil || errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &usage), errors.As(err, &input):
		fmt.Fprintf(stderr, "dicepoker: %s\n", advice.Worded(err, flagOf))
		return 2
	default:
		fmt.Fprintf(stderr, "dicepoker: %v\n", err)
		return 1
	}
}

// checkedWriter keeps the first error of the writes to w and writes
// nothing after it, so that text output, printed without checking each
// write, still fails when the output does (a full disk, a closed pipe).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

func dispatch(e env, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usagef("no command given (run 'dicepoker help' for the commands)")
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(rest) > 0 { // "dicepoker help score" is "dicepoker score -h"
			if c := lookup(rest[0]); c != nil {
				return c.run(e, []string{"-h"}, stdout)
			}
			return unknownCommand(rest[0])
		}
		printHelp(stdout)
		return nil
	case "--version", "-version":
		return runVersion(e, rest, stdout)
	}
	c := lookup(name)
	if c == nil {
		return unknownCommand(name)
	}
	return c.run(e, rest, stdout)
}

// unknownCommand is the error for a command that is not in the table, with
// the nearest name when one is close.
func unknownCommand(name string) error {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	hint := ""
	if near := engine.Nearest(name, names); near != "" {
		hint = ", did you mean " + near + "?"
	}
	return usagef("unknown command %s%s (run 'dicepoker help' for the commands)", engine.Quote(name), hint)
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, "dicepoker: optimal strategy for the dice-poker games\n\nusage: dicepoker <command> [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-13s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nRun 'dicepoker <command> -h' for the flags of a command.\n")
}
