package quiz

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/review"
)

// YardstickSeed is the seed of the questions the yardsticks are measured
// on, and of the random players' choices there: every quiz of a game is
// rated against the same yardsticks.
const YardstickSeed = 1

// YardstickQuestions is how many questions the yardsticks are measured
// on, and YardstickTries how many times each random player answers each.
const (
	YardstickQuestions = 200
	YardstickTries     = 50
)

// Yardstick is a simulated player's mean loss per decision on quiz
// questions.
type Yardstick struct {
	Player    string  `json:"player"`
	MeanLoss  float64 `json:"mean_loss"`
	Decisions int     `json:"decisions"` // the answers it was measured on
}

// Yardsticks measures each of Players(g) on questions questions of g
// drawn with seed (Draw), ranked by adv: its mean loss per decision,
// the random players answering each question tries times, their choices
// seeded by seed too; sorted by mean loss, least first. The same
// arguments measure the same numbers.
func Yardsticks(g *engine.Game, adv coach.Advisor, questions, tries int, seed uint64) ([]Yardstick, error) {
	qs, err := Draw(g, adv, questions, seed)
	if err != nil {
		return nil, err
	}
	players := Players(g)
	rng := rand.New(rand.NewPCG(seed, 0x79617264))
	ys := make([]Yardstick, len(players))
	for i, pl := range players {
		n := 1
		if pl.Random {
			n = tries
		}
		var sum float64
		for _, q := range qs {
			for range n {
				a, err := pl.Choose(q.Position, q.Actions, rng)
				if err != nil {
					return nil, err
				}
				it, err := Judge(q, a)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", pl.Name, err)
				}
				sum += it.Loss
			}
		}
		ys[i] = Yardstick{Player: pl.Name, MeanLoss: sum / float64(n*len(qs)), Decisions: n * len(qs)}
	}
	slices.SortStableFunc(ys, func(a, b Yardstick) int { return cmp.Compare(a.MeanLoss, b.MeanLoss) })
	return ys, nil
}

// Rating places a mean loss per decision among yardsticks (sorted by
// their mean loss, least first).
type Rating struct {
	MeanLoss   float64     `json:"mean_loss"`
	Yardsticks []Yardstick `json:"yardsticks"`
	// Behind and AheadOf are the nearest yardsticks on either side: the
	// weakest player whose mean loss is less, and the strongest whose
	// mean loss is as much or more (within review.Epsilon); "" where
	// there is none.
	Behind  string `json:"behind,omitempty"`
	AheadOf string `json:"ahead_of,omitempty"`
	Text    string `json:"text"` // the rating in words
}

// Rate places meanLoss among yardsticks, which must be sorted by mean
// loss, least first, as Yardsticks returns them for Players' order.
func Rate(meanLoss float64, yardsticks []Yardstick) Rating {
	r := Rating{MeanLoss: meanLoss, Yardsticks: yardsticks}
	for _, y := range yardsticks {
		if meanLoss <= y.MeanLoss+review.Epsilon {
			if r.AheadOf == "" {
				r.AheadOf = y.Player
			}
		} else {
			r.Behind = y.Player
		}
	}
	say := func(name string) string {
		for _, y := range yardsticks {
			if y.Player == name {
				return fmt.Sprintf("%s (%.2f)", name, y.MeanLoss)
			}
		}
		return name
	}
	switch {
	case r.Behind == "":
		r.Text = fmt.Sprintf("%.2f points a decision: as good as %s", meanLoss, say(r.AheadOf))
	case r.AheadOf == "":
		r.Text = fmt.Sprintf("%.2f points a decision: behind every yardstick, the weakest %s", meanLoss, say(r.Behind))
	default:
		r.Text = fmt.Sprintf("%.2f points a decision: behind %s, ahead of %s", meanLoss, say(r.Behind), say(r.AheadOf))
	}
	return r
}
