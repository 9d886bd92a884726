package main

import (
	"strings"
	"testing"
)

// TestBadInput checks that bad input gets one line naming the trouble and
// status 2.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"reserve beyond the sheet", []string{"score", "--game", "school", "--dice", "11111", "--reserve", "127"},
			"--reserve 127: a sheet of 3 columns holds at most 126"},
		{"reserve beyond one column", []string{"score", "--game", "school", "--columns", "1", "--dice", "11111", "--reserve", "43"},
			"at most 42"},
		{"school r before a reserve", []string{"advise", "--game", "school", "--sheet", "ones=r/x", "--dice", "11111"},
			"in no order of these cells was there a reserve to pay it"},
		{"school taken twice", []string{"advise", "--game", "school", "--sheet", "taken=ones+ones", "--dice", "11111"},
			"taken: ones is given twice"},
		{"impossible yahtzee bonus", []string{"advise", "--sheet", "yahtzee=50,ones=3,yahtzee-bonus=100", "--dice", "11111"},
			"yahtzee-bonus=100 is paid for 1 five-alike after the one in yahtzee, but only 0 of the filled boxes"},
		{"forced joker forbids", []string{"advise", "--forced-joker", "--sheet", "yahtzee=50,chance=30,yahtzee-bonus=100", "--dice", "11111"},
			"under the forced joker rule"},
		{"upper bonus that does not follow", []string{"advise", "--sheet", "ones=3,upper-bonus=35", "--dice", "11111"},
			"the upper bonus is not written, it follows from the upper boxes"},
		{"unknown box", []string{"advise", "--sheet", "fullhouse=25", "--dice", "11111"},
			`yahtzee has no category "fullhouse", did you mean full-house? (categories: ones,`},
		{"long flag value cut", []string{"advise", "--rolls-left", strings.Repeat("x", 100000), "--dice", "11111"},
			`invalid argument "xxxxxxxxxx`},
		{"long unexpected argument", []string{"advise", "--dice", "11111", strings.Repeat("z", 100000)},
			`unexpected argument "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"... (100000 bytes)`},
		{"long dice", []string{"advise", "--dice", strings.Repeat("7", 100000)},
			`dice "7777777777777777777777777777777777777777"... (100000 bytes)`},
		{"long game", []string{"advise", "--game", strings.Repeat("g", 100000), "--dice", "11111"},
			`unknown game "gggggggggggggggggggggggggggggggggggggggg"... (100000 bytes)`},
		{"long sheet quoted short", []string{"advise", "--sheet", strings.Repeat("y", 100000) + "=1", "--dice", "11111"},
			`"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"... (100000 bytes)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, stdout, stderr := runLine(tc.args...)
			if status != 2 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || len(stderr) > 600 {
				t.Errorf("status %d, stdout %q, stderr %.300q; want 2 and %q", status, stdout, stderr, tc.want)
			}
		})
	}
}
