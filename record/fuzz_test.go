package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
)

// FuzzRead reads records of any bytes. A record it accepts must hold one
// line a decision, each decision legal in its position, and write back as
// lines that it reads again as the same decisions; a record it refuses
// gets an *Error. Its seed corpus is in testdata/fuzz; "go test
// -fuzz=FuzzRead ./record" runs it for longer.
func FuzzRead(f *testing.F) {
	f.Add([]byte(strings.Join(good, "\n")))
	f.Add([]byte(strings.Join(schoolGood, "\n") + "\n"))
	f.Add([]byte("\n" + good[0] + "\n\n" + good[1]))
	f.Add([]byte(`{"game":"yahtzee","options":"taken=twos","turn":1,"sheet":"","dice":[1,2,3,4,5],"rolls_left":2,"action":{"keep":[]}}`))
	f.Add([]byte(`{"game":"school","options":"columns=1,taken=twos+pair","turn":1,"sheet":"","dice":[1,2,3,4,5],"rolls_left":2,"action":{"keep":[]}}`))
	f.Add([]byte("{}"))
	// Strict reading: a field twice, a field in another case, something
	// after the object.
	f.Add([]byte(strings.Replace(good[0], `"turn":1,`, `"turn":1,"turn":1,`, 1)))
	f.Add([]byte(strings.Replace(good[0], `"game":`, `"Game":`, 1)))
	f.Add([]byte(good[0] + "]"))
	// A last line cut short by a crash, which is left out; the same line
	// with its newline, or in the middle, which refuses the record.
	f.Add([]byte(good[0] + "\n" + good[1][:len(good[1])/2]))
	f.Add([]byte(good[0] + "\n" + good[1][:len(good[1])/2] + "\n"))
	f.Add([]byte(good[0][:len(good[0])/2] + "\n" + good[1]))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data), "f.jsonl")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "f.jsonl:") {
				t.Fatalf("error %q is not a record error naming the file", err)
			}
			return
		}
		lines := 0
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		if rec.Cut != nil {
			if data[len(data)-1] == '\n' || !unfinished(bytes.TrimSpace(data[bytes.LastIndexByte(data, '\n')+1:])) {
				t.Fatalf("%v: a line left out that is not the last or not cut short", rec.Cut)
			}
			lines--
		}
		if len(rec.Entries) != lines {
			t.Fatalf("%d entries for %d lines", len(rec.Entries), lines)
		}
		var out bytes.Buffer
		for _, e := range rec.Entries {
			p := e.Position
			if p.Game != rec.Game || p.RollsLeft < 0 || p.RollsLeft >= p.Game.Rolls || p.Dice.Size() != engine.Dice {
				t.Fatalf("line %d: position %+v of %s", e.Line, p, rec.Game.Name)
			}
			if _, err := coach.Check(p, e.Action); err != nil {
				t.Fatalf("line %d: an illegal action was read: %v", e.Line, err)
			}
			line, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(append(line, '\n'))
		}
		again, err := Read(&out, "again.jsonl")
		if err != nil {
			t.Fatalf("the record written back is refused: %v\n%s", err, out.Bytes())
		}
		if again.Game.Fingerprint() != rec.Game.Fingerprint() || len(again.Entries) != len(rec.Entries) {
			t.Fatalf("the record written back reads as another game or length")
		}
		for i, e := range again.Entries {
			got, _ := json.Marshal(e)
			if want, _ := json.Marshal(rec.Entries[i]); !bytes.Equal(got, want) {
				t.Fatalf("line %d reads back as %s, want %s", i+1, got, want)
			}
		}
	})
}
