package record

import (
	"encoding/json"
	"strings"
	"testing"
)

// schoolGood is a one-column school record: a reroll of all five (fresh),
// a fresh pair crossed out, then a new turn closing twos with the
// reserve's help, 2 of the 3 that threes put in it.
var schoolGood = []string{
	`{"game":"school","options":"columns=1","turn":2,"sheet":"threes=x,reserve=3","dice":[1,2,3,4,6],"rolls_left":2,"action":{"keep":[]}}`,
	`{"game":"school","options":"columns=1","turn":2,"sheet":"threes=x,reserve=3","dice":[2,2,4,5,6],"rolls_left":1,"action":{"cross":"pair"}}`,
	`{"game":"school","options":"columns=1","turn":3,"sheet":"threes=x,pair=-,reserve=3","dice":[1,2,2,4,6],"rolls_left":2,"action":{"score":"twos"}}`,
}

func TestReadSchool(t *testing.T) {
	rec, err := Read(strings.NewReader(strings.Join(schoolGood, "\n")), "s.jsonl")
	if err != nil {
		t.Fatalf("the good school record: %v", err)
	}
	fresh := []bool{true, true, true}
	for i, e := range rec.Entries {
		if e.Position.Fresh != fresh[i] {
			t.Errorf("line %d: fresh %v, want %v", e.Line, e.Position.Fresh, fresh[i])
		}
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := decode(line); err != nil || d.Sheet != e.Position.Sheet.String() || d.Action.Cross != "" != e.Action.Cross {
			t.Errorf("line %d: decision %s read back as %+v (%v)", e.Line, line, d, err)
		}
	}
	if a := rec.Entries[1].Action; a.Box != "pair" || !a.Cross {
		t.Errorf("line 2: action %+v, want a cross of pair", a)
	}
	// threes closed alone in its one column: its row bonus, 15; the reserve, 1.
	if f := rec.Final(); f.String() != "twos=r,threes=x,pair=-,reserve=1" || f.Score() != 15+1 || f.Turn() != 4 {
		t.Errorf("final sheet %q, score %d, turn %d", f, f.Score(), f.Turn())
	}
	for _, c := range []struct {
		line int
		text string
		want string // the error, after "s.jsonl:"
	}{
		// The reroll of all five was fresh: the pair scores double, 8.
		{2, strings.Replace(schoolGood[1], `"cross":"pair"`, `"score":"pair"`, 1), `3: sheet "threes=x,pair=-,reserve=3" does not follow line 2, which leaves "threes=x,pair=8,reserve=3"`},
		{2, strings.Replace(schoolGood[1], `"cross":"pair"`, `"cross":"twos"`, 1), "2: twos is a School row: its cells close or take a zero, they cannot be crossed out"},
		{2, strings.Replace(schoolGood[1], `"cross":"pair"`, `"score":"four-of-a-kind"`, 1), "2: 2 2 4 5 6 scores nothing in four-of-a-kind: the cell can only be crossed out"},
		{2, strings.Replace(schoolGood[1], `"cross":"pair"`, `"score":"threes"`, 1), "2: threes is filled in every column already"},
		{2, strings.Replace(schoolGood[1], `"cross":"pair"`, `"cross":"chance"`, 1), `2: school has no row "chance"`},
		{1, strings.Replace(schoolGood[0], `reserve=3"`, `reserve=4"`, 1), "1: sheet: a reserve of 4 cannot come from these School cells"},
		{1, strings.Replace(schoolGood[0], `threes=x`, `threes=7`, 1), `1: sheet: threes=7: column 1: "7": a School cell is x`},
		{1, strings.Replace(schoolGood[0], `"turn":2`, `"turn":1`, 1), "1: turn 1, but the sheet is before turn 2"},
		{1, strings.Replace(schoolGood[0], `"columns=1"`, `"columns=6"`, 1), "1: "},
		{3, strings.Replace(schoolGood[2], `pair=-,`, `pair=4,`, 1), `3: sheet "threes=x,pair=4,reserve=3" does not follow line 2, which leaves "threes=x,pair=-,reserve=3"`},
		{3, strings.Replace(schoolGood[2], `"options":"columns=1"`, `"options":""`, 1), "3: game school, but the record is of school (columns=1)"},
	} {
		t.Run(c.want, func(t *testing.T) {
			lines := append([]string{}, schoolGood...)
			lines[c.line-1] = c.text
			_, err := Read(strings.NewReader(strings.Join(lines, "\n")+"\n"), "s.jsonl")
			if err == nil || !strings.HasPrefix(err.Error(), "s.jsonl:"+c.want) {
				t.Errorf("line %d = %.70s...: error %v, want s.jsonl:%s", c.line, c.text, err, c.want)
			}
		})
	}
}
