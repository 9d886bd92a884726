// Package words reads and writes a player's actions in play's words:
// "keep 3 3 5", "keep none", "score chance", school's "cross pair" and
// "score pair" (a row, written in its next column). play reads its
// moves in them, and the quiz its answers, on the command line and on
// the page alike.
package words

import (
	"fmt"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
)

// Text writes an action as the player types it: "keep 3 3",
// "score chance", "cross pair".
func Text(g *engine.Game, a coach.Action) string {
	switch {
	case a.Cross:
		return "cross " + a.Box
	case a.Box != "":
		return "score " + a.Box
	case a.Keep.Size() == 0:
		return "keep none"
	}
	return "keep " + coach.Spaced(a.Keep, g.Letters)
}

// Parse reads an action in play's words in position p, whose
// sheet's words are terms: "keep 3 3 5", "keep none", "score chance",
// "cross pair". ok is false, with no error, when text is no action
// (its first word is not keep, score or cross).
func Parse(p coach.Position, terms coach.Terms, text string) (a coach.Action, ok bool, err error) {
	word, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	rest = strings.TrimSpace(rest)
	switch verb := strings.ToLower(word); verb {
	case "keep":
		a.Keep, err = parseKeep(p, rest)
	case "score", "cross":
		a.Box, err = boxNamed(p.Game, terms, verb, rest)
		a.Cross = verb == "cross"
	default:
		return a, false, nil
	}
	return a, true, err
}

// parseKeep reads the dice to keep in p: "3 3 5", "335", "none", "all".
func parseKeep(p coach.Position, text string) (engine.Multiset, error) {
	switch strings.ToLower(text) {
	case "":
		return engine.Multiset{}, fmt.Errorf("keep which dice? say 'keep 3 3 5', or 'keep none' to reroll all %s", p.Game.Cup().DiceWord())
	case "all":
		return p.Dice, nil // refused by coach.Check, with the reason
	}
	return p.Game.ParseKeep(text)
}

// boxNamed finds the box of g a player names after verb (score or
// cross): its name or old name, a unique start of its name, or the name
// with spaces for dashes ("full house").
func boxNamed(g *engine.Game, terms coach.Terms, verb, text string) (string, error) {
	name := strings.ToLower(strings.Join(strings.Fields(text), "-"))
	if name == "" {
		return "", fmt.Errorf("%s in which %s? say '%s %s'", verb, terms.Box, verb, g.Categories[len(g.Categories)-1].Name)
	}
	if c := g.Category(name); c >= 0 {
		return g.Categories[c].Name, nil
	}
	var found []string
	for _, c := range g.Categories {
		if strings.HasPrefix(c.Name, name) {
			found = append(found, c.Name)
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("%s has no %s %s (type 'help' for the %s)", g.Name, terms.Box, engine.Quote(text), terms.Boxes)
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s could be %s: say which", engine.Quote(text), strings.Join(found, " or "))
}

// Box names the box action a writes: its name, or for a school row
// crossed out, "pair crossed out".
func Box(a coach.Action) string {
	if a.Cross {
		return a.Box + " crossed out"
	}
	return a.Box
}

// Hint says how to answer in g, with examples: "'keep 5 5', 'keep none'
// or 'score chance'"; for school its rows, written in their next column
// or crossed out.
func Hint(g *engine.Game) string {
	last := g.Categories[len(g.Categories)-1].Name
	if g.Columns != 0 {
		return fmt.Sprintf("'keep 5 5', 'keep none', 'score %s' (in its next column) or 'cross %s'", last, last)
	}
	return fmt.Sprintf("'keep 5 5', 'keep none' or 'score %s'", last)
}
