package kind

import (
	"slices"
	"strings"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/scores"
	"dicepoker/seats"
	"dicepoker/strategy"
	"dicepoker/target"
)

// Seats of the single-sheet games: players taking turns on common dice,
// one strategy a seat (seats.Play), asked for with --players or with a
// strategy only seats play.

// Seated reports whether a run of a single-sheet game with strategy name
// and *players (nil: not said) plays seats: players given, a list of
// strategies (one a seat, comma-separated), or a strategy only seats
// play (win, target:T).
func Seated(name string, players *int) bool {
	return players != nil || strings.Contains(name, ",") || name == "win" || strings.HasPrefix(name, "target:")
}

// lineup returns the strategies of the seats of g that name and *players
// (nil: one a strategy named) ask for: one strategy fills every seat,
// else there is one a seat.
func lineup(g *engine.Game, name string, players *int) ([]seats.Strategy, error) {
	if name == "" {
		name = "optimal"
	}
	list, err := seats.Parse(name)
	if err != nil {
		return nil, advice.Fieldf("{strategy}: %v", err)
	}
	n := len(list)
	if players != nil {
		n = *players
	}
	switch {
	case n < 1 || n > scores.MaxSeats:
		return nil, advice.Fieldf("{players} %d: %s has 1 to %d players", n, g.Name, scores.MaxSeats)
	case len(list) == 1:
		list = slices.Repeat(list, n)
	case len(list) != n:
		return nil, advice.Fieldf("{strategy} names %d strategies for %d players: give one, or one a seat", len(list), n)
	}
	if n < 2 && list[0].Kind == seats.Win {
		return nil, advice.Fieldf("{strategy} win plays against other players: give {players} 2 or more")
	}
	return list, nil
}

// seated opens the tables that the seats named in name play by: the
// every-target table and the strategy table where a seat plays to win or
// for a target, else the strategy table.
func seated(o advice.Opener, g *engine.Game, name string) (*Player, error) {
	list, err := lineup(g, name, nil)
	if err != nil {
		return nil, err
	}
	st := &seats.Setup{Game: g}
	if seats.NeedsTable(list) {
		st.Table, st.EV, err = o.TargetPlay(g, true)
	} else {
		var t *strategy.Table
		if t, err = o.Table(g); err == nil {
			st.EV = t.Value
		}
	}
	if err != nil {
		return nil, err
	}
	return &Player{Game: g, Name: seats.Join(list), o: o, seats: st}, nil
}

// playSeats plays games games of p's seats, *players of them (nil: one a
// strategy p names).
func (p *Player) playSeats(games int, players *int, seed uint64, o scores.Options) (*Games, error) {
	list, err := lineup(p.Game, p.Name, players)
	if err != nil {
		return nil, err
	}
	st := *p.seats
	st.Threads = o.Threads
	played, err := seats.Play(st, list, games, seed)
	if err != nil {
		return nil, err
	}
	res := &Games{SameDice: true}
	for _, s := range played {
		res.Seats = append(res.Seats, s.Sample)
		res.Wins = append(res.Wins, scores.WinRate{Rate: s.WinRate, CI95: s.WinCI95})
		res.Strategies = append(res.Strategies, s.Strategy.String())
	}
	if seats.NeedsTable(list) {
		res.Bound = target.Bound(p.Game)
	}
	return res, nil
}
