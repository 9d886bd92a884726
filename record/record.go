// Package record reads and writes game records: a game as it was played,
// in JSON Lines, one object per decision:
//
//	{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,3,3,5,6],"rolls_left":2,"action":{"keep":[3,3]}}
//	{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[2,3,3,3,4],"rolls_left":1,"action":{"score":"threes"}}
//
// game and options name the rules (options as "dicepoker solve" writes
// them, "" for the defaults); sheet is the sheet before the decision in
// the notation of advise --sheet, so that a line can be pasted into
// advise; dice are face numbers 1..6; rolls_left the rerolls still
// allowed; action either {"keep": [...]} (the dice kept; [] rerolls all
// five), {"score": "box"} or, for school, {"cross": "row"} (a combination
// cell crossed out). turn is the turn number, from 1.
//
// Reading checks every line against the rules, and each line against the
// one before it: a record holds one game, in order.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
)

// decision is one line of a record as it is read, before it is checked
// against the rules (Record.add).
type decision struct {
	Game      string `json:"game"`
	Options   string `json:"options"`
	Turn      int    `json:"turn"`
	Sheet     string `json:"sheet"`
	Dice      []int  `json:"dice"`
	RollsLeft int    `json:"rolls_left"`
	Action    action `json:"action"`
}

// action is a decision's action as it is read: the dice kept for a
// reroll, the box the dice are written in when Score is not "", or the
// school row crossed out when Cross is not "". Written, it is a
// coach.Action.
type action struct {
	Keep  []int
	Score string
	Cross string
}

// UnmarshalJSON reads an object with exactly one of "keep", "score" and
// "cross".
func (a *action) UnmarshalJSON(data []byte) error {
	var raw struct {
		Keep  *[]int  `json:"keep"`
		Score *string `json:"score"`
		Cross *string `json:"cross"`
	}
	if err := strict(data, &raw); err != nil {
		return fmt.Errorf("action: %v", err)
	}
	given := 0
	for _, set := range []bool{raw.Keep != nil, raw.Score != nil, raw.Cross != nil} {
		if set {
			given++
		}
	}
	switch {
	case given != 1:
		return errors.New(`action: want exactly one of {"keep": [dice]}, {"score": "box"} and {"cross": "row"}`)
	case raw.Score != nil && *raw.Score == "":
		return errors.New(`action: "score" names no box`)
	case raw.Cross != nil && *raw.Cross == "":
		return errors.New(`action: "cross" names no row`)
	case raw.Score != nil:
		*a = action{Score: *raw.Score}
	case raw.Cross != nil:
		*a = action{Cross: *raw.Cross}
	default:
		*a = action{Keep: *raw.Keep}
	}
	return nil
}

// decode reads one line, refusing unknown fields and missing ones.
func decode(line []byte) (decision, error) {
	var raw struct {
		Game      *string `json:"game"`
		Options   *string `json:"options"`
		Turn      *int    `json:"turn"`
		Sheet     *string `json:"sheet"`
		Dice      *[]int  `json:"dice"`
		RollsLeft *int    `json:"rolls_left"`
		Action    *action `json:"action"`
	}
	if err := strict(line, &raw); err != nil {
		return decision{}, err
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{
		{"game", raw.Game == nil}, {"turn", raw.Turn == nil}, {"sheet", raw.Sheet == nil},
		{"dice", raw.Dice == nil}, {"rolls_left", raw.RollsLeft == nil}, {"action", raw.Action == nil},
	} {
		if f.missing {
			return decision{}, fmt.Errorf("missing %q", f.name)
		}
	}
	d := decision{Game: *raw.Game, Turn: *raw.Turn, Sheet: *raw.Sheet, Dice: *raw.Dice, RollsLeft: *raw.RollsLeft, Action: *raw.Action}
	if raw.Options != nil {
		d.Options = *raw.Options
	}
	return d, nil
}

// strict decodes one JSON value, refusing unknown fields and trailing data.
func strict(data []byte, v any) error {
	if err := exactKeys(data, v); err != nil {
		return fmt.Errorf("bad JSON: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("bad JSON: more than one value on the line")
	}
	return nil
}

// exactKeys checks the keys of the JSON object data against the fields of
// the struct v points to, which encoding/json matches case-blind and lets
// repeat: each key must be a field's name exactly, and given once.
func exactKeys(data []byte, v any) error {
	fields := map[string]bool{}
	var names []string
	t := reflect.TypeOf(v).Elem()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		fields[name], names = true, append(names, name)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("not a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string) // object keys are strings
		switch {
		case !fields[key] && fields[strings.ToLower(key)]:
			return fmt.Errorf("json: unknown field %s: field names are case-exact (%s)", engine.Quote(key), strings.Join(names, ", "))
		case !fields[key]:
			return fmt.Errorf("json: unknown field %s", engine.Quote(key))
		case seen[key]:
			return fmt.Errorf("field %q given twice", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// Entry is one decision checked against the rules: the position and the
// action taken in it.
type Entry struct {
	Line     int // the line of the record, from 1
	Position coach.Position
	Action   coach.Action
}

// MarshalJSON writes the line that records e.
func (e Entry) MarshalJSON() ([]byte, error) {
	p := e.Position
	return json.Marshal(struct {
		Game      string       `json:"game"`
		Options   string       `json:"options"`
		Turn      int          `json:"turn"`
		Sheet     string       `json:"sheet"`
		Dice      []int        `json:"dice"`
		RollsLeft int          `json:"rolls_left"`
		Action    coach.Action `json:"action"`
	}{p.Game.Name, p.Game.Options.String(), p.Sheet.Turn(), p.Sheet.String(), p.Dice.Dice(), p.RollsLeft, e.Action})
}

// Error is a record that cannot be read: the file, the line and why.
type Error struct {
	Name string // the file, as the reader was told
	Line int    // from 1; 0 for the record as a whole
	Err  error
}

// Error writes "name:line: why", or "name: why" for the record as a whole.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

// Unwrap returns why the record was refused.
func (e *Error) Unwrap() error { return e.Err }
