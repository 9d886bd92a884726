package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Face alphabets: how a game writes faces 1..6.
const (
	DigitFaces = "123456"
	CardFaces  = "9TJQKA" // poker dice: 1 = 9, ..., 6 = A
)

// ParseDice reads five dice written as "3,3,5,5,6", "3 3 5 5 6" or "33556".
// Faces may be digits 1..6 or, where letters is non-empty, the game's own
// letters (poker dice: 9TJQKA, case-insensitive).
func ParseDice(s, letters string) (Multiset, error) { return parseDice(s, letters, Dice) }

// ParseDice reads the dice of a roll of g, as many as the game rolls, in
// the notation of the package's ParseDice with the game's letters.
func (g *Game) ParseDice(s string) (Multiset, error) { return parseDice(s, g.Letters, g.Dice) }

// parseDice reads exactly dice dice.
func parseDice(s, letters string, dice int) (Multiset, error) {
	m, n, err := parseFaces(s, letters)
	if err != nil {
		return m, err
	}
	if n != dice {
		return m, fmt.Errorf("dice %s: need exactly %d dice, got %d", Quote(s), dice, n)
	}
	return m, nil
}

// ParseKeep reads zero to as many dice as g rolls, in the notation of
// ParseDice with the game's letters; "" and "none" are the empty keep.
func (g *Game) ParseKeep(s string) (Multiset, error) { return parseKeep(s, g.Letters, g.Dice) }

// parseKeep reads zero to dice dice.
func parseKeep(s, letters string, dice int) (Multiset, error) {
	if t := strings.TrimSpace(s); t == "" || strings.EqualFold(t, "none") || t == "-" {
		return Multiset{}, nil
	}
	m, n, err := parseFaces(s, letters)
	if err == nil && n > dice {
		err = fmt.Errorf("dice %s: at most %d dice, got %d", Quote(s), dice, n)
	}
	return m, err
}

func parseFaces(s, letters string) (Multiset, int, error) {
	var m Multiset
	n := 0
	for _, r := range strings.ToUpper(s) {
		if r == ',' || unicode.IsSpace(r) {
			continue
		}
		f := strings.IndexRune(DigitFaces, r) + 1
		if f == 0 && letters != "" {
			f = strings.IndexRune(letters, r) + 1
		}
		if f == 0 {
			if letters != "" && letters != DigitFaces {
				return m, 0, fmt.Errorf("dice %s: %q is not a die (use 1-6 or %s)", Quote(s), r, letters)
			}
			return m, 0, fmt.Errorf("dice %s: %q is not a die (use 1-6)", Quote(s), r)
		}
		n++
		if n <= MaxDice {
			m[f-1]++
		}
	}
	return m, n, nil
}

// Suggest is what a message about an unknown name adds after it: the
// nearest of names when one is close enough to be a slip of the keyboard,
// then the names there are, under the label kind:
// `, did you mean full-house? (categories: ones, ...)`.
func Suggest(name string, names []string, kind string) string {
	hint := ""
	if near := Nearest(name, names); near != "" {
		hint = ", did you mean " + near + "?"
	}
	return fmt.Sprintf("%s (%s: %s)", hint, kind, strings.Join(names, ", "))
}

// Nearest returns the name in names closest to name, case aside, by edit
// distance, if it is at most a third of the name's length (at least 1) or
// name starts it; "" when none is that close.
func Nearest(name string, names []string) string {
	name = strings.ToLower(name)
	best, bestDist := "", max(1, len(name)/3)+1
	for _, n := range names {
		d := editDistance(name, n)
		if strings.HasPrefix(n, name) && len(name) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, by bytes.
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			prev, row[j] = row[j], min(row[j]+1, row[j-1]+1, prev+cost)
		}
	}
	return row[len(b)]
}

// quoteLimit is the most bytes of an input that a message quotes.
const quoteLimit = 40

// Quote quotes s for a message, cut to its first quoteLimit bytes (see
// clip), so that a long input never floods the terminal.
func Quote(s string) string {
	c := clip(s)
	if c == s {
		return strconv.Quote(s)
	}
	return strconv.Quote(strings.TrimSuffix(c, "...")) + fmt.Sprintf("... (%d bytes)", len(s))
}

// nameLimit is the longest file name or address a message shows whole:
// a real path is rarely longer, and cutting one would hide the file.
const nameLimit = 200

// QuoteName writes a file name or address for a message: as it is when it
// is at most nameLimit bytes long, else quoted and cut as Quote cuts it.
func QuoteName(s string) string {
	if len(s) <= nameLimit {
		return s
	}
	return Quote(s)
}

// clip returns s cut to its first quoteLimit bytes, on a rune boundary,
// with "..." after when it was cut.
func clip(s string) string {
	if len(s) <= quoteLimit {
		return s
	}
	cut := quoteLimit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
