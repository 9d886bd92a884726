package record

import (
	"strings"
	"testing"
)

// TestOldBoxNamesRead checks that a record written before the boxes of one
// concept got one name still reads: its sheets and moves with the old
// names read as the new ones, and the record's lines still follow.
func TestOldBoxNamesRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, record, box, final string
	}{
		{"poker-dice two-pair", strings.Join([]string{
			`{"game":"poker-dice","turn":12,"sheet":"aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0","dice":[1,1,2,2,3],"rolls_left":0,"action":{"score":"two-pair"}}`,
			`{"game":"poker-dice","turn":13,"sheet":"aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0","dice":[2,3,4,5,6],"rolls_left":1,"action":{"score":"straight"}}`,
		}, "\n"), "two-pairs", "two-pairs=2"},
		{"yatzy one-pair", strings.Join([]string{
			`{"game":"yatzy","turn":1,"sheet":"","dice":[6,6,1,2,3],"rolls_left":0,"action":{"score":"one-pair"}}`,
			`{"game":"yatzy","turn":2,"sheet":"one-pair=12","dice":[1,2,3,4,5],"rolls_left":2,"action":{"score":"small-straight"}}`,
		}, "\n"), "pair", "pair=12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec, err := Read(strings.NewReader(tc.record+"\n"), "old.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.Entries[0].Action.Box; got != tc.box {
				t.Errorf("first move writes %q, want %q", got, tc.box)
			}
			if final := rec.Final().String(); !strings.Contains(final, tc.final) {
				t.Errorf("final sheet %q, want it to hold %q", final, tc.final)
			}
		})
	}
}
