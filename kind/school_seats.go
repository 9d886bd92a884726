package kind

import (
	"slices"
	"strings"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/scores"
)

// School's seats: players taking turns on one table, the first-come
// bonuses going to whoever earns them first, one strategy a seat
// (advice.Opener.Named: optimal, estimate, race, greedy).

// schoolNames returns the strategies name lists, one a seat
// (comma-separated), and checks their number against *players (nil: not
// said): one strategy fills every seat, else there is one a seat.
func schoolNames(name string, players *int) ([]string, error) {
	names := strings.Split(name, ",")
	n := len(names)
	if players != nil {
		n = *players
	}
	switch {
	case len(names) > scores.MaxSeats:
		return nil, advice.Fieldf("{strategy} names %d strategies: school has 1 to %d players", len(names), scores.MaxSeats)
	case len(names) == 1:
		return slices.Repeat(names, n), nil
	case len(names) != n:
		return nil, advice.Fieldf("{strategy} names %d strategies for %d players: give one, or one a seat", len(names), n)
	}
	return names, nil
}

// schoolPlayer opens the strategies that name lists for school game g,
// one a seat, or one for every seat.
func schoolPlayer(o advice.Opener, g *engine.Game, name string) (*Player, error) {
	names, err := schoolNames(name, nil)
	if err != nil {
		return nil, err
	}
	p := &Player{Game: g, o: o}
	for i, n := range names {
		st, err := o.Named(g, n)
		if err != nil {
			return nil, err
		}
		names[i] = st.Name
		p.lineup = append(p.lineup, st)
	}
	p.school, p.Name = p.lineup[0], strings.Join(names, ",")
	if p.Name == "optimal" {
		p.Expected = &p.school.Expected
	}
	return p, nil
}

// playSchool plays games games of p's school lineup, *players seats (nil:
// one a strategy named). One strategy in every seat plays Simulate's
// games; several play rounds with every strategy in every seat, on the
// same dice (school.Kernel.Rounds), their win rates' intervals over the
// rounds.
func (p *Player) playSchool(games int, players *int, seed uint64, threads int) (*Games, error) {
	list := p.lineup
	if len(list) == 1 {
		n := 1
		if players != nil {
			n = *players
		}
		list = slices.Repeat(list, n)
	}
	seats := make([]school.Seat, len(list))
	names := make([]string, len(list))
	for i, st := range list {
		seats[i], names[i] = st.Seat, st.Name
	}
	k := school.NewKernel(p.Game)
	if len(p.lineup) == 1 {
		finals := k.SimulateSeats(seats, games, seed, threads)
		return &Games{Seats: scores.BySeat(p.Game, finals), Wins: scores.WinRates(finals, 1), Strategies: names}, nil
	}
	finals := k.Rounds(seats, games, seed, threads)
	return &Games{Seats: scores.BySeat(p.Game, finals), Wins: scores.WinRates(finals, len(seats)), Strategies: names, SameDice: true}, nil
}
