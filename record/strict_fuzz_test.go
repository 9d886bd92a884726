package record

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzRead reads arbitrary records: never a panic, and a record that is
// accepted, written back line by line, reads back the same.
func FuzzRead(f *testing.F) {
	for _, line := range good {
		f.Add(line)
	}
	f.Add(strings.Replace(good[0], `"turn":1,`, `"turn":1,"turn":1,`, 1))
	f.Add(strings.Replace(good[0], `"game":`, `"Game":`, 1))
	f.Add(good[0] + "]")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := Read(strings.NewReader(text), "f.jsonl")
		if err != nil {
			return
		}
		if len(rec.Entries) == 0 {
			t.Fatal("a record with no decisions was accepted")
		}
		var lines []string
		for _, e := range rec.Entries {
			b, err := json.Marshal(e.Decision())
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, string(b))
		}
		back, err := Read(strings.NewReader(strings.Join(lines, "\n")), "back.jsonl")
		if err != nil || len(back.Entries) != len(rec.Entries) {
			t.Fatalf("written back, the record %q does not read back: %v", lines, err)
		}
	})
}
