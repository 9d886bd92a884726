package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"dicepoker/coach"
	"dicepoker/engine"
)

// Record is a game record whose every line has been checked: one game,
// its decisions in order.
type Record struct {
	Game    *engine.Game // nil until the first decision
	Entries []Entry
	// Cut is why the record's last line was left out, when that line has
	// no newline and its JSON stops before its end: a decision whose
	// write a crash cut short. nil when every line was read.
	Cut *Error
}

// Warning says, when Read left the last line out (Cut), which it was and
// that the decisions before it are kept; "" when every line was read.
func (r *Record) Warning() string {
	if r.Cut == nil {
		return ""
	}
	return fmt.Sprintf("%v: the last line is left out, cut short as by a crash while it was written; the %d %s before it are kept",
		r.Cut, len(r.Entries), engine.Plural(len(r.Entries), "decision", "decisions"))
}

// Final returns the sheet after the last decision: the last decision's
// move when it wrote a box, else its sheet. It is nil for an empty record.
func (r *Record) Final() coach.Sheet {
	if len(r.Entries) == 0 {
		return nil
	}
	e := r.Entries[len(r.Entries)-1]
	if e.Action.Box == "" {
		return e.Position.Sheet
	}
	m, err := coach.Check(e.Position, e.Action)
	if err != nil { // checked when added
		return e.Position.Sheet
	}
	return m.Next
}

// ErrUnfinished is why a line whose JSON stops before its end is refused,
// or, the last line with no newline, left out (Record.Cut).
var ErrUnfinished = errors.New("bad JSON: the line ends before its JSON does")

// maxLine is the longest line Read accepts.
const maxLine = 1 << 16

// Read reads and checks a record; name is the file's name for the errors,
// which are *Error values giving the line: "game.jsonl:7: ...". Blank lines
// are skipped. A record with no decisions is refused. A last line with no
// newline whose JSON stops before its end, a decision a crash cut short,
// is left out, and Cut says so; any other bad line refuses the record.
func Read(r io.Reader, name string) (*Record, error) {
	return read(r, name, &Record{}, false, "no decisions in the record")
}

// ReadOf is Read for a record of game g, which may come from a game file
// whose name engine.New does not know: the lines that name g's name and
// options are of g, and any other line refuses the record.
func ReadOf(r io.Reader, name string, g *engine.Game) (*Record, error) {
	return read(r, name, &Record{Game: g}, false, "no decisions in the record")
}

// ReadAlone reads and checks a file of decisions that stand each alone,
// a line each (a quiz's answers): each is checked as a record's first
// decision is, of its own game, none following the one before. Blank
// lines, long lines and a last line cut short are as Read's; a file with
// no decision is refused with the error none. The Record's Game is nil.
func ReadAlone(r io.Reader, name, none string) (*Record, error) {
	return read(r, name, &Record{}, true, none)
}

// read is Read into rec, which may know its game already; alone reads
// each line as ReadAlone does, and none is the error of no decision.
func read(r io.Reader, name string, rec *Record, alone bool, none string) (*Record, error) {
	end := &lastByte{r: r}
	sc := bufio.NewScanner(end)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	line := 0
	var cut *Error // a line whose JSON stops early: the last, or an error
	for sc.Scan() {
		if cut != nil { // a line follows it: it was not cut short
			return nil, cut
		}
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		d, err := decode(text)
		if err == nil && alone {
			one := &Record{} // a record of its own: any game, no decision before it
			if err = one.add(d, line); err == nil {
				rec.Entries = append(rec.Entries, one.Entries[0])
			}
		} else if err == nil {
			err = rec.add(d, line)
		}
		if err != nil && unfinished(text) {
			cut = &Error{name, line, ErrUnfinished}
		} else if err != nil {
			return nil, &Error{name, line, err}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than %d bytes", maxLine)
		}
		return nil, &Error{name, line + 1, err}
	}
	if cut != nil && (end.last == '\n' || len(rec.Entries) == 0) {
		return nil, cut
	}
	if len(rec.Entries) == 0 {
		return nil, &Error{name, 0, errors.New(none)}
	}
	rec.Cut = cut
	return rec, nil
}

// unfinished reports whether the JSON of a line stops before its value
// ends, as a line cut short does.
func unfinished(text []byte) bool {
	var v json.RawMessage
	return errors.Is(json.NewDecoder(bytes.NewReader(text)).Decode(&v), io.ErrUnexpectedEOF)
}

// lastByte is a reader that remembers the last byte read through it.
type lastByte struct {
	r    io.Reader
	last byte
}

func (l *lastByte) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if n > 0 {
		l.last = p[n-1]
	}
	return n, err
}

