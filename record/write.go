package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"dicepoker/coach"
)

// Writer writes a record a decision at a time, each line in one write, so
// that a game cut short keeps every decision made so far.
type Writer struct {
	w   io.Writer
	rec Record
	// starts[i] is the offset in w of entry i's line, size the bytes in w,
	// for Undo to cut the last line off.
	starts []int64
	size   int64
}

// NewWriter returns a writer of a new record to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Continue returns a writer that goes on with rec, read from data (the
// record file's bytes, which w writes after), as when a game is resumed.
// A last line that rec left out (rec.Cut) is cut off the file, as Undo
// cuts one; a last decision whose newline is missing gets it.
func Continue(w io.Writer, rec *Record, data []byte) (*Writer, error) {
	wr := &Writer{w: w, rec: *rec, size: int64(len(data))}
	wr.rec.Entries, wr.rec.Cut = append([]Entry(nil), rec.Entries...), nil
	for at := 0; at < len(data); {
		end := bytes.IndexByte(data[at:], '\n') + 1
		if end == 0 {
			end = len(data) - at
		}
		if len(bytes.TrimSpace(data[at:at+end])) > 0 {
			wr.starts = append(wr.starts, int64(at))
		}
		at += end
	}
	lines := len(rec.Entries)
	if rec.Cut != nil {
		lines++
	}
	if len(wr.starts) != lines {
		return nil, fmt.Errorf("the record's %d lines do not match its %d decisions", len(wr.starts), len(rec.Entries))
	}
	if rec.Cut != nil {
		at := wr.starts[lines-1]
		if err := wr.cut(at); err != nil {
			return nil, err
		}
		wr.starts, wr.size = wr.starts[:lines-1], at
	}
	if wr.size > 0 && data[wr.size-1] != '\n' {
		n, err := w.Write([]byte{'\n'})
		wr.size += int64(n)
		if err != nil {
			return nil, err
		}
	}
	return wr, nil
}

// Write checks the decision to take action a in position p as Read would,
// then writes its line.
func (w *Writer) Write(p coach.Position, a coach.Action) error {
	line, err := json.Marshal(Entry{Position: p, Action: a})
	if err != nil {
		return err
	}
	if w.rec.Game == nil {
		// The position's own game: one of a game file has no name that
		// engine.New knows.
		w.rec.Game = p.Game
	}
	d, err := decode(line)
	if err == nil {
		err = w.rec.add(d, len(w.rec.Entries)+1)
	}
	if err != nil {
		return err
	}
	w.starts = append(w.starts, w.size)
	n, err := w.w.Write(append(line, '\n'))
	w.size += int64(n)
	return err
}

// Undo takes back the last decision: it leaves the record and cuts its
// line off the file, which must be an *os.File (or have Truncate and
// Seek), and returns it.
func (w *Writer) Undo() (Entry, error) {
	n := len(w.rec.Entries)
	if n == 0 {
		return Entry{}, errors.New("no decision to take back")
	}
	at := w.starts[n-1]
	if err := w.cut(at); err != nil {
		return Entry{}, err
	}
	e := w.rec.Entries[n-1]
	w.rec.Entries, w.starts, w.size = w.rec.Entries[:n-1], w.starts[:n-1], at
	if n == 1 {
		w.rec.Game = nil
	}
	return e, nil
}

// Record returns the decisions written so far, as Read would return them.
func (w *Writer) Record() *Record { return &w.rec }

// cut cuts the file off at offset at, for the next line to be written
// there: w must be an *os.File (or have Truncate and Seek).
func (w *Writer) cut(at int64) error {
	f, ok := w.w.(interface {
		Truncate(int64) error
		io.Seeker
	})
	if !ok {
		return errors.New("the record cannot be cut short")
	}
	if err := f.Truncate(at); err != nil {
		return err
	}
	_, err := f.Seek(at, io.SeekStart)
	return err
}
