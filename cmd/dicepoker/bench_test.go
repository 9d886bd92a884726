package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteOutliers checks that the school check lists just the sheets
// beyond 10 points of the games' interval, each with the advise flags
// that reproduce it.
func TestWriteOutliers(t *testing.T) {
	t.Parallel()
	cases := []checkCase{
		{Source: "greedy", Sheet: "sum=22", Dice: []int{3, 3, 5, 5, 6}, Advised: 950, Played: 930, CI95: 9, Excess: 11},
		{Source: "advisor", Sheet: "pair=12", Dice: []int{1, 2, 3, 4, 5}, Advised: 1000, Played: 995, CI95: 9, Excess: 0},
		{Source: "hand-made", Sheet: "ones=0,twos=0", Dice: []int{6, 6, 6, 6, 6}, Advised: 900, Played: 930, CI95: 10, Excess: 20},
	}
	for _, tc := range []struct {
		name  string
		cases []checkCase
		want  []string
	}{
		{"none beyond", cases[1:2], nil},
		{"two beyond", cases, []string{
			`  greedy                 950.0, 930.0 ± 9.0, 11.0; --sheet "sum=22" --dice 3,3,5,5,6`,
			`  hand-made              900.0, 930.0 ± 10.0, 20.0; --sheet "ones=0,twos=0" --dice 6,6,6,6,6`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			writeOutliers(&b, tc.cases)
			if tc.want == nil {
				if b.Len() != 0 {
					t.Fatalf("wrote %q, want nothing", b.String())
				}
				return
			}
			lines := strings.Split(strings.TrimSpace(b.String()), "\n")
			if len(lines) != len(tc.want)+1 {
				t.Fatalf("wrote %d lines, want %d:\n%s", len(lines), len(tc.want)+1, b.String())
			}
			for i, w := range tc.want {
				if lines[i+1] != w {
					t.Errorf("line %d = %q, want %q", i+1, lines[i+1], w)
				}
			}
		})
	}
}
