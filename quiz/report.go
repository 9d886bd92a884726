package quiz

import (
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/review"
	"dicepoker/words"
)

// Position is a question's position as advise takes it, in a quiz's JSON.
type Position struct {
	Game      string `json:"game"`
	Rules     string `json:"rules"`
	Turn      int    `json:"turn"`
	Sheet     string `json:"sheet"`
	Dice      []int  `json:"dice"`
	RollsLeft int    `json:"rolls_left"`
}

// PositionOf returns p as a quiz's JSON gives it.
func PositionOf(p coach.Position) Position {
	return Position{p.Game.Name, p.Game.Options.String(), p.Sheet.Turn(), p.Sheet.String(), p.Dice.Dice(), p.RollsLeft}
}

// Answered is a question answered, in a quiz's JSON: the answer and the
// best action in play's words (words.Text), the answer's loss and why
// the best beats it (Why).
type Answered struct {
	Position Position `json:"position"`
	Answer   string   `json:"answer"`
	Best     string   `json:"best"`
	Loss     float64  `json:"loss"`
	Why      string   `json:"why,omitempty"`
}

// AnsweredOf returns the judged answer it (Judge) as a quiz's JSON gives it.
func AnsweredOf(it review.Item) Answered {
	p := it.Entry.Position
	return Answered{PositionOf(p), words.Text(p.Game, it.Entry.Action), words.Text(p.Game, it.Actions[0].Action), it.Loss, Why(it)}
}

// Basis says what the yardsticks were measured on.
type Basis struct {
	Questions int    `json:"questions"`
	Seed      uint64 `json:"seed"`
	Tries     int    `json:"random_tries"`
}

// Report is a quiz taken, as its JSON gives it: the answers judged so
// far, their total and mean loss per decision and its rating (nil
// without answers or yardsticks).
type Report struct {
	Game      string     `json:"game"`
	Rules     string     `json:"rules"`
	Seed      uint64     `json:"seed"`
	Asked     int        `json:"asked"`
	Questions []Answered `json:"questions"`
	TotalLoss float64    `json:"total_loss"`
	MeanLoss  float64    `json:"mean_loss"`
	Best      int        `json:"best_answers"`
	Rating    *Rating    `json:"rating"`
	Margin    float64    `json:"margin"`
	Measured  Basis      `json:"yardstick_basis"`
}

// Summarize returns the report of a quiz of g drawn with seed, asked
// questions, whose answers judged are items, rated against yardsticks
// ys (nil leaves the rating out); margin is the quiz's Margin.
func Summarize(g *engine.Game, seed uint64, asked int, items []review.Item, ys []Yardstick, margin float64) Report {
	r := Report{Game: g.Name, Rules: g.Options.String(), Seed: seed, Asked: asked, Questions: make([]Answered, len(items)),
		Margin: margin, Measured: Basis{YardstickQuestions, YardstickSeed, YardstickTries}}
	for i, it := range items {
		r.Questions[i] = AnsweredOf(it)
		r.TotalLoss += it.Loss
		if it.Optimal() {
			r.Best++
		}
	}
	if len(items) > 0 {
		r.MeanLoss = r.TotalLoss / float64(len(items))
		if ys != nil {
			rt := Rate(r.MeanLoss, ys)
			r.Rating = &rt
		}
	}
	return r
}
