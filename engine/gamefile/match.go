package gamefile

import (
	"strconv"
	"strings"
)

// The patterns of a game file's lines and of the TOML parser's messages,
// matched by hand: the regexp package would add a sixteenth to the
// advisor compiled to WebAssembly (dicepoker site), which reads the
// built-in games' files.

// space is what a regular expression's \s matches.
const space = "\t\n\f\r "

// decodeError returns the line, key and reason of an error of decoding a
// value into its field, which the TOML parser gives as text:
// `toml: line (\d+) \(last key "([^"]*)"\): (.*)`, the reason on one line.
func decodeError(msg string) (line int, key, reason string, ok bool) {
	rest, ok := strings.CutPrefix(msg, "toml: line ")
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	if !ok || digits == 0 {
		return 0, "", "", false
	}
	line, _ = strconv.Atoi(rest[:digits])
	if rest, ok = strings.CutPrefix(rest[digits:], ` (last key "`); !ok {
		return 0, "", "", false
	}
	key, reason, _ = strings.Cut(rest, `"`) // no quote: no "): " either
	if reason, ok = strings.CutPrefix(reason, "): "); !ok || strings.Contains(reason, "\n") {
		return 0, "", "", false
	}
	return line, key, reason, true
}

// boxHeader reports whether line begins with a [[box]] header:
// `^\s*\[\[\s*box\s*\]\]`.
func boxHeader(line string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, space), "[[")
	if !ok {
		return false
	}
	rest, ok = strings.CutPrefix(strings.TrimLeft(rest, space), "box")
	return ok && strings.HasPrefix(strings.TrimLeft(rest, space), "]]")
}

// tableHeader returns the name of the [name] table header line begins
// with: `^\s*\[\s*([A-Za-z0-9_-]+)\s*\]`.
func tableHeader(line string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, space), "[")
	if !ok {
		return "", false
	}
	rest = strings.TrimLeft(rest, space)
	n := strings.IndexFunc(rest, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '-')
	})
	if n < 0 {
		n = len(rest)
	}
	if n == 0 || !strings.HasPrefix(strings.TrimLeft(rest[n:], space), "]") {
		return "", false
	}
	return rest[:n], true
}

// validName reports whether name is a box or game name the command line
// can take: lower-case letters, digits and hyphens, starting with a
// letter (`^[a-z][a-z0-9-]*$`).
func validName(name string) bool {
	for i, r := range name {
		if !('a' <= r && r <= 'z' || i > 0 && ('0' <= r && r <= '9' || r == '-')) {
			return false
		}
	}
	return name != ""
}
