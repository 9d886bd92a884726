package gamefile

import (
	"regexp"
	"strconv"
	"testing"
)

// The regular expressions the hand-written matchers stand for.
var (
	decodeErrorRE = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)
	boxHeaderRE   = regexp.MustCompile(`^\s*\[\[\s*box\s*\]\]`)
	tableHeaderRE = regexp.MustCompile(`^\s*\[\s*([A-Za-z0-9_-]+)\s*\]`)
	validNameRE   = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
)

// checkMatchers checks each matcher against its regular expression on s.
func checkMatchers(t *testing.T, s string) {
	t.Helper()
	line, key, reason, ok := decodeError(s)
	if m := decodeErrorRE.FindStringSubmatch(s); (m != nil) != ok {
		t.Errorf("decodeError(%q) matches %v, the expression %v", s, ok, m != nil)
	} else if m != nil {
		want, _ := strconv.Atoi(m[1])
		if line != want || key != m[2] || reason != m[3] {
			t.Errorf("decodeError(%q) = %d, %q, %q; want %d, %q, %q", s, line, key, reason, want, m[2], m[3])
		}
	}
	if got, want := boxHeader(s), boxHeaderRE.MatchString(s); got != want {
		t.Errorf("boxHeader(%q) = %v, want %v", s, got, want)
	}
	name, ok := tableHeader(s)
	if m := tableHeaderRE.FindStringSubmatch(s); (m != nil) != ok || m != nil && m[1] != name {
		t.Errorf("tableHeader(%q) = %q, %v; the expression finds %q", s, name, ok, m)
	}
	if got, want := validName(s), validNameRE.MatchString(s); got != want {
		t.Errorf("validName(%q) = %v, want %v", s, got, want)
	}
}

var matcherSeeds = []string{
	"", "toml: line 3 (last key \"box.points\"): bad", "toml: line 12 (last key \"\"): x", "toml: line (last key \"a\"): x",
	"toml: line 3 (last key \"a\"): two\nlines", "toml: line 3 (last key \"a\"b\"): x", "toml: line 99999999999999999999 (last key \"a\"): x",
	"[[box]]", "  [[ box ]] # the first", "[[boxes]]", "[[box]", "\v[[box]]", "[ dice ]", "[dice.faces]", "[]", "[a-b_C9]x", " [ n ", "[\u00e9]",
	"yahtzee", "four-of-a-kind", "9lives", "Yahtzee", "a_b", "a-", "-a", "a\n",
}

func TestMatchers(t *testing.T) {
	t.Parallel()
	for _, s := range matcherSeeds {
		checkMatchers(t, s)
	}
}

func FuzzMatchers(f *testing.F) {
	for _, s := range matcherSeeds {
		f.Add(s)
	}
	f.Fuzz(checkMatchers)
}
