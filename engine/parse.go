package engine

import (
	"fmt"
	"strings"
	"unicode"
)

// Face alphabets: how a game writes faces 1..6.
const (
	DigitFaces = "123456"
	CardFaces  = "9TJQKA" // poker dice: 1 = 9, ..., 6 = A
)

// ParseDice reads five dice written as "3,3,5,5,6", "3 3 5 5 6" or "33556".
// Faces may be digits 1..6 or, where letters is non-empty, the game's own
// letters (poker dice: 9TJQKA, case-insensitive).
func ParseDice(s, letters string) (Multiset, error) {
	m, n, err := parseFaces(s, letters)
	if err != nil {
		return m, err
	}
	if n != Dice {
		return m, fmt.Errorf("dice %q: need exactly 5 dice, got %d", s, n)
	}
	return m, nil
}

// ParseKeep reads zero to five dice in the notation of ParseDice; "" and
// "none" are the empty keep.
func ParseKeep(s, letters string) (Multiset, error) {
	if t := strings.TrimSpace(s); t == "" || strings.EqualFold(t, "none") || t == "-" {
		return Multiset{}, nil
	}
	m, n, err := parseFaces(s, letters)
	if err == nil && n > Dice {
		err = fmt.Errorf("dice %q: at most 5 dice, got %d", s, n)
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
				return m, 0, fmt.Errorf("dice %q: %q is not a die (use 1-6 or %s)", s, r, letters)
			}
			return m, 0, fmt.Errorf("dice %q: %q is not a die (use 1-6)", s, r)
		}
		n++
		if n <= Dice {
			m[f-1]++
		}
	}
	return m, n, nil
}
