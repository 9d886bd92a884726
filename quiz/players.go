package quiz

import (
	"fmt"
	"math/rand/v2"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
)

// Player is a simulated player of known strength: how it chooses an
// action in a position, given the position's actions ranked by the
// optimal advisor.
type Player struct {
	Name   string
	Choose func(p coach.Position, ranked []coach.Option, rng *rand.Rand) (coach.Action, error)
	// Random says the player's choices are drawn, so that a yardstick
	// asks it each question many times.
	Random bool
}

// Players returns the simulated players of g whose games the questions
// come from and against whom a player is rated, strongest first: optimal,
// then one that takes a random legal action 10% of the time (else the
// best), greedy (the most points this turn can give, bonuses included,
// as simulate --strategy greedy plays), and one random 30% of the time.
func Players(g *engine.Game) []Player {
	return []Player{Optimal(), Random(0.10), Greedy(g), Random(0.30)}
}

// Optimal returns the player that takes the advisor's best action.
func Optimal() Player {
	return Player{Name: "optimal", Choose: func(_ coach.Position, ranked []coach.Option, _ *rand.Rand) (coach.Action, error) {
		return ranked[0].Action, nil
	}}
}

// Random returns the player that takes, with chance share, one of the
// position's legal actions at random, all alike, and else the best.
func Random(share float64) Player {
	return Player{Name: fmt.Sprintf("random %.0f%%", 100*share), Random: true, Choose: func(_ coach.Position, ranked []coach.Option, rng *rand.Rand) (coach.Action, error) {
		if rng.Float64() < share {
			return ranked[rng.IntN(len(ranked))].Action, nil
		}
		return ranked[0].Action, nil
	}}
}

// Greedy returns the player of game g that values every sheet after the
// turn at nothing: each turn it plays for the most points of the turn
// itself, as policy.Greedy does, and in school as the greedy strategy
// (advise --strategy greedy) does.
func Greedy(g *engine.Game) Player {
	if g.Columns != 0 {
		adv := coach.SchoolAdvisor(g, school.Fixed(func(engine.SchoolState) float64 { return 0 }), nil, 0, "")
		return Player{Name: "greedy", Choose: func(p coach.Position, _ []coach.Option, _ *rand.Rand) (coach.Action, error) {
			actions, err := adv.Actions(p)
			if err != nil {
				return coach.Action{}, err
			}
			return actions[0].Action, nil
		}}
	}
	turn := solver.NewTurn(g)
	zero := func(engine.State) float64 { return 0 }
	return Player{Name: "greedy", Choose: func(p coach.Position, _ []coach.Option, _ *rand.Rand) (coach.Action, error) {
		sh, err := engine.ParseSheet(g, p.Sheet.String())
		if err != nil {
			return coach.Action{}, err
		}
		actions, err := turn.Actions(sh.State(g), p.Dice, p.RollsLeft, zero)
		if err != nil {
			return coach.Action{}, err
		}
		return actions[0].Action, nil
	}}
}
