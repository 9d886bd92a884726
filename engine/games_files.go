package engine

import (
	"sync"

	"dicepoker/engine/gamefile"
	"dicepoker/games"
)

// fromFile returns the builder of the game whose file is games/NAME.toml:
// the game the file describes, edited under the options (optionEdits).
func fromFile(name string) func(Options) (*Game, error) {
	spec := sync.OnceValues(func() (*gamefile.Spec, error) {
		path := name + ".toml"
		data, err := games.Files.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return gamefile.Parse("games/"+path, data)
	})
	return func(o Options) (*Game, error) {
		s, err := spec()
		if err != nil {
			return nil, err
		}
		g, err := FromSpec(s)
		if err != nil {
			return nil, err
		}
		if edit := optionEdits[name]; edit != nil {
			edit(g, o)
		}
		return g, nil
	}
}

// optionEdits are the edits each game's rule options make to the game its
// file describes (the table of docs/rules.md).
var optionEdits = map[string]func(*Game, Options){
	"yahtzee": func(g *Game, o Options) {
		if o.NoUpperBonus {
			g.Upper.Points = 0 // the threshold stays, as the fingerprint has it
		}
		switch {
		case o.NoYahtzeeBonus:
			g.Extra = nil
		case o.NoJoker:
			g.Extra.Joker = NoJoker
		case o.ForcedJoker:
			g.Extra.Joker = ForcedJoker
		}
	},
	"swedish": func(g *Game, o Options) {
		if o.UpperBonusThreshold != 0 {
			g.Upper.Threshold = o.UpperBonusThreshold
		}
	},
}
