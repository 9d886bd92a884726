package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/review"
	"dicepoker/stats"
	"dicepoker/strategy"
	"dicepoker/words"
)

const quizSummary = `Test yourself on positions where the choice matters: positions from games
of simulated players of varied strength (optimal, greedy, random 10% and
30% of the time) whose best action leads the next by 0.4% of the game's
expected score or more (1.02 points in yahtzee), keeps and boxes, early
and late turns. Answer each in play's words, a line
each on standard input ('keep 5 5', 'keep none', 'score chance'; school's
rows: 'score pair', 'cross pair'; 'quit' stops). After each answer: the best action, the points the answer gave up
and, where it can be said, why. At the end: the mean loss per decision,
rated against the simulated players' mean loss on 200 such questions. The
same --seed gives the same quiz. Every answer is appended to the answers
file as it is given, where stats reads it. --positions prints the
positions, as advise takes them, without asking.`

// runQuiz asks a quiz on the terminal.
func runQuiz(e env, args []string, stdout io.Writer) error {
	return takeQuiz(e, args, os.Stdin, stdout, os.Stderr)
}

// takeQuiz asks a quiz, reading the answers from in; with --json the
// complaints about answers go to stderr, so that stdout holds the JSON.
func takeQuiz(e env, args []string, in io.Reader, stdout, stderr io.Writer) error {
	fs, gf := newGameFlagSet("quiz")
	n := fs.Int("questions", quiz.DefaultQuestions, fmt.Sprintf("questions to ask, 1..%d", quiz.MaxQuestions))
	seed := fs.Uint64("seed", 0, "seed of the questions, to take the same quiz again (default: from the clock, printed)")
	positions := fs.Bool("positions", false, "print the questions' positions, as advise takes them, and ask nothing")
	recordFile := fs.String("record", "", "the answers file to write (default: a new quiz-YYYYMMDD-HHMMSS.jsonl in $XDG_DATA_HOME/dicepoker or ~/.local/share/dicepoker, where stats reads it)")
	tableFile := addTableFlag(fs)
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "quiz [--game G] [game options] [--questions N] [--seed S] [--positions] [--record FILE] [--table FILE] [--json]", quizSummary)
	if err != nil {
		return err
	}
	switch {
	case *n < 1 || *n > quiz.MaxQuestions:
		return usagef("--questions %d: must be 1 to %d", *n, quiz.MaxQuestions)
	case *positions && fs.Changed("record"):
		return usagef("--positions asks nothing: there are no answers for --record")
	}
	if !fs.Changed("seed") {
		*seed = uint64(time.Now().UnixNano())
	}
	o := e.opened(*tableFile)
	o.Mapped = true
	adv, err := advice.Advisor(o, g)
	if err != nil {
		return err
	}
	qs, err := quiz.Draw(g, adv, *n, *seed)
	if err != nil {
		return err
	}
	if *positions {
		return writePositions(stdout, g, qs, *seed, *asJSON)
	}
	f, path, err := e.createRecord(*recordFile, strings.TrimSuffix(stats.QuizPrefix, "-")) // the name stats knows a quiz by
	if err != nil {
		return err
	}
	t := &quizTaker{g: g, terms: coach.NewSheet(g).Terms(), in: bufio.NewScanner(in), out: stdout, complaints: stdout, file: f, json: *asJSON}
	if *asJSON {
		t.out, t.complaints = io.Discard, stderr
	}
	fmt.Fprintf(t.out, "quiz of %s: %d %s (seed %d: take the same quiz again with --seed %d)\n",
		strategy.Describe(g), len(qs), engine.Plural(len(qs), "question", "questions"), *seed, *seed)
	fmt.Fprintf(t.out, "answers: %s\nanswer with %s; 'quit' stops\n", path, words.Hint(g))
	askErr := t.ask(qs)
	if err := f.Close(); askErr == nil {
		askErr = err
	}
	if askErr != nil {
		return askErr
	}
	if len(t.items) == 0 {
		os.Remove(path)
		path = ""
	}
	ys, err := quiz.Yardsticks(g, adv, quiz.YardstickQuestions, quiz.YardstickTries, quiz.YardstickSeed)
	if err != nil {
		return err
	}
	return t.finish(stdout, len(qs), *seed, path, ys, quiz.Margin(adv))
}

// quizTaker is a quiz being taken: the questions asked and the answers
// judged.
type quizTaker struct {
	g          *engine.Game
	terms      coach.Terms
	in         *bufio.Scanner
	out        io.Writer // the dialogue; io.Discard with --json
	complaints io.Writer // what is wrong with an answer
	file       *os.File  // the answers file
	json       bool
	items      []review.Item
}

