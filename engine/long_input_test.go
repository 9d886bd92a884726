package engine

import (
	"strings"
	"testing"
)

// TestLongInputQuoted checks that every message about an input of 5000
// bytes quotes at most its first 40, whatever the input is.
func TestLongInputQuoted(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("q", 5000)
	yahtzee, _ := New("yahtzee", Options{})
	school, _ := New("school", Options{Columns: 1})
	for _, tc := range []struct {
		name string
		err  func() error
	}{
		{"game", func() error { _, err := New(long, Options{}); return err }},
		{"option item", func() error { _, err := ParseOptions(long); return err }},
		{"option value", func() error { _, err := ParseOptions("columns=" + long); return err }},
		{"subset", func() error { _, err := yahtzee.Subset(long); return err }},
		{"subset twice", func() error { _, err := yahtzee.Subset("ones", "ones"); return err }},
		{"taken", func() error { _, err := New("school", Options{Columns: 1, Taken: long}); return err }},
		{"sheet twice", func() error { _, err := ParseSheet(yahtzee, long+"=1,"+long+"=1"); return err }},
		{"JSON sheet value", func() error { _, err := ParseSheetJSON(yahtzee, []byte(`{"ones":"`+long+`"}`)); return err }},
		{"JSON sheet number", func() error {
			_, err := ParseSheetJSON(yahtzee, []byte(`{"ones":1`+strings.Repeat("0", 5000)+`}`))
			return err
		}},
		{"JSON sheet twice", func() error {
			_, err := ParseSheetJSON(yahtzee, []byte(`{"`+long+`":1,"`+long+`":1}`))
			return err
		}},
		{"JSON school sheet", func() error { _, err := school.ParseSchoolSheetJSON([]byte(`{"` + long + `":1}`)); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.err()
			if err == nil {
				t.Fatal("no error")
			}
			if msg := err.Error(); len(msg) > 300 || strings.Contains(msg, strings.Repeat("q", 41)) || strings.Contains(msg, strings.Repeat("0", 41)) {
				t.Errorf("message of %d bytes: %.300s", len(msg), msg)
			}
		})
	}
}
