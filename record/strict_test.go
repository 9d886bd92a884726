package record

import (
	"strings"
	"testing"
)

// TestReadStrictJSON checks that a record line is read as written: each
// field once, named exactly, and nothing after the object.
func TestReadStrictJSON(t *testing.T) {
	line := good[0]
	for _, tc := range []struct{ name, line, want string }{
		{"duplicate field", strings.Replace(line, `"turn":1,`, `"turn":1,"turn":2,`, 1), `field "turn" given twice`},
		{"upper-case field", strings.Replace(line, `"game":`, `"GAME":`, 1), `unknown field "GAME": field names are case-exact (game, options,`},
		{"mixed-case field", strings.Replace(line, `"rolls_left":`, `"Rolls_Left":`, 1), "case-exact"},
		{"duplicate action field", strings.Replace(line, `{"keep":[1,1]}`, `{"keep":[1,1],"keep":[]}`, 1), `action: bad JSON: field "keep" given twice`},
		{"upper-case action", strings.Replace(line, `{"keep":[1,1]}`, `{"Keep":[1,1]}`, 1), `unknown field "Keep": field names are case-exact (keep, score, cross)`},
		{"trailing bracket", line + "]", "more than one value on the line"},
		{"trailing brace", line + "}", "more than one value on the line"},
		{"second object", line + " {}", "more than one value on the line"},
		{"not an object", "[1,2]", "not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.line+"\n"), "r.jsonl")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "r.jsonl:1: ") {
				t.Errorf("error %v, want r.jsonl:1: ... %q", err, tc.want)
			}
		})
	}
	if _, err := Read(strings.NewReader(strings.Join(good, "\n")+"\n"), "r.jsonl"); err != nil {
		t.Errorf("the good record: %v", err)
	}
}