// add checks decision d, read from the given line, against the rules and
// against the decision before it, and appends it to the record.
func (r *Record) add(d decision, line int) error {
	e, err := r.entry(d)
	if err != nil {
		return err
	}
	if len(r.Entries) > 0 {
		if err := r.follows(&e); err != nil {
			return err
		}
	}
	if _, err := coach.Check(e.Position, e.Action); err != nil {
		return err
	}
	e.Line = line
	r.Entries = append(r.Entries, e)
	return nil
}

// entry checks d on its own and returns its position and action.
func (r *Record) entry(d decision) (Entry, error) {
	g, err := r.game(d)
	if err != nil {
		return Entry{}, err
	}
	sheet, err := coach.ParseSheet(g, d.Sheet)
	if err != nil {
		return Entry{}, err
	}
	if d.Turn != sheet.Turn() {
		return Entry{}, fmt.Errorf("turn %d, but the sheet is before turn %d", d.Turn, sheet.Turn())
	}
	if len(d.Dice) != g.Dice {
		return Entry{}, fmt.Errorf("dice %v: need exactly %d dice", d.Dice, g.Dice)
	}
	dice, err := engine.FromDice(d.Dice...)
	if err != nil {
		return Entry{}, fmt.Errorf("dice %v: %v", d.Dice, err)
	}
	if d.RollsLeft < 0 || d.RollsLeft >= g.Rolls {
		return Entry{}, fmt.Errorf("rolls_left %d: %s allows 0..%d rerolls after the first roll", d.RollsLeft, g.Name, g.Rolls-1)
	}
	a := coach.Action{Box: d.Action.Score}
	if d.Action.Cross != "" {
		a = coach.Action{Box: d.Action.Cross, Cross: true}
	}
	if c := g.Category(a.Box); c >= 0 {
		a.Box = g.Categories[c].Name // an old name reads as the box's name
	}
	if a.Box == "" {
		if a.Keep, err = engine.FromDice(d.Action.Keep...); err != nil {
			return Entry{}, fmt.Errorf("keep %v: %v", d.Action.Keep, err)
		}
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: d.RollsLeft, Fresh: d.RollsLeft == g.Rolls-1}
	return Entry{Position: p, Action: a}, nil
}

// game returns the game of d: the first line's, which every line repeats.
func (r *Record) game(d decision) (*engine.Game, error) {
	if r.Game != nil && d.Game == r.Game.Name && d.Options == r.Game.Options.String() {
		return r.Game, nil // a game a Writer was given, perhaps from a game file
	}
	opts, err := engine.ParseOptions(d.Options)
	if err != nil {
		return nil, err
	}
	g, err := engine.New(d.Game, opts)
	if err != nil {
		return nil, err
	}
	if r.Game == nil {
		r.Game = g
		return g, nil
	}
	if g.Name != r.Game.Name || g.Options != r.Game.Options {
		return nil, fmt.Errorf("game %s, but the record is of %s: a record holds one game", describe(g), describe(r.Game))
	}
	return r.Game, nil
}

// follows checks that e comes right after the record's last decision, and
// works out whether e's dice are a fresh roll of all five.
func (r *Record) follows(e *Entry) error {
	prev := r.Entries[len(r.Entries)-1]
	p, q := &e.Position, prev.Position
	if prev.Action.Box != "" {
		m, err := coach.Check(q, prev.Action)
		switch {
		case err != nil:
			return err
		case m.Next.Over():
			return fmt.Errorf("the game ended on line %d", prev.Line)
		case p.Sheet.String() != m.Next.String():
			return fmt.Errorf("sheet %q does not follow line %d, which leaves %q", p.Sheet, prev.Line, m.Next)
		case p.RollsLeft != p.Game.Rolls-1:
			return fmt.Errorf("rolls_left %d: a new turn starts with %d", p.RollsLeft, p.Game.Rolls-1)
		}
		p.Fresh = true
		return nil
	}
	switch {
	case p.Sheet.String() != q.Sheet.String():
		return fmt.Errorf("sheet %q: line %d rerolled in the same turn with sheet %q", p.Sheet, prev.Line, q.Sheet)
	case p.RollsLeft != q.RollsLeft-1:
		return fmt.Errorf("rolls_left %d: line %d rerolled with %d left, so %d are left now", p.RollsLeft, prev.Line, q.RollsLeft, q.RollsLeft-1)
	case !p.Dice.Contains(prev.Action.Keep):
		return fmt.Errorf("dice %v do not hold the dice kept on line %d, %v", p.Dice.Dice(), prev.Line, prev.Action.Keep.Dice())
	}
	p.Fresh = prev.Action.Keep.Size() == 0
	return nil
}

func describe(g *engine.Game) string {
	if o := g.Options.String(); o != "" {
		return g.Name + " (" + o + ")"
	}
	return g.Name
}
