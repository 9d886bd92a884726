package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/quiz"
	"dicepoker/strategy"
	"dicepoker/words"
)

// quizJSON is what the tests read of quiz --json.
type quizJSON struct {
	Asked     int `json:"asked"`
	Questions []struct {
		Position quiz.Position `json:"position"`
		Answer   string        `json:"answer"`
		Best     string        `json:"best"`
		Loss     float64       `json:"loss"`
		Why      string        `json:"why"`
	} `json:"questions"`
	MeanLoss float64 `json:"mean_loss"`
	Rating   *struct {
		AheadOf    string `json:"ahead_of"`
		Behind     string `json:"behind"`
		Yardsticks []struct {
			Player   string  `json:"player"`
			MeanLoss float64 `json:"mean_loss"`
		} `json:"yardsticks"`
	} `json:"rating"`
	Margin  float64 `json:"margin"`
	Answers string  `json:"answers_file"`
}

// taken takes a quiz with the answers in input and returns its stdout and
// stderr.
func taken(t *testing.T, input string, args ...string) (string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	if err := takeQuiz(os.Getenv, args, strings.NewReader(input), &out, &errs); err != nil {
		t.Fatalf("quiz %q: %v\n%s", args, err, out.String())
	}
	return out.String(), errs.String()
}

// takenJSON takes a quiz with --json and decodes its answer.
func takenJSON(t *testing.T, input string, args ...string) quizJSON {
	t.Helper()
	out, _ := taken(t, input, append(args, "--json")...)
	var q quizJSON
	if err := json.Unmarshal([]byte(out), &q); err != nil {
		t.Fatalf("quiz --json: %v\n%s", err, out)
	}
	return q
}

