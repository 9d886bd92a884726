package school

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat"

	"dicepoker/engine"
	"dicepoker/scores"
)

// Rollout is what games played on after an action say of it: the mean of
// what was still to come after taking it, its own cell, reserve change and
// bonuses included (as the Value of Actions' ranking estimates it), and the half-width of
// that mean's 95% confidence interval; and the same of the difference
// game by game from the first action's games, which the shared dice make
// narrower.
type Rollout struct {
	Games           int
	Mean, CI95      float64
	VsFirst, VsCI95 float64
}

// Rollouts plays games games on after each of actions, ranked by Actions
// in state s with dice showing, rollsLeft rolls left and fresh telling
// whether the dice came from a roll of all five: the rest of the turn for
// a keep, then every later turn, all as Turn plays them with the values
// player gives. Turn t of game i after every action rolls with the same
// generator, from seed, i and t, so that the actions are compared on the
// same dice; the result does not depend on threads. A write that is not
// one of the position's is an error.
func (k *Kernel) Rollouts(s engine.SchoolState, dice engine.Multiset, rollsLeft int, fresh bool, actions []engine.Ranked, player Player, games int, seed uint64, threads int) ([]Rollout, error) {
	writes, missing := k.g.SchoolMovesOf(s, engine.RollIndex(dice), fresh, actions)
	if missing >= 0 {
		a := actions[missing]
		return nil, fmt.Errorf("row %s (cross %t) is no write of %v here", a.Box, a.Cross, dice)
	}
	totals := make([]float64, len(actions)*games)
	k.lockstep(len(totals), threads, func(i int, search searcher) {
		a, game := &actions[i/games], uint64(i%games)
		// Turn t of game i rolls with its own generator, the same after
		// every action, so that their games meet the same dice turn by
		// turn even when they have rolled different numbers of dice.
		turn := func(t uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, game<<8|t)) }
		m := writes[i/games]
		if a.Box == "" {
			next, rng := player(&s), turn(0)
			m = k.finish(s, a.Keep.RollRest(rng), rollsLeft-1, a.Keep.Size() == 0, next, 0, rng, search(&s, next))
		}
		total, st := m.Total(), m.Next
		for t := uint64(1); !k.g.SchoolFull(&st); t++ {
			m, _ = k.Turn(st, player(&st), turn(t), search)
			total, st = total+m.Total(), m.Next
		}
		totals[i] = float64(total)
	})
	out := make([]Rollout, len(actions))
	first := totals[:games]
	diff := make([]float64, games)
	for a := range actions {
		x := totals[a*games : (a+1)*games]
		for i := range diff {
			diff[i] = x[i] - first[i]
		}
		out[a] = Rollout{Games: games}
		out[a].Mean, out[a].CI95 = meanCI95(x)
		out[a].VsFirst, out[a].VsCI95 = meanCI95(diff)
	}
	return out, nil
}

// meanCI95 returns the mean of x and the half-width of its 95% confidence
// interval (0 for a single value).
func meanCI95(x []float64) (mean, ci float64) {
	mean, sd := stat.MeanStdDev(x, nil)
	if len(x) < 2 {
		return mean, 0
	}
	return mean, scores.HalfWidth95(sd, len(x))
}
