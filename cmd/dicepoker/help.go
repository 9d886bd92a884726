package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// examples are a command's example lines in its help, by command name.
var examples = map[string][]string{
	"games":        {"dicepoker games", "dicepoker games --json"},
	"score":        {"dicepoker score --dice 3,3,5,5,6", "dicepoker score --game school --dice 44412 --reserve 3"},
	"solve":        {"dicepoker solve --game yatzy", "dicepoker solve --forced-joker --out forced.dpt --json"},
	"advise":       {`dicepoker advise --dice 3,3,5,5,6`, `dicepoker advise --game poker-dice --sheet "aces=3,pair=1" --dice QQKKA --rolls-left 0 --top 3`},
	"simulate":     {"dicepoker simulate --games 100000 --seed 7", "dicepoker simulate --strategy greedy --json"},
	"distribution": {"dicepoker distribution --png yahtzee.png", "dicepoker distribution --game poker-dice --json"},
	"chances":      {"dicepoker chances --game poker-dice", `dicepoker chances --game poker-dice --sheet "aces=3,pair=1" --max 40 --png chances.svg`},
	"play":         {"dicepoker play", "dicepoker play --game poker-dice --seed 42"},
	"review":       {"dicepoker review dicepoker-20260101-120000.jsonl", "dicepoker review game.jsonl --json"},
	"quiz":         {"dicepoker quiz", "dicepoker quiz --game poker-dice --seed 7", "dicepoker quiz --positions --json --seed 7"},
	"stats":        {"dicepoker stats", "dicepoker stats --dir . --png trend.png"},
	"export":       {"dicepoker export --out yahtzee-states.csv", "dicepoker export --game poker-dice --what positions --sample 500 --out positions.jsonl"},
	"serve":        {"dicepoker serve", "dicepoker serve --lan", "dicepoker serve --addr 127.0.0.1:0"},
	"site":         {"dicepoker site --out site", "dicepoker site --out site --games yahtzee"},
	"bench":        {"dicepoker bench --games poker-dice --simulate 10000", "dicepoker bench --json"},
	"version":      {"dicepoker version", "dicepoker --version"},
	"completion":   {"dicepoker completion bash > /etc/bash_completion.d/dicepoker", "dicepoker completion fish > ~/.config/fish/completions/dicepoker.fish"},
}

// flagsCatcher is an output for a command's help that keeps the flag set
// the help shows: how completion learns a command's flags, by asking it
// for its help.
type flagsCatcher struct{ shown *pflag.FlagSet }

func (*flagsCatcher) Write(p []byte) (int, error) { return len(p), nil }

// writeHelp writes a command's help: the usage line, the summary, its
// flags when it has any, and its examples. Written to a *flagsCatcher,
// it keeps the flags there.
func writeHelp(w io.Writer, fs *pflag.FlagSet, usage, summary string) {
	if c, ok := w.(*flagsCatcher); ok {
		c.shown = fs
	}
	fmt.Fprintf(w, "usage: dicepoker %s\n\n%s\n", usage, summary)
	if flags := flagUsages(fs); flags != "" {
		fmt.Fprintf(w, "\nflags:\n%s", flags)
	}
	if ex := examples[fs.Name()]; len(ex) > 0 {
		fmt.Fprintf(w, "\nexamples:\n  %s\n", strings.Join(ex, "\n  "))
	}
}

// flagUsages lists the flags of fs, one a line, as people read them: a
// boolean as --json alone (--coach=false where it is on by default), a
// value with its type, and one default: the one the description states,
// else the flag's own when it is not the zero value.
func flagUsages(fs *pflag.FlagSet) string {
	type line struct{ name, usage string }
	var lines []line
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name, usage := "--"+f.Name, f.Usage
		if f.Value.Type() == "bool" {
			if f.DefValue == "true" {
				usage += " (on by default; --" + f.Name + "=false turns it off)"
			}
		} else {
			varname, u := pflag.UnquoteUsage(f)
			name, usage = name+" "+varname, u
			if !strings.Contains(usage, "default") && !isZero(f.DefValue) {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		lines = append(lines, line{name, usage})
		width = max(width, len(name))
	})
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, l.name, l.usage)
	}
	return b.String()
}

// isZero reports whether a flag's default is its type's zero value, which
// goes without saying.
func isZero(v string) bool {
	switch v {
	case "", "0", "false", "[]", "<nil>":
		return true
	}
	return false
}
