// Package games holds the single-sheet games of docs/rules.md as game
// files (engine/gamefile), embedded in the program: engine reads its
// built-in games from them, the same way it reads a file a person wrote,
// and the others (maxi-yatzy.toml) are played with --rules.
package games

import "embed"

// Files holds the game files, one NAME.toml for each game called NAME:
// the built-in games (engine.GameNames) and the others.
//
//go:embed *.toml
var Files embed.FS
