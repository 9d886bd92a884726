package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/engine"
)

// slowExamples are the documented command lines the examples test does
// not run, with the reason: each needs more than a few seconds, or is a
// server or a terminal game, which their own tests cover.
var slowExamples = map[string]string{
	"dicepoker serve":                                    "a server: serve's tests start it",
	"dicepoker serve --lan":                              "a server: serve's tests start it",
	"dicepoker serve --addr 127.0.0.1:0":                 "a server: serve's tests start it",
	"dicepoker site --out site":                          "compiles the advisor to WebAssembly: TestSiteInBrowser builds a site",
	"dicepoker site --out site --games yahtzee":          "compiles the advisor to WebAssembly: TestSiteInBrowser builds a site",
	"dicepoker play":                                     "a terminal game: play's tests play it",
	"dicepoker play --game poker-dice --seed 42":         "a terminal game: play's tests play it",
	"dicepoker quiz":                                     "a quiz on the terminal: quiz's tests take it",
	"dicepoker quiz --game poker-dice --seed 7":          "a quiz on the terminal: quiz's tests take it",
	"dicepoker stats":                                    "the user's own history: stats' tests give it one",
	"dicepoker bench --json":                             "benchmarks every game, school's table included: minutes",
	"dicepoker bench --games yatzy,yahtzee":              "solves, simulates and measures two games: 49 s",
	"dicepoker bench --school-distribution":              "school's exact solve and distribution: about 30 s, 3.2 GB of memory",
	"dicepoker solve --targets --game yatzy --threads 2": "yatzy's every-target table: about a minute, 2.5 GB of memory",
	"dicepoker solve --rules games/maxi-yatzy.toml":      "Maxi Yatzy's exact solve: about 90 s of processor time",
}

// oldRecord is a poker-dice record of one decision, for review's examples.
const oldRecord = `{"game":"poker-dice","turn":1,"sheet":"","dice":[1,2,3,4,5],"rolls_left":0,"action":{"score":"straight"}}` + "\n"

// TestExamplesRun runs every example of the commands' help and every
// dicepoker command line in the fenced blocks of README.md and
// docs/*.md, but slowExamples, and checks that each exits 0. They run as
// the program, each in a process of its own (see program), side by side,
// in the tables directory shared by the tests (see TestMain), where the
// tables most of them read are solved first, once, and in a working
// directory of their own, where their files are written and the records
// review reads are.
func TestExamplesRun(t *testing.T) {
	t.Parallel()
	lines := helpExamples()
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append([]string{"../../README.md"}, docs...) {
		shown, err := docCommands(path)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, shown...)
	}
	dir := t.TempDir()
	for _, name := range []string{"dicepoker-20260101-120000.jsonl", "game.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(oldRecord), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, game := range []struct {
		name    string
		targets bool
	}{{"yahtzee", false}, {"poker-dice", false}, {"poker-dice", true}} {
		g, err := engine.New(game.name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sharedTable(t, g, game.targets)
	}
	seen := map[string]bool{}
	for _, line := range lines {
		seen[line] = false
	}
	for line := range slowExamples {
		if _, ok := seen[line]; !ok {
			t.Errorf("%q is skipped, but no help or doc shows it", line)
		}
	}
	for _, line := range lines {
		if seen[line] {
			continue
		}
		seen[line] = true
		t.Run(line, func(t *testing.T) {
			t.Parallel()
			if why, ok := slowExamples[line]; ok {
				t.Skip(why)
			}
			args := shellWords(line)
			if len(args) == 0 || args[0] != "dicepoker" {
				t.Fatalf("%q: want a dicepoker command line", line)
			}
			cmd := program(t, args[1:]...)
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = io.Discard, &stderr
			if err := cmd.Run(); err != nil {
				t.Errorf("%q: %v: %s", args[1:], err, stderr.String())
			}
		})
	}
}

// helpExamples returns the example lines of every command's help, in the
// order of the command table.
func helpExamples() []string {
	var lines []string
	for _, c := range commands {
		lines = append(lines, examples[c.name]...)
	}
	return lines
}

// launchers are the ways a fenced block starts a dicepoker command line,
// each with the words that stand for it in the examples test: a shell
// prompt, go run from the repository, and a timer in front.
var launchers = []struct{ prefix, as string }{
	{"$ ", ""},
	{"go run ./cmd/dicepoker ", "dicepoker "},
	{"/usr/bin/time -v ", ""},
}

// docCommands returns the dicepoker command lines of the fenced blocks of
// a Markdown file, their comments and launchers cut off. A synopsis (a
// line with [optional] parts or | alternatives) is usage, not a command,
// and is left out; the manual's synopses are held to the help by
// TestManualMatchesHelp.
func docCommands(path string) ([]string, error) {
	data, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		return nil, err
	}
	var lines []string
	fenced := false
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			continue
		}
		for _, launcher := range launchers {
			if rest, ok := strings.CutPrefix(l, launcher.prefix); ok {
				l = launcher.as + rest
			}
		}
		if !strings.HasPrefix(l, "dicepoker ") {
			continue
		}
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		if isSynopsis(l) {
			continue
		}
		lines = append(lines, strings.TrimSpace(l))
	}
	return lines, nil
}

// isSynopsis reports whether a command line is a usage synopsis: one with
// a bracket or a bar outside quotes.
func isSynopsis(line string) bool {
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
		case r == '"' || r == '\'':
			quote = r
		case r == '[' || r == '|':
			return true
		}
	}
	return false
}

// shellWords splits a command line as a shell would for the examples:
// words apart by spaces, quotes grouping; a redirection (> file) and
// what follows it are left out, the output going to the test instead.
func shellWords(line string) []string {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case r == '>' && !inWord:
			return words
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

func TestShellWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"dicepoker games --json", []string{"dicepoker", "games", "--json"}},
		{`dicepoker advise --sheet "aces=3,pair=1" --top 3`, []string{"dicepoker", "advise", "--sheet", "aces=3,pair=1", "--top", "3"}},
		{`dicepoker advise --sheet 'a b'  --x`, []string{"dicepoker", "advise", "--sheet", "a b", "--x"}},
		{"dicepoker completion bash > /etc/bash_completion.d/dicepoker", []string{"dicepoker", "completion", "bash"}},
		{`dicepoker x --sheet ""`, []string{"dicepoker", "x", "--sheet", ""}},
	} {
		if got := shellWords(tc.line); strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("shellWords(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestDocCommands(t *testing.T) {
	t.Parallel()
	doc := "dicepoker outside --a-block\n" +
		"```sh\n" +
		"$ dicepoker advise --dice 3,3,5,5,6 --top 3\n" +
		"go run ./cmd/dicepoker serve --lan\n" +
		"/usr/bin/time -v dicepoker solve --targets --game yatzy\n" +
		"dicepoker games [--json]\n" +
		"dicepoker completion bash|zsh|fish\n" +
		"dicepoker chances --game poker-dice   # the chance of each total\n" +
		`dicepoker advise --sheet "a|b" --dice 11111` + "\n" +
		"advise --dice 1,2,3,4,5\n" +
		"```\n" +
		"dicepoker after --the-block\n"
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := docCommands(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"dicepoker advise --dice 3,3,5,5,6 --top 3",
		"dicepoker serve --lan",
		"dicepoker solve --targets --game yatzy",
		"dicepoker chances --game poker-dice",
		`dicepoker advise --sheet "a|b" --dice 11111`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docCommands = %q, want %q", got, want)
	}
}
