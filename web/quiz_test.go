package web

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/words"
)

// quizCall posts body to /api/quiz of api and returns the status and the
// answer decoded.
func quizCall(t *testing.T, api *API, body any) (int, quizAnswer, string) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	status, out := api.Answer(context.Background(), "POST", "/api/quiz", strings.NewReader(string(b)))
	var a quizAnswer
	if status == statusOK {
		if err := json.Unmarshal(out, &a); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
	}
	return status, a, string(out)
}

// drawn returns game's default rules and the questions of its quiz with
// seed, as the command draws them, and the best answer of each in play's
// words.
func drawn(t *testing.T, game string, n int, seed uint64) (*engine.Game, []quiz.Question, []string) {
	t.Helper()
	g, err := engine.New(game, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	adv, err := advice.Advisor(testSource, g)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quiz.Draw(g, adv, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	best := make([]string, len(qs))
	for i, q := range qs {
		best[i] = words.Text(g, q.Actions[0].Action)
	}
	return g, qs, best
}

// TestQuizAPI answers the quiz the command draws: its positions are the
// draw's, the advisor's best answers lose nothing and rate as good as
// the optimal player, a worse answer loses what quiz.Judge says, and the
// rating comes at the end, or when the quiz is stopped.
func TestQuizAPI(t *testing.T) {
	t.Parallel()
	api, err := NewAPI(testSource, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const n, seed = 6, 11
	_, qs, best := drawn(t, "poker-dice", n, seed)

	t.Run("positions", func(t *testing.T) {
		status, a, out := quizCall(t, api, map[string]any{"game": "poker-dice", "seed": seed, "questions": n})
		if status != statusOK || len(a.Positions) != n || a.Over || a.Rating != nil || len(a.Questions) != 0 {
			t.Fatalf("%d %s: want %d positions, no answers, no rating", status, out, n)
		}
		for i, q := range qs {
			if p := a.Positions[i]; !equalPositions(p.Position, quiz.PositionOf(q.Position)) || p.Fresh != q.Position.Fresh {
				t.Errorf("position %d is %+v, the draw's %+v", i+1, p, quiz.PositionOf(q.Position))
			}
		}
	})
	t.Run("best answers", func(t *testing.T) {
		status, a, out := quizCall(t, api, map[string]any{"game": "poker-dice", "seed": seed, "questions": n, "answers": best})
		if status != statusOK || !a.Over || a.Rating == nil || len(a.Questions) != n {
			t.Fatalf("%d %s: want every answer judged, and rated", status, out)
		}
		for i, q := range a.Questions {
			if q.Loss != 0 || q.Answer != best[i] || q.Best != best[i] || q.Why != "" {
				t.Errorf("answer %d: %+v, want %s with no loss", i+1, q, best[i])
			}
		}
		if a.MeanLoss != 0 || a.Best != n || a.Rating.Behind != "" || a.Rating.AheadOf != "optimal" {
			t.Errorf("mean %v, %d best, rating %+v: want 0, %d, as good as optimal", a.MeanLoss, a.Best, a.Rating, n)
		}
	})
	t.Run("worse answer", func(t *testing.T) {
		// The last-ranked action of the first question.
		worst := qs[0].Actions[len(qs[0].Actions)-1].Action
		want, err := quiz.Judge(qs[0], worst)
		if err != nil {
			t.Fatal(err)
		}
		text := words.Text(qs[0].Position.Game, worst)
		status, a, out := quizCall(t, api, map[string]any{"game": "poker-dice", "seed": seed, "questions": n, "answers": []string{text}})
		if status != statusOK || a.Over || a.Rating != nil || len(a.Questions) != 1 {
			t.Fatalf("%d %s: want one answer judged, no rating yet", status, out)
		}
		if q := a.Questions[0]; q.Loss != want.Loss || q.Loss <= 0 || q.Why != quiz.Why(want) || a.MeanLoss != want.Loss {
			t.Errorf("%s judged %+v (mean %v), want a loss of %v, why %q", text, q, a.MeanLoss, want.Loss, quiz.Why(want))
		}
		status, a, out = quizCall(t, api, map[string]any{"game": "poker-dice", "seed": seed, "questions": n, "answers": []string{text}, "stop": true})
		if status != statusOK || !a.Over || a.Rating == nil || a.Rating.MeanLoss != want.Loss {
			t.Fatalf("%d %s: stopped, want the answer rated", status, out)
		}
	})
	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"bad answer", map[string]any{"game": "poker-dice", "seed": seed, "questions": n, "answers": []string{"hold everything"}}, `answers[0] \"hold everything\": say 'keep 5 5'`},
		{"illegal answer", map[string]any{"game": "poker-dice", "seed": seed, "questions": n, "answers": []string{"keep all"}}, `answers[0] \"keep all\"`},
		{"too many answers", map[string]any{"game": "poker-dice", "seed": seed, "questions": 1, "answers": []string{best[0], best[1]}}, "answers: 2 for 1 questions"},
		{"too many questions", map[string]any{"game": "poker-dice", "questions": quiz.MaxQuestions + 1}, "questions 501: must be 1 to 500"},
		{"unknown field", map[string]any{"game": "poker-dice", "answer": "keep none"}, `unknown field \"answer\"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, _, out := quizCall(t, api, c.body)
			if status != statusBadRequest || !strings.Contains(out, c.want) {
				t.Errorf("%d %s: want 400 saying %s", status, out, c.want)
			}
		})
	}
}

// equalPositions reports whether two positions are the same.
func equalPositions(a, b quiz.Position) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestQuizAPISchool answers a quiz of school, in play's words for its
// rows: the advisor's best answers lose nothing; a row crossed out where
// the best writes the dice loses what quiz.Judge says.
func TestQuizAPISchool(t *testing.T) {
	t.Parallel()
	api, err := NewAPI(testSource, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const n, seed = 4, 2
	g, qs, best := drawn(t, "school", n, seed)
	status, a, out := quizCall(t, api, map[string]any{"game": "school", "seed": seed, "questions": n, "answers": best})
	if status != statusOK || !a.Over || len(a.Questions) != n || a.MeanLoss != 0 || a.Rating == nil {
		t.Fatalf("%d %s: want %d answers %q, no loss, rated", status, out, n, best)
	}
	for i, q := range qs {
		if p := a.Positions[i]; !equalPositions(p.Position, quiz.PositionOf(q.Position)) || p.Fresh != q.Position.Fresh {
			t.Errorf("position %d is %+v, the draw's %+v", i+1, p, quiz.PositionOf(q.Position))
		}
	}
	// A crossed-out row where the best writes the dice.
	for i, q := range qs {
		k := slices.IndexFunc(q.Actions, func(o coach.Option) bool { return o.Cross && q.Actions[0].Box != "" && !q.Actions[0].Cross })
		if k < 0 {
			continue
		}
		want, err := quiz.Judge(q, q.Actions[k].Action)
		if err != nil {
			t.Fatal(err)
		}
		answers := append(append([]string{}, best[:i]...), words.Text(g, q.Actions[k].Action))
		status, a, out := quizCall(t, api, map[string]any{"game": "school", "seed": seed, "questions": n, "answers": answers})
		if status != statusOK || len(a.Questions) != i+1 {
			t.Fatalf("%d %s", status, out)
		}
		if got := a.Questions[i]; !strings.HasPrefix(got.Answer, "cross ") || got.Loss != want.Loss || got.Loss <= 0 {
			t.Errorf("%s judged %+v, want a loss of %v", answers[i], got, want.Loss)
		}
		return
	}
	t.Fatalf("no question of %q where the best writes the dice and a row can be crossed out", best)
}
