package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// helpFlag matches a flag line of a command's help: the flag, its value's
// type where it takes one, and its meaning.
var helpFlag = regexp.MustCompile(`^  (--\S+)(?: \S+)?  +(\S.*)$`)

// manualFlag matches a row of the manual's flag tables.
var manualFlag = regexp.MustCompile("^\\| `(--[^`]+)` \\| (.*) \\|$")

// TestManualMatchesHelp holds docs/manual.md to the commands' own help:
// for every command, its section gives the usage line -h prints and a
// flag table whose rows are the flags -h lists, in its order, with the
// same meaning; a command with no flags has no table.
func TestManualMatchesHelp(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../docs/manual.md")
	if err != nil {
		t.Fatal(err)
	}
	manual := string(data)
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			usage, flags := helpOf(t, c.name)
			section, ok := manualSection(manual, c.name)
			if !ok {
				t.Fatalf("docs/manual.md has no section ## dicepoker %s", c.name)
			}
			if got := firstFence(section); got != usage {
				t.Errorf("usage in the manual:\n %s\nwant, as -h prints it:\n %s", got, usage)
			}
			rows := manualRows(section)
			for i := range max(len(rows), len(flags)) {
				var got, want string
				if i < len(rows) {
					got = rows[i]
				}
				if i < len(flags) {
					want = flags[i]
				}
				if got != want {
					t.Errorf("flag row %d in the manual:\n %s\nwant, as -h lists it:\n %s", i+1, got, want)
				}
			}
		})
	}
}

// helpOf runs "dicepoker name -h" and returns its usage line, without
// "usage: ", and its flags, each as "--flag | meaning".
func helpOf(t *testing.T, name string) (string, []string) {
	t.Helper()
	status, stdout, stderr := runLine(name, "-h")
	if status != 0 {
		t.Fatalf("%s -h: status %d: %s", name, status, stderr)
	}
	lines := strings.Split(stdout, "\n")
	usage, ok := strings.CutPrefix(lines[0], "usage: ")
	if !ok {
		t.Fatalf("%s -h starts with %q, want a usage line", name, lines[0])
	}
	var flags []string
	in := false
	for _, l := range lines {
		switch {
		case l == "flags:":
			in = true
		case in && l == "":
			in = false
		case in:
			m := helpFlag.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("%s -h: flag line %q: want '  --flag [type]  meaning'", name, l)
			}
			flags = append(flags, m[1]+" | "+m[2])
		}
	}
	return usage, flags
}

// manualSection returns the text of the manual's section on a command,
// from its heading to the next heading of its level.
func manualSection(manual, name string) (string, bool) {
	_, rest, ok := strings.Cut(manual, "\n## dicepoker "+name+"\n")
	if !ok {
		return "", false
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest, true
}

// firstFence returns the text of a section's first fenced block.
func firstFence(section string) string {
	_, rest, ok := strings.Cut(section, "```\n")
	if !ok {
		return ""
	}
	block, _, _ := strings.Cut(rest, "\n```")
	return block
}

// manualRows returns the rows of a section's flag table, each as
// "--flag | meaning", with the meaning's escaped bars unescaped.
func manualRows(section string) []string {
	_, table, ok := strings.Cut(section, "| flag | meaning |\n|---|---|\n")
	if !ok {
		return nil
	}
	var rows []string
	for _, l := range strings.Split(table, "\n") {
		m := manualFlag.FindStringSubmatch(l)
		if m == nil {
			break
		}
		rows = append(rows, m[1]+" | "+strings.ReplaceAll(m[2], `\|`, "|"))
	}
	return rows
}
