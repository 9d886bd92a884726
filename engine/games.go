package engine

import (
	"fmt"
	"strings"
)

// GameNames lists the games, in the order docs/rules.md describes them.
var GameNames = []string{"yahtzee", "yatzy", "swedish", "poker-dice", "school"}

// New builds the game called name with the given rule options. It refuses
// an unknown game and options that do not belong to it, and builds the
// game through Define, which checks it.
func New(name string, opts Options) (*Game, error) {
	build, ok := builders[name]
	if !ok {
		return nil, unknownGame(name)
	}
	opts, err := opts.normalize(name)
	if err != nil {
		return nil, err
	}
	g, err := build(opts)
	if err != nil {
		return nil, err
	}
	g.Name = name
	if opts.Taken != "" {
		if opts.Taken, err = g.takeRowBonuses(opts.Taken); err != nil {
			return nil, err
		}
	}
	g.Options = opts
	return Define(*g)
}

func unknownGame(name string) error {
	return fmt.Errorf("unknown game %s (games: %s)", Quote(name), strings.Join(GameNames, ", "))
}

// builders build each game before Define: the single-sheet games from
// their files in games/, edited under their options (optionEdits); school
// from its own rules.
var builders = map[string]func(Options) (*Game, error){
	"yahtzee":    fromFile("yahtzee"),
	"yatzy":      fromFile("yatzy"),
	"swedish":    fromFile("swedish"),
	"poker-dice": fromFile("poker-dice"),
	"school":     func(o Options) (*Game, error) { return school(o), nil },
}

var faceNames = [Faces + 1]string{"", "ones", "twos", "threes", "fours", "fives", "sixes"}
