package web

import (
	"fmt"
	"strings"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/memory"
	"dicepoker/quiz"
	"dicepoker/review"
	"dicepoker/strategy"
	"dicepoker/words"
)

// quizRequest is a quiz and the answers given to it so far: the quiz
// that quiz --seed S --questions N draws, and the answers, in play's
// words, to its first questions in order.
type quizRequest struct {
	game
	Seed      uint64   `json:"seed"`
	Questions int      `json:"questions"` // 0: quiz.DefaultQuestions
	Answers   []string `json:"answers"`   // "keep 5 5", "keep none", "score chance"
	// Stop ends the quiz after the answers given, which are then rated
	// although questions are left.
	Stop bool `json:"stop"`
}

// quizAnswer is what quiz --json prints for the answers (quiz.Report),
// and besides every question's position, each as advise takes it, and
// whether the quiz is over: every question answered, or stopped. The
// rating comes with the end.
type quizAnswer struct {
	quiz.Report
	Positions []quizPosition `json:"positions"`
	Over      bool           `json:"over"`
	// AnswersFile is the answers so far as an answers file's lines
	// (quiz.WriteAnswer), for the page to save for dicepoker stats.
	AnswersFile string `json:"answers_file_lines"`
}

// quizPosition is a question's position, and what its school sheet needs
// besides: whether the dice came from a roll of all five.
type quizPosition struct {
	quiz.Position
	Fresh bool `json:"fresh"`
}

// quiz answers the quiz of the request: its questions drawn as the
// command draws them (quiz.Draw, with the same tables), the answers
// judged (quiz.Judge), and at the end their rating against the
// yardsticks (measured once a game, kept with the tables).
func (s *API) quiz(req quizRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	if err := quiz.Offered(g); err != nil {
		return nil, badf("%v", err)
	}
	n := req.Questions
	if n == 0 {
		n = quiz.DefaultQuestions
	}
	switch {
	case n < 1 || n > quiz.MaxQuestions:
		return nil, badf("questions %d: must be 1 to %d", n, quiz.MaxQuestions)
	case len(req.Answers) > n:
		return nil, badf("answers: %d for %d questions", len(req.Answers), n)
	}
	adv, err := advice.Advisor(s.src, g)
	if err != nil {
		return nil, err
	}
	qs, err := s.drawn(g, adv, n, req.Seed)
	if err != nil {
		return nil, err
	}
	terms := coach.NewSheet(g).Terms()
	items := make([]review.Item, len(req.Answers))
	for i, text := range req.Answers {
		if items[i], err = judgeAnswer(qs[i], terms, text); err != nil {
			return nil, badf("answers[%d] %s: %v", i, engine.Quote(text), err)
		}
	}
	over := len(items) == n || req.Stop && len(items) > 0
	var ys []quiz.Yardstick
	if over {
		if ys, err = s.yardsticks(g, adv); err != nil {
			return nil, err
		}
	}
	a := quizAnswer{Report: quiz.Summarize(g, req.Seed, n, items, ys, quiz.Margin(adv)), Positions: make([]quizPosition, n), Over: over}
	for i, q := range qs {
		a.Positions[i] = quizPosition{quiz.PositionOf(q.Position), q.Position.Fresh}
	}
	var lines strings.Builder
	for _, it := range items {
		if err := quiz.WriteAnswer(&lines, it.Entry.Position, it.Entry.Action); err != nil {
			return nil, err
		}
	}
	a.AnswersFile = lines.String()
	return a, nil
}

// judgeAnswer judges an answer to q in play's words, whose sheet's words
// are terms.
func judgeAnswer(q quiz.Question, terms coach.Terms, text string) (review.Item, error) {
	a, ok, err := words.Parse(q.Position, terms, text)
	switch {
	case err != nil:
		return review.Item{}, err
	case !ok:
		return review.Item{}, fmt.Errorf("say %s", words.Hint(q.Position.Game))
	}
	return quiz.Judge(q, a)
}

// drawn returns the n questions of g drawn with seed, ranked by adv
// (quiz.Draw): drawn on the quiz's first request and kept with the
// tables for its next answers, since a draw of school takes seconds.
func (s *API) drawn(g *engine.Game, adv coach.Advisor, n int, seed uint64) ([]quiz.Question, error) {
	what := strategy.Describe(g)
	v, err := s.src.get(fmt.Sprintf("quiz %s seed %d questions %d", what, seed, n), "quiz's questions", what,
		func() memory.Need { return memory.Need{Hold: int64(n) << 14, Peak: int64(n) << 14} },
		func(memory.Need) (any, error) { return quiz.Draw(g, adv, n, seed) })
	if err != nil {
		return nil, err
	}
	return v.([]quiz.Question), nil
}

// yardsticks returns the quiz's yardsticks for g, ranked by adv: measured
// on the first request (some seconds of work) and kept with the tables.
func (s *API) yardsticks(g *engine.Game, adv coach.Advisor) ([]quiz.Yardstick, error) {
	what := strategy.Describe(g)
	v, err := s.src.get("quiz yardsticks "+what, "quiz's yardsticks", what, func() memory.Need { return memory.Need{Hold: 1 << 10, Peak: 1 << 20} },
		func(memory.Need) (any, error) {
			return quiz.Yardsticks(g, adv, quiz.YardstickQuestions, quiz.YardstickTries, quiz.YardstickSeed)
		})
	if err != nil {
		return nil, err
	}
	return v.([]quiz.Yardstick), nil
}
