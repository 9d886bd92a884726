package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInput checks that bad input gets one line naming the trouble and
// status 2.
func TestBadInput(t *testing.T) {
	t.Parallel()
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

// TestLongArguments gives every command, and every flag of every command,
// an argument of 100 KB: the answer is one short line that quotes at most
// its first 40 bytes, and status 2.
func TestLongArguments(t *testing.T) {
	t.Parallel()
	c := cli{"XDG_DATA_HOME": t.TempDir()} // where play keeps a record it starts
	long := strings.Repeat("x", 100000)
	record := writeFile(t, `{"game":"yahtzee","options":"","turn":1,"sheet":"","dice":[1,1,2,4,5],"rolls_left":2,"action":{"keep":[1,1]}}`+"\n")
	// base is what a command needs besides the flag under test for that
	// flag's value to be read, by command or by "command flag".
	base := map[string][]string{
		"advise": {"--dice", "11111"}, "score": {"--dice", "11111"}, "review": {record},
		"export": {"--out", filepath.Join(t.TempDir(), "x.csv")}, "bench columns": {"--school-check"},
	}
	cases := [][]string{{long}, {"help", long}, {"--" + long}}
	for _, spec := range commandFlags() {
		cases = append(cases, []string{spec.name, long}, []string{spec.name, "--" + long}, []string{spec.name, "--" + long + "=1"})
		for _, f := range spec.flags {
			args := base[spec.name+" "+f.Name]
			if args == nil {
				args = base[spec.name]
			}
			if f.Name == "help" {
				continue
			}
			cases = append(cases, append(append([]string{spec.name}, args...), "--"+f.Name+"="+long))
		}
	}
	for _, args := range cases {
		name := strings.ReplaceAll(strings.Join(args, " "), long, "LONG")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			status, stdout, stderr := c.runLine(args...)
			if status != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || len(stderr) > 300 || strings.Contains(stderr, strings.Repeat("x", 41)) {
				t.Errorf("status %d, stdout %.100q, stderr of %d bytes %.300q; want 2 and one short line", status, stdout, len(stderr), stderr)
			}
		})
	}
}
