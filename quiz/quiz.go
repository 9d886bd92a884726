// Package quiz draws the positions of a game where the choice matters and
// judges the answers given to them: a trainer's questions. The positions
// come from games played by simulated players of varied strength
// (Players: optimal, greedy, and players that take a random action some
// of the time), so that they are positions people meet; only those where
// the advisor's best action leads the next by Margin or more are kept,
// keeps and boxes, early and late turns in turn. An answer's loss is
// review's: the expected points it gives up against the best. Yardsticks
// measures what the simulated players lose on such positions, for a
// player's mean loss to be placed among them.
package quiz

import (
	"fmt"
	"math"
	"math/rand/v2"

	"dicepoker/coach"
	"dicepoker/engine"
)

// MarginShare is the share of a game's expected score by which the best
// action of a question leads the next best, at least: a position where
// the best leads by less is one where the choice hardly matters, and is
// not asked. It is 1.02 points in yahtzee, 0.13 in poker-dice.
const MarginShare = 1.0 / 250

// Margin returns the least lead of a question's best action for the
// advisor adv: MarginShare of its expected score of a new game, to the
// hundredth of a point.
func Margin(adv coach.Advisor) float64 {
	return math.Round(adv.Expected()*MarginShare*100) / 100
}

// Question is a position of a quiz with its actions as the advisor ranks
// them, best first.
type Question struct {
	Position coach.Position
	Actions  []coach.Option
	// From names the simulated player in whose game the position came up.
	From string
}

// Kind returns "keep" when the best action of q rerolls, "box" when it
// writes the dice.
func (q Question) Kind() string { return KindOf(q.Actions[0].Action) }

// KindOf returns "keep" for a reroll, "box" for writing the dice.
func KindOf(a coach.Action) string {
	if a.Box == "" {
		return "keep"
	}
	return "box"
}

// Phase returns "early" for a position in the first half of its game's
// turns, "late" for the others.
func Phase(p coach.Position) string {
	if 2*(p.Sheet.Turn()-1) < p.Game.Turns() {
		return "early"
	}
	return "late"
}

// Lead returns how many points the best action of ranked options leads
// the next by; 0 for a position with one action.
func Lead(actions []coach.Option) float64 {
	if len(actions) < 2 {
		return 0
	}
	return actions[0].Value - actions[1].Value
}

// Sorts are the sorts of decision, in the order a quiz takes its
// questions in turn: a keep or a box by the best action of the position
// (KindOf), early or late by its turn (Phase). stats splits losses by them.
var Sorts = [...]Sort{{"keep", "early"}, {"box", "early"}, {"keep", "late"}, {"box", "late"}}

// Sort is a sort of decision.
type Sort struct{ Kind, Phase string }

// SortOf returns the index in Sorts of the sort of a decision of kind
// and phase, or -1 for none.
func SortOf(kind, phase string) int {
	for i, s := range Sorts {
		if s.Kind == kind && s.Phase == phase {
			return i
		}
	}
	return -1
}

// MaxQuestions is the most questions a quiz asks.
const MaxQuestions = 500

// DefaultQuestions is how many questions a quiz asks when it is not told.
const DefaultQuestions = 10

// maxGames is the most games Draw plays to find its questions.
func maxGames(n int) int { return 20 + n }

// minGames is the least games Draw plays, so that its questions come
// from the games of every player, twice over.
const minGames = 8

// Offered returns nil where the quiz plays game g, else why not: the quiz
// plays five dice only.
func Offered(g *engine.Game) error { return g.FiveDice("quiz") }