// quizPositions returns the positions of quiz --positions --json.
func quizPositions(t *testing.T, args ...string) []quiz.Position {
	t.Helper()
	var res struct {
		Positions []quiz.Position `json:"positions"`
	}
	out := runOK(t, append([]string{"quiz", "--positions", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("quiz --positions --json: %v\n%s", err, out)
	}
	return res.Positions
}

// adviseBest returns the best action advise --json gives for a quiz
// position, in play's words.
func adviseBest(t *testing.T, p quiz.Position) string {
	t.Helper()
	dice := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(p.Dice)), ","), "[]")
	out := runOK(t, "advise", "--game", p.Game, "--sheet", p.Sheet, "--dice", dice, "--rolls-left", fmt.Sprint(p.RollsLeft), "--json")
	var res struct {
		Best struct {
			Action   string `json:"action"`
			Keep     []int  `json:"keep"`
			Category string `json:"category"`
		} `json:"best"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("advise --json: %v\n%s", err, out)
	}
	switch b := res.Best; {
	case b.Action == "score":
		return "score " + b.Category
	case len(b.Keep) == 0:
		return "keep none"
	default:
		return "keep " + strings.Trim(fmt.Sprint(b.Keep), "[]")
	}
}

// TestQuizBestAnswers answers a quiz with the best action advise gives
// for each of --positions' positions: every answer is the quiz's best
// and loses nothing, and the rating is the optimal player's.
func TestQuizBestAnswers(t *testing.T) {
	g, _ := engine.New("yahtzee", engine.Options{})
	tableFor(t, g)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	args := []string{"--seed", "11", "--questions", "8"}
	var input strings.Builder
	positions := quizPositions(t, args...)
	bests := make([]string, len(positions))
	for i, p := range positions {
		bests[i] = adviseBest(t, p)
		fmt.Fprintln(&input, bests[i])
	}
	q := takenJSON(t, input.String(), args...)
	if len(q.Questions) != 8 || q.Asked != 8 || q.MeanLoss != 0 || q.Rating == nil || q.Rating.AheadOf != "optimal" || q.Rating.Behind != "" || q.Margin != 1.02 {
		t.Fatalf("quiz %+v: want 8 answers, no loss, as good as optimal, margin 1.02", q)
	}
	kinds := map[string]int{}
	for i, a := range q.Questions {
		if a.Loss != 0 || a.Answer != bests[i] || a.Best != bests[i] || a.Why != "" || !reflect.DeepEqual(a.Position, positions[i]) {
			t.Errorf("question %d: %+v; want advise's best %q, no loss, no why, position %+v", i, a, bests[i], positions[i])
		}
		kinds[strings.Fields(a.Best)[0]]++
	}
	if kinds["keep"] != 4 || kinds["score"] != 4 {
		t.Errorf("best actions %v: want 4 keeps and 4 boxes", kinds)
	}
	if data, err := os.ReadFile(q.Answers); err != nil || strings.Count(string(data), "\n") != 8 {
		t.Errorf("answers file %s: %v, want 8 lines:\n%s", q.Answers, err, data)
	}
}

// TestQuizWeakerPlayer answers a quiz as the greedy player would: each
// answer loses what review judges the same decision to lose, read back
// from the answers file, a line of which is a game record.
func TestQuizWeakerPlayer(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("yahtzee", engine.Options{})
	table := tableFor(t, g)
	adv := coach.TableAdvisor(table)
	qs, err := quiz.Draw(g, adv, 10, 21)
	if err != nil {
		t.Fatal(err)
	}
	greedy := quiz.Greedy(g)
	var input strings.Builder
	for _, q := range qs {
		a, err := greedy.Choose(q.Position, q.Actions, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&input, words.Text(g, a))
	}
	answers := filepath.Join(t.TempDir(), "answers.jsonl")
	q := takenJSON(t, input.String(), "--seed", "21", "--questions", "10", "--record", answers)
	if len(q.Questions) != 10 {
		t.Fatalf("%d answers, want 10", len(q.Questions))
	}
	data, err := os.ReadFile(answers)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	total, lost := 0.0, 0
	for i, a := range q.Questions {
		if !reflect.DeepEqual(a.Position, quiz.PositionOf(qs[i].Position)) {
			t.Fatalf("question %d is %+v, the draw's %+v", i, a.Position, quiz.PositionOf(qs[i].Position))
		}
		rec := filepath.Join(t.TempDir(), "one.jsonl")
		if err := os.WriteFile(rec, []byte(lines[i]), 0o644); err != nil {
			t.Fatal(err)
		}
		r := reviewed(t, rec)
		if r.TotalLoss != a.Loss {
			t.Errorf("question %d: the quiz's loss %v, review's %v", i, a.Loss, r.TotalLoss)
		}
		// Why is said for every loss but one keep's against another.
		keeps := strings.HasPrefix(a.Answer, "keep") && strings.HasPrefix(a.Best, "keep")
		if a.Loss == 0 && a.Why != "" || a.Loss > 0 && !keeps && a.Why == "" {
			t.Errorf("question %d: %q against %q lost %v; why %q", i, a.Answer, a.Best, a.Loss, a.Why)
		}
		total += a.Loss
		if a.Loss > 0 {
			lost++
		}
	}
	if lost == 0 || math.Abs(q.MeanLoss-total/10) > 1e-12 {
		t.Errorf("greedy lost on %d questions, mean %v of %v in all: want some loss, the mean of the answers'", lost, q.MeanLoss, total)
	}
}

// TestQuizSchool takes quizzes of one-column school, whose exact table
// here is a fixture: answered by the advisor's best actions, in play's
// words for school (rows), every answer loses nothing and rates as the
// optimal player; answered by the greedy player, each loses what review
// gives the same decision; the same seed draws the same quiz.
func TestQuizSchool(t *testing.T) {
	dir := tablestest.Dir(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	g := tablestest.SchoolExact(t, strategy.Path(dir, mustGame(t, "school", engine.Options{Columns: 1})),
		func(i int) float32 { return 10 * tablestest.Scrambled(i) }) // far from greedy
	adv, err := advice.Advisor(advice.Opener{}, g)
	if err != nil {
		t.Fatal(err)
	}
	const n, seed = 8, 6
	args := []string{"--game", "school", "--columns", "1", "--seed", strconv.Itoa(seed), "--questions", strconv.Itoa(n)}
	qs, err := quiz.Draw(g, adv, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	positions := quizPositions(t, args...)
	if again := quizPositions(t, args...); !reflect.DeepEqual(positions, again) || len(positions) != n {
		t.Fatalf("the same seed drew %d positions, then %d others", len(positions), len(again))
	}
	greedy := quiz.Greedy(g)
	var best, weak strings.Builder
	rows := 0
	for i, q := range qs {
		if !reflect.DeepEqual(positions[i], quiz.PositionOf(q.Position)) {
			t.Fatalf("question %d is %+v, the draw's %+v", i+1, positions[i], quiz.PositionOf(q.Position))
		}
		fmt.Fprintln(&best, words.Text(g, q.Actions[0].Action))
		a, err := greedy.Choose(q.Position, q.Actions, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&weak, words.Text(g, a))
		if a.Box != "" {
			rows++
		}
	}
	q := takenJSON(t, best.String(), args...)
	if len(q.Questions) != n || q.MeanLoss != 0 || q.Rating == nil || q.Rating.AheadOf != "optimal" || q.Rating.Behind != "" {
		t.Fatalf("the best answers %q: %+v, want %d answers, no loss, as good as optimal", best.String(), q, n)
	}
	answers := filepath.Join(t.TempDir(), "answers.jsonl")
	q = takenJSON(t, weak.String(), append(args, "--record", answers)...)
	if len(q.Questions) != n || rows == 0 {
		t.Fatalf("greedy's answers %q: %d judged, %d of them rows; want %d, some rows", weak.String(), len(q.Questions), rows, n)
	}
	data, err := os.ReadFile(answers)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	total := 0.0
	for i, a := range q.Questions {
		rec := filepath.Join(t.TempDir(), "one.jsonl")
		if err := os.WriteFile(rec, []byte(lines[i]), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := reviewed(t, rec); r.TotalLoss != a.Loss {
			t.Errorf("question %d: %s lost %v in the quiz, %v in review", i+1, a.Answer, a.Loss, r.TotalLoss)
		}
		total += a.Loss
	}
	if total == 0 {
		t.Errorf("greedy's answers %q lost nothing: the test compares no loss", weak.String())
	}
}

// mustGame returns the game called name with options o.
func mustGame(t *testing.T, name string, o engine.Options) *engine.Game {
	t.Helper()
	g, err := engine.New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestQuizSameSeed draws the same quiz for the same seed, another for
// another, and prints --positions as advise command lines.
func TestQuizSameSeed(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	first := quizPositions(t, "--game", "poker-dice", "--seed", "4", "--questions", "6")
	again := quizPositions(t, "--game", "poker-dice", "--seed", "4", "--questions", "6")
	other := quizPositions(t, "--game", "poker-dice", "--seed", "5", "--questions", "6")
	if len(first) != 6 || !reflect.DeepEqual(first, again) || reflect.DeepEqual(first, other) {
		t.Errorf("seed 4: %v, then %v; seed 5: %v", first, again, other)
	}
	text := runOK(t, "quiz", "--game", "poker-dice", "--positions", "--seed", "4", "--questions", "6")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	want := fmt.Sprintf("dicepoker advise --game poker-dice --sheet '%s' --dice ", first[0].Sheet)
	if len(lines) != 6 || !strings.HasPrefix(lines[0], want) {
		t.Errorf("--positions printed\n%s\nwant 6 lines, the first starting %q", text, want)
	}
}

// TestQuizInput asks again after an answer that cannot be read or that
// the rules refuse, and stops at the end of the input with the answers
// so far scored.
func TestQuizInput(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	args := []string{"--game", "poker-dice", "--seed", "8", "--questions", "3"}
	best := adviseBest(t, quizPositions(t, args...)[0])
	input := "bogus\nkeep 7\nscore no-such\nkeep all\n\n" + best + "\n"
	out, _ := taken(t, input, args...)
	containsAll(t, out,
		`answer "bogus": say 'keep 5 5', 'keep none' or 'score five-of-a-kind' ('quit' stops)`,
		`'7' is not a die`,
		`poker-dice has no box "no-such"`,
		"not allowed: keeping all five dice is not a reroll",
		"question 2 of 3", "end of input: the quiz stops here",
		"quiz over: 1 of 3 questions answered, 1 with the best action; 0.00 points lost in all",
		"mean loss per decision: 0.00 points a decision: as good as optimal (0.00)")
	if strings.Contains(out, "question 3 of 3") {
		t.Errorf("the quiz went on after the end of the input:\n%s", out)
	}
	stdout, stderr := taken(t, input, append(args, "--json")...)
	var q quizJSON
	if err := json.Unmarshal([]byte(stdout), &q); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if q.Asked != 3 || len(q.Questions) != 1 || strings.Count(stderr, "\n") != 4 {
		t.Errorf("asked %d, %d answers, complaints:\n%s\nwant 3 asked, 1 answer, 4 complaints", q.Asked, len(q.Questions), stderr)
	}
	out, _ = taken(t, "quit\n", args...)
	containsAll(t, out, "no answers: nothing to rate, no answers file kept")
	if files, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_DATA_HOME"), "dicepoker", "quiz-*.jsonl")); len(files) != 2 {
		t.Errorf("answers files %v, want the 2 quizzes answered", files)
	}
}

func TestQuizRefuses(t *testing.T) {
	t.Parallel()
	cl, _ := ownTables(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--questions", "0"}, "--questions 0: must be 1 to 500"},
		{[]string{"--questions", "501"}, "--questions 501: must be 1 to 500"},
		{[]string{"--positions", "--record", "x.jsonl"}, "--positions asks nothing"},
	} {
		status, _, stderr := cl.runLine(append([]string{"quiz"}, c.args...)...)
		if status != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("quiz %q: status %d, %q; want 2 and one line with %q", c.args, status, stderr, c.want)
		}
	}
}

// TestStats sums up a game played and a quiz taken, in the user's data
// directory: the game's score and decisions, review's losses.
func TestStats(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	table := tableFor(t, g)
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	pl := playWithTable(t, table, 3, map[int]bool{2: true, 9: true, 17: true})
	playOK(t, pl.input, "--game", "poker-dice", "--seed", "3")
	args := []string{"--game", "poker-dice", "--seed", "8", "--questions", "4"}
	var input strings.Builder
	for range quizPositions(t, args...) {
		input.WriteString("keep none\nscore chance\nscore pair\n") // some answers refused: asked again
	}
	q := takenJSON(t, input.String(), args...)
	png := filepath.Join(t.TempDir(), "trend.png")
	var res struct {
		Dir    string `json:"dir"`
		ByGame []struct {
			Game      string  `json:"game"`
			Games     int     `json:"games"`
			Complete  int     `json:"complete"`
			MeanScore float64 `json:"mean_score"`
			Quizzes   int     `json:"quizzes"`
			Decisions int     `json:"decisions"`
			MeanLoss  float64 `json:"mean_loss"`
			Trend     []struct {
				Source   string  `json:"source"`
				MeanLoss float64 `json:"mean_loss"`
			} `json:"trend"`
		} `json:"by_game"`
	}
	out := runOK(t, "stats", "--json", "--png", png)
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("stats --json: %v\n%s", err, out)
	}
	if len(res.ByGame) != 1 {
		t.Fatalf("stats --json: %s", out)
	}
	s := res.ByGame[0]
	quizLoss := q.MeanLoss * float64(len(q.Questions))
	if s.Game != "poker-dice" || s.Games != 1 || s.Complete != 1 || s.MeanScore != float64(pl.score) || s.Quizzes != 1 ||
		s.Decisions != pl.n+len(q.Questions) || math.Abs(s.MeanLoss*float64(s.Decisions)-(pl.lost+quizLoss)) > 1e-6 ||
		len(s.Trend) != 2 || math.Abs(s.Trend[0].MeanLoss-pl.lost/float64(pl.n)) > 1e-6 || s.Trend[1].Source != "quiz" {
		t.Errorf("stats %+v\nwant 1 game scoring %d, %d decisions losing %v, then a quiz of %d answers losing %v",
			s, pl.score, pl.n, pl.lost, len(q.Questions), quizLoss)
	}
	if res.Dir != filepath.Join(data, "dicepoker") {
		t.Errorf("dir %s, want the data directory's", res.Dir)
	}
	if info, err := os.Stat(png); err != nil || info.Size() == 0 {
		t.Errorf("--png: %v", err)
	}
	text := runOK(t, "stats", "--game", "poker-dice")
	containsAll(t, text, "poker-dice: 1 game (1 played to the end, mean score "+fmt.Sprintf("%.1f", float64(pl.score))+"), 1 quiz",
		fmt.Sprintf("over %d decisions", pl.n+len(q.Questions)), "early turns", "late turns")
	if other := runOK(t, "stats", "--game", "yatzy"); !strings.Contains(other, "no games or quizzes yet") {
		t.Errorf("stats --game yatzy:\n%s", other)
	}
}

// TestQuizStatsManualNamesJSONKeys holds the manual to the keys of quiz
// --json with answers and of stats --json, which TestManualNamesJSONKeys
// cannot run: the quiz reads its answers from standard input.
func TestQuizStatsManualNamesJSONKeys(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	tableFor(t, g)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	manual, err := os.ReadFile("../../docs/manual.md")
	if err != nil {
		t.Fatal(err)
	}
	quizOut, _ := taken(t, "keep none\nscore pair\nscore chance\nkeep 1\n", "--game", "poker-dice", "--seed", "2", "--questions", "4", "--json")
	for _, c := range []struct{ command, out string }{
		{"quiz", quizOut},
		{"quiz", runOK(t, "quiz", "--game", "poker-dice", "--positions", "--json", "--questions", "2")},
		{"stats", runOK(t, "stats", "--json")},
	} {
		section, ok := manualSection(string(manual), c.command)
		if !ok {
			t.Fatalf("docs/manual.md has no section ## dicepoker %s", c.command)
		}
		var v any
		if err := json.Unmarshal([]byte(c.out), &v); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, c.out)
		}
		for key := range jsonKeys(v) {
			if !strings.Contains(section, `"`+key+`"`) && !strings.Contains(section, "`"+key+"`") {
				t.Errorf("key %q is not in the manual's section of %s", key, c.command)
			}
		}
	}
}