// ask asks each question until the input ends or the player quits.
func (t *quizTaker) ask(qs []quiz.Question) error {
	for i, q := range qs {
		p := q.Position
		fmt.Fprintf(t.out, "\nquestion %d of %d: turn %d of %d, roll %d of %d, score %d\n%sdice: %s\n", i+1, len(qs),
			p.Sheet.Turn(), t.g.Turns(), t.g.Rolls-p.RollsLeft, t.g.Rolls, p.Sheet.Score(), p.Sheet.Show(), spaced(p.Dice, t.g.Letters))
		it, ok, err := t.answer(q)
		if err != nil || !ok {
			return err
		}
		if err := quiz.WriteAnswer(t.file, p, it.Entry.Action); err != nil {
			return fmt.Errorf("answers file: %v", err)
		}
		t.items = append(t.items, it)
		r := rankingOf(p, it.Actions)
		if it.Optimal() {
			fmt.Fprintf(t.out, "best: %s, your answer\n", r.Describe(0))
			continue
		}
		fmt.Fprintf(t.out, "best: %s; %s gave up %.2f points\n", r.Describe(0), r.Describe(it.Taken), it.Loss)
		if why := quiz.Why(it); why != "" {
			fmt.Fprintln(t.out, wrap("why: "+why, lineWidth))
		}
	}
	return nil
}

// answer reads lines until one is a legal answer to q, and judges it; ok
// is false when the input ends or the player quits.
func (t *quizTaker) answer(q quiz.Question) (review.Item, bool, error) {
	for {
		fmt.Fprint(t.out, "> ")
		if !t.in.Scan() {
			if err := t.in.Err(); err != nil {
				return review.Item{}, false, fmt.Errorf("cannot read the answers: %v", err)
			}
			fmt.Fprintln(t.out, "\nend of input: the quiz stops here")
			return review.Item{}, false, nil
		}
		text := strings.TrimSpace(t.in.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit":
			return review.Item{}, false, nil
		}
		a, ok, err := words.Parse(q.Position, t.terms, text)
		if !ok {
			err = fmt.Errorf("answer %s: say %s ('quit' stops)", engine.Quote(text), words.Hint(t.g))
		}
		if err != nil {
			fmt.Fprintln(t.complaints, err)
			continue
		}
		it, err := quiz.Judge(q, a)
		if err != nil {
			fmt.Fprintf(t.complaints, "not allowed: %v\n", err)
			continue
		}
		return it, true, nil
	}
}

// rankingOf returns a position's ranked actions, ready to describe.
func rankingOf(p coach.Position, actions []coach.Option) *advice.Ranking {
	return &advice.Ranking{Game: p.Game, SheetScore: p.Sheet.Score(), RollsLeft: p.RollsLeft, Fresh: p.Fresh, Dice: p.Dice, Actions: actions}
}

// finish prints the end of a quiz: the answers' mean loss and its rating.
func (t *quizTaker) finish(w io.Writer, asked int, seed uint64, path string, ys []quiz.Yardstick, margin float64) error {
	r := quiz.Summarize(t.g, seed, asked, t.items, ys, margin)
	if t.json {
		return writeJSON(w, struct {
			quiz.Report
			Answers string `json:"answers_file,omitempty"`
		}{r, path})
	}
	if len(t.items) == 0 {
		fmt.Fprintln(w, "\nno answers: nothing to rate, no answers file kept")
		return nil
	}
	fmt.Fprintf(w, "\nquiz over: %d of %d questions answered, %d with the best action; %.2f points lost in all\n", len(t.items), asked, r.Best, r.TotalLoss)
	fmt.Fprintf(w, "mean loss per decision: %s\n", r.Rating.Text)
	var parts []string
	for _, y := range ys {
		parts = append(parts, fmt.Sprintf("%s %.2f", y.Player, y.MeanLoss))
	}
	fmt.Fprintln(w, wrap(fmt.Sprintf("yardsticks, each simulated player's mean loss per decision on %d questions drawn with seed %d: %s",
		quiz.YardstickQuestions, quiz.YardstickSeed, strings.Join(parts, ", ")), lineWidth))
	fmt.Fprintf(w, "answers: %s (dicepoker stats sums them up)\n", path)
	return nil
}

// writePositions prints the positions of questions qs: as advise command
// lines, or with asJSON as one JSON object.
func writePositions(w io.Writer, g *engine.Game, qs []quiz.Question, seed uint64, asJSON bool) error {
	if asJSON {
		ps := make([]quiz.Position, len(qs))
		for i, q := range qs {
			ps[i] = quiz.PositionOf(q.Position)
		}
		return writeJSON(w, struct {
			Game      string          `json:"game"`
			Rules     string          `json:"rules"`
			Seed      uint64          `json:"seed"`
			Positions []quiz.Position `json:"positions"`
		}{g.Name, g.Options.String(), seed, ps})
	}
	var options string
	for _, o := range strings.Split(g.Options.String(), ",") {
		if o != "" {
			options += " --" + o
		}
	}
	for _, q := range qs {
		p := q.Position
		fmt.Fprintf(w, "dicepoker advise --game %s%s --sheet '%s' --dice %s --rolls-left %d\n", g.Name, options, p.Sheet, p.Dice.Format(g.Letters), p.RollsLeft)
	}
	return nil
}