// Draw draws n questions of game g: it plays games seeded by seed, each
// with the next of Players(g) in turn, ranks every position with adv,
// keeps those whose best leads by Margin(adv) or more and that an answers
// file tells whole (Told, in school) (minGames games at
// least, more until every sort has its share), and takes from them a
// keep early, a box early, a keep late and a box late in turn, each at
// random among its sort (another sort where one runs out). The same seed
// draws the same questions. A game that the quiz does not play
// (Offered) is refused.
func Draw(g *engine.Game, adv coach.Advisor, n int, seed uint64) ([]Question, error) {
	if err := Offered(g); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxQuestions {
		return nil, fmt.Errorf("questions %d: must be 1 to %d", n, MaxQuestions)
	}
	rng := rand.New(rand.NewPCG(seed, 0x71752a))
	players := Players(g)
	margin := Margin(adv)
	untold := coach.NewSheet(g).Terms().Fresh != "" // a fresh roll scores otherwise: school
	var pool [len(Sorts)][]Question
	seen := map[string]bool{}
	enough := func() bool {
		for _, b := range pool {
			if len(b) < (n+len(Sorts)-1)/len(Sorts) {
				return false
			}
		}
		return true
	}
	for i := 0; i < maxGames(n) && (i < minGames || !enough()); i++ {
		pl := players[i%len(players)]
		err := PlayGame(g, adv, pl, rng, func(q Question, _ coach.Action) {
			key := positionKey(q.Position)
			if Lead(q.Actions) < margin || seen[key] || untold && !Told(q.Position) {
				return
			}
			seen[key] = true
			if j := SortOf(q.Kind(), Phase(q.Position)); j >= 0 {
				pool[j] = append(pool[j], q)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	qs := make([]Question, 0, n)
	for i := 0; len(qs) < n; i++ {
		taken := false
		for j := range Sorts {
			b := &pool[(i+j)%len(Sorts)]
			if len(*b) == 0 {
				continue
			}
			k := rng.IntN(len(*b))
			qs = append(qs, (*b)[k])
			*b = append((*b)[:k], (*b)[k+1:]...)
			taken = true
			break
		}
		if !taken {
			return nil, fmt.Errorf("%d games of %s gave only %d positions whose best action leads by %.2f points or more", maxGames(n), g.Name, len(qs), margin)
		}
	}
	return qs, nil
}

// Told reports whether a one-line game record, as an answers file keeps
// each answer, tells position p whole: a record's line says whether its
// dice are a fresh roll of all five only by the rolls left, fresh on the
// first roll of a turn alone. Where a fresh roll scores otherwise (school)
// Draw asks only the positions told.
func Told(p coach.Position) bool { return p.Fresh == (p.RollsLeft == p.Game.Rolls-1) }

// positionKey tells positions apart.
func positionKey(p coach.Position) string {
	return fmt.Sprintf("%s|%v|%d|%t", p.Sheet, p.Dice, p.RollsLeft, p.Fresh)
}

// PlayGame plays one game of g with pl choosing, the dice rolled with
// rng, and calls at with each position met, ranked by adv, and the
// action pl takes there.
func PlayGame(g *engine.Game, adv coach.Advisor, pl Player, rng *rand.Rand, at func(Question, coach.Action)) error {
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		return err
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: engine.Multiset{}.RollRest(rng), RollsLeft: g.Rolls - 1, Fresh: true}
	for {
		actions, err := adv.Actions(p)
		if err != nil {
			return err
		}
		a, err := pl.Choose(p, actions, rng)
		if err != nil {
			return err
		}
		at(Question{Position: p, Actions: actions, From: pl.Name}, a)
		m, err := coach.Check(p, a)
		if err != nil {
			return fmt.Errorf("%s chose an action the rules refuse: %v", pl.Name, err)
		}
		if a.Box == "" {
			p.Dice, p.RollsLeft, p.Fresh = a.Keep.RollRest(rng), p.RollsLeft-1, a.Keep.Size() == 0
			continue
		}
		if m.Next.Over() {
			return nil
		}
		p = coach.Position{Game: g, Sheet: m.Next, Dice: engine.Multiset{}.RollRest(rng), RollsLeft: g.Rolls - 1, Fresh: true}
	}
}
