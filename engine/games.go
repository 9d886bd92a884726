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

// upperSection returns the six boxes that add up the dice of one face.
func upperSection() []Category {
	cats := make([]Category, Faces)
	for f := 1; f <= Faces; f++ {
		cats[f-1] = Category{Name: faceNames[f], Points: faceSum(f), Face: f}
	}
	return cats
}

// kindsAndStraights returns the lower boxes Yahtzee and Swedish share:
// of-a-kinds scoring the sum, and full house and straights at fixed points,
// which a joker scores too.
func kindsAndStraights() []Category {
	return []Category{
		{Name: "three-of-a-kind", Points: when(alike(3), sum)},
		{Name: "four-of-a-kind", Points: when(alike(4), sum)},
		{Name: "full-house", Points: when(fullHouse, fixed(25)), Joker: 25},
		{Name: "small-straight", Points: when(run(4), fixed(30)), Joker: 30},
		{Name: "large-straight", Points: when(run(5), fixed(40)), Joker: 40},
	}
}

func yahtzee(o Options) *Game {
	g := &Game{Rolls: 3, Upper: UpperBonus{Threshold: 63, Points: 35}}
	g.Categories = append(append(upperSection(), kindsAndStraights()...),
		Category{Name: "yahtzee", Points: when(alike(5), fixed(50))},
		Category{Name: "chance", Points: sum},
	)
	if o.NoUpperBonus {
		g.Upper.Points = 0
	}
	if !o.NoYahtzeeBonus {
		g.Extra = &FiveAlike{Box: len(g.Categories) - 2, Full: 50, Bonus: 100, Joker: FreeJoker}
		switch {
		case o.NoJoker:
			g.Extra.Joker = NoJoker
		case o.ForcedJoker:
			g.Extra.Joker = ForcedJoker
		}
	}
	return g
}

func yatzy(Options) *Game {
	g := &Game{Rolls: 3, Upper: UpperBonus{Threshold: 63, Points: 50}}
	g.Categories = append(upperSection(),
		Category{Name: "pair", OldName: "one-pair", Points: ofAKindFaces(2)},
		Category{Name: "two-pairs", Points: twoPairDice},
		Category{Name: "three-of-a-kind", Points: ofAKindFaces(3)},
		Category{Name: "four-of-a-kind", Points: ofAKindFaces(4)},
		Category{Name: "small-straight", Points: when(straight(1, 5), fixed(15))},
		Category{Name: "large-straight", Points: when(straight(2, 6), fixed(20))},
		Category{Name: "full-house", Points: fullHouseDice},
		Category{Name: "chance", Points: sum},
		Category{Name: "yatzy", Points: when(alike(5), fixed(50))},
	)
	return g
}

func swedish(o Options) *Game {
	g := &Game{Rolls: 3, Upper: UpperBonus{Threshold: 63, Points: 35}}
	if o.UpperBonusThreshold != 0 {
		g.Upper.Threshold = o.UpperBonusThreshold
	}
	g.Categories = append(upperSection(),
		Category{Name: "pair", Points: when(alike(2), sum)},
		Category{Name: "two-pairs", Points: when(twoPairs, sum)},
	)
	g.Categories = append(append(g.Categories, kindsAndStraights()...),
		Category{Name: "poker", Points: when(alike(5), fixed(50))},
		Category{Name: "chance", Points: sum},
	)
	g.Extra = &FiveAlike{Box: len(g.Categories) - 2, Full: 50, Bonus: 100, Joker: ForcedJoker, JokerNeedsFull: true}
	return g
}

func pokerDice(Options) *Game {
	g := &Game{Rolls: 2, Letters: CardFaces, Upper: UpperBonus{Threshold: 15, Points: 3}}
	for i, name := range []string{"aces", "kings", "queens", "jacks", "tens", "nines"} {
		f := Faces - i
		g.Categories = append(g.Categories, Category{Name: name, Points: faceCount(f), Face: f})
	}
	g.Categories = append(g.Categories,
		Category{Name: "pair", Points: when(alike(2), fixed(1))},
		Category{Name: "two-pairs", OldName: "two-pair", Points: when(twoPairs, fixed(2))},
		Category{Name: "three-of-a-kind", Points: when(alike(3), fixed(3))},
		Category{Name: "straight", Points: when(anyOf(straight(1, 5), straight(2, 6)), fixed(4))},
		Category{Name: "full-house", Points: when(fullHouse, fixed(4))},
		Category{Name: "four-of-a-kind", Points: when(alike(4), fixed(4))},
		Category{Name: "five-of-a-kind", Points: when(alike(5), fixed(5))},
	)
	return g
}
