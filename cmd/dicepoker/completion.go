package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"dicepoker/engine"
)

const completionSummary = `Print a script that completes dicepoker's commands, flags and game names
in the shell: bash, zsh or fish. Load it in the current shell with
'source <(dicepoker completion bash)', or save it where the shell looks.`

// shells are the shells completion writes scripts for.
var shells = []string{"bash", "zsh", "fish"}

// fileFlags are the flags that name a file, completed with file names.
var fileFlags = []string{"sheet-file", "table", "out", "png", "record", "rules"}

// runCompletion prints the completion script of one shell.
func runCompletion(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("completion")
	switch err := fs.Parse(args); {
	case errors.Is(err, pflag.ErrHelp):
		writeHelp(stdout, fs, "completion bash|zsh|fish", completionSummary)
		return errHelpShown
	case err != nil:
		return usagef("%s", clipMessage(err.Error()))
	case fs.NArg() != 1:
		return usagef("completion: name one shell: %s", strings.Join(shells, ", "))
	}
	specs := commandFlags()
	var script string
	switch shell := fs.Arg(0); shell {
	case "bash":
		script = bashCompletion(specs)
	case "zsh":
		script = "#compdef dicepoker\nautoload -U +X bashcompinit && bashcompinit\n" + bashCompletion(specs)
	case "fish":
		script = fishCompletion(specs)
	default:
		return usagef("completion: unknown shell %s%s", engine.Quote(shell), engine.Suggest(shell, shells, "shells"))
	}
	_, err := io.WriteString(stdout, script)
	return err
}

// commandSpec is what completion knows of a command: its name, summary and
// flags.
type commandSpec struct {
	name, summary string
	flags         []*pflag.Flag
}

// commandTable returns the command table. It is set by init, as the
// table itself holds runCompletion, which reads it.
var commandTable func() []command

func init() { commandTable = func() []command { return commands } }

// commandFlags asks every command for its help and keeps the flags it
// shows.
func commandFlags() []commandSpec {
	var specs []commandSpec
	for _, c := range commandTable() {
		var help flagsCatcher
		_ = c.run(os.Getenv, []string{"-h"}, &help)
		spec := commandSpec{name: c.name, summary: c.summary}
		if help.shown != nil {
			help.shown.VisitAll(func(f *pflag.Flag) {
				if !f.Hidden {
					spec.flags = append(spec.flags, f)
				}
			})
		}
		specs = append(specs, spec)
	}
	return specs
}

func bashCompletion(specs []commandSpec) string {
	var b strings.Builder
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	fmt.Fprintf(&b, `# bash completion for dicepoker (dicepoker completion bash)
_dicepoker() {
	local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
		return
	fi
	case "$prev" in
	--game) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;;
	--strategy) COMPREPLY=($(compgen -W "optimal greedy estimate" -- "$cur")); return ;;
	--%s) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	esac
	case "${COMP_WORDS[1]}" in
`, strings.Join(names, " "), strings.Join(engine.GameNames, " "), strings.Join(fileFlags, "|--"))
	for _, s := range specs {
		words := []string{}
		for _, f := range s.flags {
			words = append(words, "--"+f.Name)
		}
		switch s.name {
		case "completion":
			words = shells
		case "help":
			words = names
		}
		if s.name == "review" {
			fmt.Fprintf(&b, "\treview) COMPREPLY=($(compgen -f -W \"%s\" -- \"$cur\")) ;;\n", strings.Join(words, " "))
			continue
		}
		fmt.Fprintf(&b, "\t%s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")) ;;\n", s.name, strings.Join(words, " "))
	}
	fmt.Fprintf(&b, "\thelp) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")) ;;\n", strings.Join(names, " "))
	b.WriteString("\tesac\n}\ncomplete -F _dicepoker dicepoker\n")
	return b.String()
}

func fishCompletion(specs []commandSpec) string {
	var b strings.Builder
	b.WriteString("# fish completion for dicepoker (dicepoker completion fish)\ncomplete -c dicepoker -f\n")
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	fmt.Fprintf(&b, "complete -c dicepoker -n __fish_use_subcommand -l version -d %s\n", fishQuote("print the version"))
	for _, s := range append(specs, commandSpec{name: "help", summary: "list the commands, or show one's flags"}) {
		fmt.Fprintf(&b, "complete -c dicepoker -n __fish_use_subcommand -a %s -d %s\n", s.name, fishQuote(s.summary))
	}
	fmt.Fprintf(&b, "complete -c dicepoker -n '__fish_seen_subcommand_from help' -a %s\n", fishQuote(strings.Join(names, " ")))
	fmt.Fprintf(&b, "complete -c dicepoker -n '__fish_seen_subcommand_from completion' -a %s\n", fishQuote(strings.Join(shells, " ")))
	b.WriteString("complete -c dicepoker -n '__fish_seen_subcommand_from review' -F\n")
	for _, s := range specs {
		for _, f := range s.flags {
			line := fmt.Sprintf("complete -c dicepoker -n '__fish_seen_subcommand_from %s' -l %s -d %s", s.name, f.Name, fishQuote(firstClause(f.Usage)))
			switch {
			case f.Name == "game":
				line += " -x -a " + fishQuote(strings.Join(engine.GameNames, " "))
			case f.Name == "strategy":
				line += " -x -a 'optimal greedy estimate'"
			case slices.Contains(fileFlags, f.Name):
				line += " -r -F"
			case f.Value.Type() != "bool":
				line += " -x"
			}
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// firstClause is a flag's description up to its first ";" or " (", and
// at most menuWidth bytes, short enough for a completion menu.
func firstClause(s string) string {
	if i := strings.Index(s, ";"); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, " ("); i > 0 {
		s = s[:i]
	}
	if len(s) > menuWidth {
		s = s[:strings.LastIndex(s[:menuWidth], " ")] + "..."
	}
	return s
}

// menuWidth is the most bytes of a flag's description a menu shows.
const menuWidth = 60

// fishQuote quotes s for fish, in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
