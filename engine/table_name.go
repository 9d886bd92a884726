package engine

import "fmt"

// TableName is the name that g's table files go by: the game's own name
// for a game of GameNames under its options, and for any other (a game
// from a file, a subset) the name followed by the start of its
// fingerprint, "house-yatzy-1f2e3d4c5b6a", so that two games of one name
// but different rules never share a table file.
func (g *Game) TableName() string {
	fp := g.Fingerprint()
	if b, err := New(g.Name, g.Options); err == nil && b.Fingerprint() == fp {
		return g.Name
	}
	return fmt.Sprintf("%s-%x", g.Name, fp[:6])
}
