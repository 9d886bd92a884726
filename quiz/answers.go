package quiz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
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
// for the errors, which give the line. Blank lines are skipped. Each line
// is read as record.Read reads a record of one decision; a last line with
// no newline whose JSON stops before its end is left out (Cut), any other
// bad line refuses the file. A file with no answers is refused.
func ReadAnswers(r io.Reader, name string) (*Answers, error) {
	br := bufio.NewReader(r)
	out := &Answers{}
	for line := 1; ; line++ {
		text, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, &record.Error{Name: name, Line: line, Err: err}
		}
		if len(text) > maxAnswerLine {
			return nil, &record.Error{Name: name, Line: line, Err: fmt.Errorf("line longer than %d bytes", maxAnswerLine)}
		}
		last := err == io.EOF
		if len(bytes.TrimSpace(text)) > 0 {
			rec, rerr := record.Read(bytes.NewReader(text), name)
			var re *record.Error
			switch {
			case rerr == nil:
				e := rec.Entries[0]
				e.Line = line
				out.Entries = append(out.Entries, e)
			case last && errors.Is(rerr, record.ErrUnfinished):
				out.Cut = &record.Error{Name: name, Line: line, Err: record.ErrUnfinished}
			case errors.As(rerr, &re):
				return nil, &record.Error{Name: name, Line: line, Err: re.Err}
			default:
				return nil, rerr
			}
		}
		if last {
			break
		}
	}
	if len(out.Entries) == 0 {
		if out.Cut != nil {
			return nil, out.Cut
		}
		return nil, &record.Error{Name: name, Err: errors.New("no answers in the file")}
	}
	return out, nil
}

// maxAnswerLine is the longest line ReadAnswers accepts.
const maxAnswerLine = 1 << 16
