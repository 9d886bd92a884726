package quiz

import (
	"encoding/json"
	"fmt"
	"io"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
)

// An answers file keeps a player's answers to quizzes, one JSON line an
// answer: the line of a game record (record.Entry) for the question's
// position with the answer as its action, so that a line pasted alone
// into a file is a record review reads. Each line is written in one
// write as it is answered, so that a quiz cut short keeps its answers.

// WriteAnswer appends to w the line of answer a to the question at p.
func WriteAnswer(w io.Writer, p coach.Position, a coach.Action) error {
	line, err := json.Marshal(record.Entry{Position: p, Action: a})
	if err != nil {
		return err
	}
	_, err = w.Write(append(line, '\n'))
	return err
}

// Answers are the answers of an answers file, each checked against the
// rules as a one-decision game record.
type Answers struct {
	Entries []record.Entry
	// Cut is why the last line was left out, when it has no newline and
	// its JSON stops before its end: an answer whose write a crash cut
	// short (as record.Record.Cut). nil when every line was read.
	Cut *record.Error
}

// Warning says, when the last line was left out (Cut), which it was and
// that the answers before it are kept; "" when every line was read.
func (a *Answers) Warning() string {
	if a.Cut == nil {
		return ""
	}
	return fmt.Sprintf("%v: the last line is left out, cut short as by a crash while it was written; the %d %s before it are kept",
		a.Cut, len(a.Entries), engine.Plural(len(a.Entries), "answer", "answers"))
}

// ReadAnswers reads and checks an answers file; name is the file's name
// for the errors, which give the line. Each line is read as a record of
// one decision (record.ReadAlone): blank lines skipped, a last line with
// no newline whose JSON stops before its end left out (Cut), any other
// bad line refusing the file. A file with no answers is refused.
func ReadAnswers(r io.Reader, name string) (*Answers, error) {
	rec, err := record.ReadAlone(r, name, "no answers in the file")
	if err != nil {
		return nil, err
	}
	return &Answers{Entries: rec.Entries, Cut: rec.Cut}, nil
}
