package main

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/internal/browsertest"
	"dicepoker/internal/tablestest"
	"dicepoker/quiz"
	"dicepoker/web"
	"dicepoker/words"
)

// quizPage serves the page as serve does, and returns its URL.
func quizPage(t *testing.T) string {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	srv, err := web.New(advice.Opener{}, ts.Listener.Addr().String(), web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(ts.Close)
	return ts.URL
}

// TestQuizInBrowser takes a short quiz on the page by taps, keeps by the
// dice tapped and boxes by the box tapped, and checks that each answer's
// loss, the mean and the rating are those quiz --json gives for the same
// seed and the same answers on its standard input; and that the answers
// the page saves are an answers file stats reads.
func TestQuizInBrowser(t *testing.T) {
	path := browsertest.Chromium(t)
	tablestest.Dir(t)
	url := quizPage(t)
	ctx := siteBrowser(t, path)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?game=poker-dice&mode=quiz")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.busy === "0" && !!document.querySelector("#quiz-start")`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("no quiz to start on the page: %v", err)
	}
	const n, seed = 4, 3
	siteRun[bool](t, ctx, fmt.Sprintf(`document.querySelector("#quiz-n").value = "%d"; document.querySelector("#quiz-seed").value = "%d"; true`, n, seed))
	siteSettle(t, ctx, chromedp.Click(chromedp.CSS("#quiz-start")))

	var answers []string
	var losses []float64
	keeps, boxes := 0, 0
	for k := range n {
		if head := siteRun[string](t, ctx, `document.querySelector(".quiz-head strong").textContent`); head != fmt.Sprintf("Question %d of %d", k+1, n) {
			t.Fatalf("the page shows %q, want question %d of %d", head, k+1, n)
		}
		rollsLeft := siteRun[int](t, ctx, `Q.report.positions[S.quiz.seen].rolls_left`)
		var want string
		if rollsLeft > 0 && k%2 == 0 {
			// Keep the first two dice, reroll the rest.
			for i := range 2 {
				siteSettle(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#quiz-dice .die[data-i="%d"]`, i))))
			}
			want = "keep " + siteRun[string](t, ctx, `Q.report.positions[S.quiz.seen].dice.slice(0, 2).map((d) => games[S.game].faces[d - 1]).sort((a, b) => games[S.game].faces.indexOf(a) - games[S.game].faces.indexOf(b)).join(" ")`)
			siteSettle(t, ctx, chromedp.Click(chromedp.CSS("#quiz-reroll")))
			keeps++
		} else {
			box := siteRun[string](t, ctx, `[...document.querySelectorAll("#quiz .box.open")].at(-1).dataset.box`)
			want = "score " + box
			siteSettle(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#quiz .box[data-box=%q]`, box))))
			boxes++
		}
		got := strings.TrimPrefix(siteRun[string](t, ctx, `document.querySelector("#quiz-judged .quiz-answer").textContent`), "your answer: ")
		if got != want {
			t.Fatalf("question %d: the page took the taps for %q, want %q", k+1, got, want)
		}
		loss, err := strconv.ParseFloat(siteRun[string](t, ctx, `document.querySelector("#quiz-judged").dataset.loss`), 64)
		if err != nil {
			t.Fatal(err)
		}
		answers, losses = append(answers, got), append(losses, loss)
		t.Logf("question %d: %s lost %v", k+1, got, loss)
		siteSettle(t, ctx, chromedp.Click(chromedp.CSS("#quiz-next")))
	}
	if keeps == 0 || boxes == 0 {
		t.Fatalf("the quiz was answered by %d keeps and %d boxes: want both", keeps, boxes)
	}
	mean, err := strconv.ParseFloat(siteRun[string](t, ctx, `document.querySelector("#quiz-rating").dataset.mean`), 64)
	if err != nil {
		t.Fatal(err)
	}
	rating := siteRun[string](t, ctx, `document.querySelector("#quiz-rating").textContent`)

	cmd := takenJSON(t, strings.Join(answers, "\n")+"\n", "--game", "poker-dice", "--seed", strconv.Itoa(seed), "--questions", strconv.Itoa(n),
		"--record", filepath.Join(t.TempDir(), "quiz-answers.jsonl"))
	if len(cmd.Questions) != n {
		t.Fatalf("quiz --json judged %d answers of %q, want %d", len(cmd.Questions), answers, n)
	}
	total := 0.0
	for i, q := range cmd.Questions {
		if q.Answer != answers[i] || q.Loss != losses[i] {
			t.Errorf("question %d: the page judged %q a loss of %v, quiz --json %q %v", i+1, answers[i], losses[i], q.Answer, q.Loss)
		}
		total += q.Loss
	}
	if total == 0 {
		t.Errorf("every answer %q was the best: the test compares no loss", answers)
	}
	if mean != cmd.MeanLoss {
		t.Errorf("the page's mean loss %v, quiz --json's %v", mean, cmd.MeanLoss)
	}
	if want := fmt.Sprintf("mean loss per decision: %.2f points a decision", cmd.MeanLoss); !strings.HasPrefix(rating, want) {
		t.Errorf("the page rates %q, want it to start %q", rating, want)
	}

	// The answers the page saves: an answers file, its lines the answers.
	lines := siteRun[string](t, ctx, `quizRecordLines().join("\n") + "\n"`)
	saved, err := quiz.ReadAnswers(strings.NewReader(lines), "quiz.jsonl")
	if err != nil {
		t.Fatalf("the answers the page saves:\n%s%v", lines, err)
	}
	if len(saved.Entries) != n {
		t.Fatalf("the page saves %d answers, want %d", len(saved.Entries), n)
	}
	for i, e := range saved.Entries {
		if q := quiz.PositionOf(e.Position); q.Sheet != cmd.Questions[i].Position.Sheet || q.RollsLeft != cmd.Questions[i].Position.RollsLeft ||
			words.Text(e.Position.Game, e.Action) != answers[i] {
			t.Errorf("answer %d saved as %s at %+v, answered %s at %+v", i+1, words.Text(e.Position.Game, e.Action), q, answers[i], cmd.Questions[i].Position)
		}
	}
}
