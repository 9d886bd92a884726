package record

import (
	"encoding/json"
	"io"

	"dicepoker/coach"
)

// Writer writes a record a decision at a time, each line in one write, so
// that a game cut short keeps every decision made so far.
type Writer struct {
	w   io.Writer
	rec Record
}

// NewWriter returns a writer of a new record to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write checks the decision to take action a in position p as Read would,
// then writes its line.
func (w *Writer) Write(p coach.Position, a coach.Action) error {
	d := Entry{Position: p, Action: a}.Decision()
	if err := w.rec.Add(d, len(w.rec.Entries)+1); err != nil {
		return err
	}
	line, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = w.w.Write(append(line, '\n'))
	return err
}

// Record returns the decisions written so far, as Read would return them.
func (w *Writer) Record() *Record { return &w.rec }
