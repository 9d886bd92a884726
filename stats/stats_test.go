package stats

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/solver"
	"dicepoker/strategy"
)

var (
	solveOnce sync.Once
	game      *engine.Game
	optimal   coach.Advisor
)

// pokerDice returns poker-dice and its optimal advisor, solved once.
func pokerDice(t *testing.T) (*engine.Game, coach.Advisor) {
	t.Helper()
	solveOnce.Do(func() {
		g, err := engine.New("poker-dice", engine.Options{})
		if err != nil {
			panic(err)
		}
		sol, err := solver.Solve(g, solver.Options{})
		if err != nil {
			panic(err)
		}
		game, optimal = g, coach.TableAdvisor(strategy.FromSolution(sol))
	})
	return game, optimal
}

// history is a history directory written for a test, with what its
// files come to, worked out by review.
type history struct {
	dir                string
	games, complete    int
	scores             int // of the complete games
	quizzes            int
	decisions          int
	loss               float64
	keepEarly, boxLate Tally
}

// writeHistory writes games games of poker-dice, played by players that
// take a random action 30% of the time, the last stopped after 5
// decisions, a quiz's answers file and a file that is no record.
func writeHistory(t *testing.T, games int) *history {
	t.Helper()
	g, adv := pokerDice(t)
	h := &history{dir: t.TempDir()}
	rng := rand.New(rand.NewPCG(3, 3))
	at := time.Unix(1_800_000_000, 0)
	for i := range games {
		path := filepath.Join(h.dir, fmt.Sprintf("dicepoker-%03d.jsonl", i))
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := record.NewWriter(f)
		n := 0
		err = quiz.PlayGame(g, adv, quiz.Random(0.3), rng, func(q quiz.Question, a coach.Action) {
			if i == games-1 && n == 5 {
				return
			}
			n++
			if err := w.Write(q.Position, a); err != nil {
				t.Fatal(err)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		rec := w.Record()
		r, err := review.Review(rec, adv)
		if err != nil {
			t.Fatal(err)
		}
		h.games++
		if rec.Final().Over() {
			h.complete++
			h.scores += rec.Final().Score()
		}
		h.add(r.Items)
		// Their times in order: the trend follows them.
		if err := os.Chtimes(path, at, at.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	qs, err := quiz.Draw(g, adv, 6, 1)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	var items []review.Item
	for _, q := range qs {
		a := q.Actions[len(q.Actions)/2].Action
		if err := quiz.WriteAnswer(&b, q.Position, a); err != nil {
			t.Fatal(err)
		}
		it, err := quiz.Judge(q, a)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, it)
	}
	h.quizzes++
	h.add(items)
	quizPath := filepath.Join(h.dir, QuizPrefix+"20260101-120000.jsonl")
	if err := os.WriteFile(quizPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(quizPath, at, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.dir, "notes.jsonl"), []byte("not a record\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *history) add(items []review.Item) {
	for _, it := range items {
		h.decisions++
		h.loss += it.Loss
		switch p := it.Entry.Position; {
		case it.Actions[0].Box == "" && quiz.Phase(p) == "early":
			h.keepEarly.Decisions++
			h.keepEarly.Loss += it.Loss
		case it.Actions[0].Box != "" && quiz.Phase(p) == "late":
			h.boxLate.Decisions++
			h.boxLate.Loss += it.Loss
		}
	}
}

// counting returns an advisor function whose advisors count the
// positions they rank.
func counting(t *testing.T, calls *int) AdvisorOf {
	_, adv := pokerDice(t)
	return func(*engine.Game) (coach.Advisor, error) { return countingAdvisor{adv, calls}, nil }
}

type countingAdvisor struct {
	coach.Advisor
	calls *int
}

func (c countingAdvisor) Actions(p coach.Position) ([]coach.Option, error) {
	*c.calls++
	return c.Advisor.Actions(p)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// check holds the sums of a history to what review makes of its files.
func (h *history) check(t *testing.T, summaries []Summary) {
	t.Helper()
	sums := Sum(summaries, "", nil)
	if len(sums) != 1 {
		t.Fatalf("%d games summed up, want 1", len(sums))
	}
	s := sums[0]
	if s.Game != "poker-dice" || s.Games != h.games || s.Complete != h.complete || s.Quizzes != h.quizzes ||
		!near(s.MeanScore, float64(h.scores)/float64(h.complete)) || s.Total.Decisions != h.decisions || !near(s.Total.Loss, h.loss) {
		t.Errorf("sums %+v\nwant %d games, %d complete, mean score %v, %d quiz, %d decisions losing %v",
			s, h.games, h.complete, float64(h.scores)/float64(h.complete), h.quizzes, h.decisions, h.loss)
	}
	if k, b := s.Sorts[0], s.Sorts[3]; k.Decisions != h.keepEarly.Decisions || !near(k.Loss, h.keepEarly.Loss) ||
		b.Decisions != h.boxLate.Decisions || !near(b.Loss, h.boxLate.Loss) {
		t.Errorf("keep early %+v, box late %+v; want %+v, %+v", k, b, h.keepEarly, h.boxLate)
	}
	if len(s.Trend) != h.games+h.quizzes || s.Trend[len(s.Trend)-1].Source != SourceQuiz || s.Trend[0].File != "dicepoker-000.jsonl" {
		t.Errorf("trend %+v: want the games in order, then the quiz", s.Trend)
	}
	for i, m := range s.Mistakes {
		if m.Count < 2 || i > 0 && m.Loss > s.Mistakes[i-1].Loss {
			t.Errorf("mistakes %+v: want those made twice or more, the costliest first", s.Mistakes)
		}
	}
	if len(s.Mistakes) == 0 {
		t.Error("no repeated mistakes in games played 30% at random")
	}
	bad := Unreadable(summaries)
	if len(bad) != 1 || bad[0].File != "notes.jsonl" {
		t.Errorf("unreadable %+v, want notes.jsonl", bad)
	}
	if other := Sum(summaries, "yahtzee", nil); len(other) != 0 {
		t.Errorf("yahtzee's sums %+v, want none", other)
	}
}

func TestLoad(t *testing.T) {
	t.Parallel()
	h := writeHistory(t, 6)
	calls := 0
	summaries, err := Load(h.dir, counting(t, &calls))
	if err != nil {
		t.Fatal(err)
	}
	h.check(t, summaries)
	if calls != h.decisions {
		t.Errorf("%d positions ranked judging %d decisions", calls, h.decisions)
	}
	t.Run("again from the index", func(t *testing.T) {
		calls := 0
		again, err := Load(h.dir, counting(t, &calls))
		if err != nil {
			t.Fatal(err)
		}
		h.check(t, again)
		if calls != 0 {
			t.Errorf("%d positions ranked, want none: every file is in the index", calls)
		}
	})
	t.Run("index cut short", func(t *testing.T) {
		index := filepath.Join(h.dir, IndexName)
		data, err := os.ReadFile(index)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(index, data[:len(data)-30], 0o644); err != nil {
			t.Fatal(err)
		}
		calls := 0
		again, err := Load(h.dir, counting(t, &calls))
		if err != nil {
			t.Fatal(err)
		}
		h.check(t, again)
		if calls == 0 {
			t.Error("the file whose index line was cut was not judged again")
		}
		calls = 0
		if again, err = Load(h.dir, counting(t, &calls)); err != nil || calls != 0 {
			t.Errorf("after the repair: %d positions ranked (%v), want none", calls, err)
		}
		h.check(t, again)
	})
	t.Run("a file changed", func(t *testing.T) {
		path := filepath.Join(h.dir, "dicepoker-000.jsonl")
		later := time.Unix(1_700_000_000, 0)
		if err := os.Chtimes(path, later, later); err != nil {
			t.Fatal(err)
		}
		calls := 0
		again, err := Load(h.dir, counting(t, &calls))
		if err != nil {
			t.Fatal(err)
		}
		if calls == 0 || calls >= h.decisions/2 {
			t.Errorf("%d positions ranked: want only the changed file judged again", calls)
		}
		if again[0].File != "dicepoker-000.jsonl" {
			t.Errorf("the oldest file is %s, want the one dated earlier", again[0].File)
		}
	})
}

func TestLoadMissingDirectory(t *testing.T) {
	t.Parallel()
	s, err := Load(filepath.Join(t.TempDir(), "none"), nil)
	if err != nil || len(s) != 0 {
		t.Errorf("Load of a missing directory: %v, %v; want an empty history", s, err)
	}
}

func TestMistakeText(t *testing.T) {
	t.Parallel()
	g, err := engine.New("yahtzee", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dice, err := engine.FromDice(2, 2, 5, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	keep := func(d ...int) engine.Multiset {
		m, err := engine.FromDice(d...)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		sheet       string
		taken, best coach.Action
		want        string
	}{
		{"", coach.Action{Box: "chance"}, coach.Action{Box: "fives"}, "wrote chance instead of fives with the upper bonus in reach"},
		{"ones=0,twos=0,threes=0,fours=0", coach.Action{Box: "chance"}, coach.Action{Box: "fives"}, "wrote chance instead of fives"},
		{"", coach.Action{Box: "chance"}, coach.Action{Box: "full-house"}, "wrote chance instead of full-house"},
		{"", coach.Action{Box: "full-house"}, coach.Action{Keep: keep(5, 5, 5)}, "wrote full-house instead of rerolling"},
		{"", coach.Action{Keep: keep(5, 5, 5)}, coach.Action{Box: "full-house"}, "rerolled instead of writing full-house"},
		{"", coach.Action{Keep: keep(2, 2)}, coach.Action{Keep: keep(5, 5, 5)}, "kept 2 dice instead of 3"},
		{"", coach.Action{Keep: keep(2)}, coach.Action{Keep: keep(5)}, "kept the wrong 1 die"},
		{"", coach.Action{}, coach.Action{Keep: keep(5, 5, 5)}, "rerolled all five instead of keeping 3"},
		{"", coach.Action{Keep: keep(5, 5, 5)}, coach.Action{}, "kept 3 dice instead of rerolling all five"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			t.Parallel()
			sheet, err := coach.ParseSheet(g, tc.sheet)
			if err != nil {
				t.Fatal(err)
			}
			p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 1}
			it := review.Item{Entry: record.Entry{Position: p, Action: tc.taken},
				Actions: []coach.Option{{Action: tc.best, Value: 2}, {Action: tc.taken, Value: 1}}, Taken: 1, Loss: 1}
			if got := MistakeText(it); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzReadIndex(f *testing.F) {
	f.Add([]byte(`{"file":"a.jsonl","size":3,"mtime":5,"source":"game","game":"yahtzee","sorts":[{"n":1,"loss":2}]}` + "\n"))
	f.Add([]byte(`{"file":"a.jsonl","sorts":[{"n":1},{},{},{},{}]}` + "\n{\"file"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), IndexName)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		known, lines, err := readIndex(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(known) > lines || lines > strings.Count(string(data), "\n")+1 {
			t.Fatalf("%d summaries from %d lines", len(known), lines)
		}
	})
}
