package web

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/stats"
	"dicepoker/words"
)

// hintHidden reports whether the page hides every hint of the advice:
// the best action, the ranking, and the best marked on the dice and the
// sheet.
func (p *page) hintHidden() bool {
	p.t.Helper()
	return !p.shown("#best") && !p.shown("#ranking-box") &&
		eval[int](p, `document.querySelectorAll("#dice .die.keep, #dice .die.reroll, #sheet .box.best").length`) == 0
}

// gaveUp matches the coach's line after a choice: the best, and the
// points the choice gave up, or that it was the best.
var gaveUp = regexp.MustCompile(`^(?:coach: the best was .+; that gave up (\d+\.\d\d) points|✓ (?:the best move|tied with the best move))$`)

// TestBrowserPlayPeek plays two decisions of a game on the page's
// scorecard: the advice stays hidden until the player peeks or chooses;
// a peek shows it; after each choice the coach says the best and the
// points given up. The choices are the game's record, which the page
// saves for stats: each loss there is the coach's, and stats reads it.
func TestBrowserPlayPeek(t *testing.T) {
	t.Parallel()
	p := newPage(t, testSource)
	p.open("?game=poker-dice")
	p.click("#mode-play")
	if !p.hintHidden() || !p.shown("#peek") || p.shown("#save-record") {
		t.Fatalf("a new game in play shows the hint (%t) or no peek button (%t), or a record to save (%t)", !p.hintHidden(), !p.shown("#peek"), p.shown("#save-record"))
	}

	// A peek shows the advice of the position before the choice.
	p.click("#peek")
	if p.hintHidden() || p.shown("#peek") || !strings.HasPrefix(p.text("#best .what"), "Best: ") {
		t.Fatalf("after the peek: the hint hidden %t, the peek button shown %t, best %q", p.hintHidden(), p.shown("#peek"), p.text("#best"))
	}
	// The first open box, whatever the advice: the coach then compares.
	p.click(`#sheet .box.open:not(:disabled)`)
	var said []string
	said = append(said, p.text("#coach"))
	if !p.hintHidden() || !p.shown("#peek") {
		t.Fatalf("the next roll shows the hint (%t) or no peek button (%t)", !p.hintHidden(), !p.shown("#peek"))
	}

	// Without a peek: hold the first die, reroll; the hint stays hidden
	// until the choice, the coach speaks after it.
	p.click(`#dice .die[data-i="0"]`)
	if !p.hintHidden() {
		t.Fatal("a die held shows the hint before the choice")
	}
	p.click("#roll")
	said = append(said, p.text("#coach"))
	if !p.shown("#save-record") {
		t.Error("no record to save after two choices")
	}

	record := eval[string](p, `S.record.join("\n") + "\n"`)
	rep, err := advice.Review(testSource, strings.NewReader(record), "record", nil)
	if err != nil {
		t.Fatalf("the page's record:\n%s%v", record, err)
	}
	if len(rep.Items) != 2 {
		t.Fatalf("the record holds %d decisions, want 2:\n%s", len(rep.Items), record)
	}
	total := 0.0
	for i, it := range rep.Items {
		m := gaveUp.FindStringSubmatch(said[i])
		if m == nil {
			t.Fatalf("decision %d: the coach said %q", i+1, said[i])
		}
		if want := fmt.Sprintf("%.2f", it.Loss); m[1] != "" && m[1] != want || m[1] == "" && !it.Optimal() {
			t.Errorf("decision %d: the coach said %q, review a loss of %s", i+1, said[i], want)
		}
		total += it.Loss
	}

	// The record saved in the history directory counts in stats.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "dicepoker-page.jsonl"), []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	sums, err := stats.Load(dir, func(g *engine.Game) (coach.Advisor, error) { return advice.Advisor(testSource, g) })
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != 1 || sums[0].Error != "" || sums[0].Game != "poker-dice" {
		t.Fatalf("stats read %+v, want the page's poker-dice game", sums)
	}
	if got := sums[0].Total(); got.Decisions != 2 || math.Abs(got.Loss-total) > 1e-9 {
		t.Errorf("stats counts %d decisions losing %s points, review 2 losing %s", got.Decisions, strconv.FormatFloat(got.Loss, 'f', -1, 64), strconv.FormatFloat(total, 'f', -1, 64))
	}
}

// TestBrowserQuizSchool takes a quiz of school by taps: a die kept, a
// row's next cell written, a row crossed out; each answer the page
// judges loses what quiz.Judge gives the same answer to the same draw.
func TestBrowserQuizSchool(t *testing.T) {
	t.Parallel()
	const n, seed = 3, 2
	g, qs, _ := drawn(t, "school", n, seed)
	p := newPage(t, testSource)
	p.open("?game=school&mode=quiz")
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector("#quiz-n").value = "%d"; document.querySelector("#quiz-seed").value = "%d"`, n, seed)),
		chromedp.Click(chromedp.CSS("#quiz-start")))
	crossed := false
	for k, q := range qs {
		switch {
		case q.Position.RollsLeft > 0 && k == 0:
			p.click(`#quiz-dice .die[data-i="0"]`)
			p.click("#quiz-reroll")
		case !crossed && eval[bool](p, `!!document.querySelector("#quiz tr:not(.schoolrow) .cell.next")`): // a combination row
			p.click("#quiz-cross")
			p.click(`#quiz tr:not(.schoolrow) .cell.next`)
			crossed = true
		default:
			p.click(`#quiz .cell.next`)
		}
		answer := strings.TrimPrefix(p.text("#quiz-judged .quiz-answer"), "your answer: ")
		a, ok, err := words.Parse(q.Position, coach.NewSheet(g).Terms(), answer)
		if !ok || err != nil {
			t.Fatalf("question %d: the page answered %q: %v", k+1, answer, err)
		}
		want, err := quiz.Judge(q, a)
		if err != nil {
			t.Fatal(err)
		}
		if got := eval[string](p, `document.querySelector("#quiz-judged").dataset.loss`); got != strconv.FormatFloat(want.Loss, 'g', -1, 64) && !(got == "0" && want.Loss == 0) {
			t.Errorf("question %d: %s lost %s on the page, %v by quiz.Judge", k+1, answer, got, want.Loss)
		}
		p.click("#quiz-next")
	}
	if !crossed {
		t.Error("no row crossed out by a tap")
	}
	if !strings.HasPrefix(p.text("#quiz-rating"), "mean loss per decision: ") {
		t.Errorf("the quiz ends with %q", p.text("#quiz"))
	}
}
