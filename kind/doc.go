// Package kind is the one seam between the commands and the kinds of
// game: the single-sheet games, solved exactly, and school, solved
// exactly with one column and estimated with more. Of returns a game's
// Kind, which says what its tables are (Kind.Table, Kind.Targets) and
// whether they are exact; with an advice.Opener, which opens the tables
// and reports the work, it gives the player of a game by its strategy's
// name (NewPlayer), the distribution of that player's final score
// (Player.Distribution), the game's table (Solve) or what can be
// exported of it (States, Positions),
// and a command gets them, exact or estimated, one seat or several,
// without knowing which kind of game it has: the choice between the
// exact table and the fitted estimate, the seats of school or of a
// single sheet (one strategy a seat, package seats) and the sampling
// where nothing is exact are made here.
package kind
