package main

import (
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dicepoker/engine"
	"dicepoker/engine/gamefile"
	"dicepoker/tables"
)

// gameJSON is one game in games --json.
type gameJSON struct {
	Game       string   `json:"game"`
	Categories []string `json:"categories"`
	Columns    int      `json:"columns,omitempty"` // school only
	Turns      int      `json:"turns"`
	Rolls      int      `json:"rolls"`
	Faces      string   `json:"faces"` // how faces 1..6 are written
	// UpperBonus is the upper bonus: the total that earns it and its points.
	UpperBonus *upperBonusJSON `json:"upper_bonus,omitempty"`
}

// rulesJSON is the game of a file in games --rules --json: the game as
// the list gives it and what the solver understood of the file.
type rulesJSON struct {
	gameJSON
	Dice        int            `json:"dice"`
	Boxes       []boxJSON      `json:"boxes"`
	FiveAlike   *fiveAlikeJSON `json:"five_alike,omitempty"`
	Fingerprint string         `json:"fingerprint"`
	Table       string         `json:"table"` // the strategy table's file name
}

// boxJSON is one box of a game file as understood.
type boxJSON struct {
	Name    string `json:"name"`
	OldName string `json:"old_name,omitempty"`
	Face    int    `json:"face,omitempty"` // an upper box's face
	Rule    string `json:"rule"`           // how it scores, in words
	// Scoring is how many of the rolls (252 of five dice, 462 of six)
	// score above 0 there.
	Scoring int `json:"scoring"`
	Max     int `json:"max"`             // the most it scores
	Joker   int `json:"joker,omitempty"` // what a joker scores there
}

// fiveAlikeJSON is the five-alike bonus and joker rule.
type fiveAlikeJSON struct {
	Box            string `json:"box"`
	Full           int    `json:"full"` // the points the box holds when made
	Bonus          int    `json:"bonus"`
	Joker          string `json:"joker"` // none, free or forced
	JokerNeedsFull bool   `json:"joker_needs_full"`
}

type upperBonusJSON struct {
	Threshold int `json:"threshold"`
	Points    int `json:"points"`
}

// runGames lists the games, one line each: the name for --game, then the
// sheet, turns, rolls a turn and categories under the default rules.
func runGames(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("games")
	rules := fs.String("rules", "", "show the game a game file describes, as understood (docs/rules.md)")
	asJSON := addJSONFlag(fs)
	if err := parseFlags(fs, args, stdout, "games [--rules FILE] [--json]",
		"List the games, one a line: name, sheet, turns, rolls a turn, categories.\n"+
			"With --rules, show the game a game file describes as the solver understands it:\n"+
			"each box's rule in words, how many rolls score there and its most, the bonuses\n"+
			"and the name of its strategy table."); err != nil {
		return err
	}
	if fs.Changed("rules") {
		g, spec, err := readRules(*rules)
		if err != nil {
			return err
		}
		return showRules(stdout, g, spec, *asJSON)
	}
	var list []gameJSON
	for _, name := range engine.GameNames {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return err
		}
		if *asJSON {
			list = append(list, gameOf(g))
			continue
		}
		if _, err := fmt.Fprintf(stdout, "%-11s %s\n", name, g.Describe()); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			Games []gameJSON `json:"games"`
		}{list})
	}
	return nil
}

// gameOf describes g for games --json.
func gameOf(g *engine.Game) gameJSON {
	j := gameJSON{Game: g.Name, Columns: g.Columns, Turns: g.Turns(), Rolls: g.Rolls, Faces: g.Letters}
	for _, c := range g.Categories {
		j.Categories = append(j.Categories, c.Name)
	}
	if g.Upper.Points != 0 {
		j.UpperBonus = &upperBonusJSON{g.Upper.Threshold, g.Upper.Points}
	}
	return j
}

// rulesOf describes the game g of the game file spec for games --rules.
func rulesOf(g *engine.Game, spec *gamefile.Spec) rulesJSON {
	fp := g.Fingerprint()
	j := rulesJSON{gameJSON: gameOf(g), Dice: g.Dice, Fingerprint: hex.EncodeToString(fp[:]),
		Table: tables.FileName(g.TableName(), g.Options.String())}
	for c, cat := range g.Categories {
		b := boxJSON{Name: cat.Name, OldName: cat.OldName, Face: cat.Face, Rule: spec.Rule(spec.Boxes[c]), Joker: cat.Joker}
		for r := range g.Cup().NumRolls() {
			p := g.Score(c, r)
			b.Max = max(b.Max, p)
			if p > 0 {
				b.Scoring++
			}
		}
		j.Boxes = append(j.Boxes, b)
	}
	if e := g.Extra; e != nil {
		j.FiveAlike = &fiveAlikeJSON{Box: g.Categories[e.Box].Name, Full: e.Full, Bonus: e.Bonus,
			Joker: spec.FiveAlike.Joker, JokerNeedsFull: e.JokerNeedsFull}
	}
	return j
}

// showRules writes the game of a game file as understood: a head line
// like games', the bonuses, a line a box and the strategy table's name.
func showRules(w io.Writer, g *engine.Game, spec *gamefile.Spec, asJSON bool) error {
	j := rulesOf(g, spec)
	if asJSON {
		return writeJSON(w, struct {
			Games []rulesJSON `json:"games"`
		}{[]rulesJSON{j}})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d dice, faces %s, %s\n", g.Name, j.Dice, g.Letters, g.Describe())
	if u := j.UpperBonus; u != nil {
		fmt.Fprintf(&b, "upper bonus: %d at %d or more in the boxes with a face\n", u.Points, u.Threshold)
	} else {
		b.WriteString("upper bonus: none\n")
	}
	if e := j.FiveAlike; e != nil {
		needs := "0 or " + strconv.Itoa(e.Full)
		if e.JokerNeedsFull {
			needs = strconv.Itoa(e.Full)
		}
		fmt.Fprintf(&b, "five alike: %s holds %d; again, +%d while it holds %d; %s joker while it holds %s\n",
			e.Box, e.Full, e.Bonus, e.Full, e.Joker, needs)
	} else {
		b.WriteString("five alike: no bonus, no joker\n")
	}
	nameW, ruleW := len("box"), len("scores")
	for _, x := range j.Boxes {
		nameW, ruleW = max(nameW, len(x.Name)), max(ruleW, len(x.Rule))
	}
	fmt.Fprintf(&b, "\n%-*s  %-*s  %7s  %4s  %s\n", nameW, "box", ruleW, "scores", "scoring", "max", "joker")
	for _, x := range j.Boxes {
		line := fmt.Sprintf("%-*s  %-*s  %7d  %4d", nameW, x.Name, ruleW, x.Rule, x.Scoring, x.Max)
		if x.Joker > 0 {
			line += fmt.Sprintf("  %5d", x.Joker)
		}
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "\nscoring: how many of the %d rolls score above 0 there\nstrategy table: %s\n", g.Cup().NumRolls(), j.Table)
	_, err := io.WriteString(w, b.String())
	return err
}
