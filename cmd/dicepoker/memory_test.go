package main

import (
	"strings"
	"testing"
)

// TestMemoryRefused runs each heavy mode under a limit far below what it
// needs: each is refused in one line, status 1, before any work starts
// (the tables directory stays empty: nothing is built).
func TestMemoryRefused(t *testing.T) {
	t.Setenv("DICEPOKER_TABLES", t.TempDir())
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"distribution for a target", []string{"distribution", "--game", "yatzy", "--target", "201", "--json"},
			"the exact distribution of yatzy playing for 201 needs about"},
		{"distribution of yahtzee for a target", []string{"distribution", "--game", "yahtzee", "--target", "200"},
			"the exact distribution of yahtzee playing for 200 needs about 2.5 GB of memory"},
		{"chances", []string{"chances", "--game", "yatzy"}, "the chance curve of yatzy needs about 2.5 GB of memory"},
		{"advise for a target", []string{"advise", "--game", "yatzy", "--dice", "11111", "--target", "250"},
			"advice for a target in yatzy needs about"},
		{"advise against an opponent", []string{"advise", "--game", "yahtzee", "--dice", "12345", "--opponent", ""},
			"advice against opponents in yahtzee needs about 3.4 GB of memory"},
		{"the every-target table", []string{"solve", "--game", "yatzy", "--targets"}, "the solve of yatzy needs about"},
		{"school's fit", []string{"solve", "--game", "school"}, "the solve of school"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := runLine(append(tt.args, "--memory", "200MB")...)
			if status != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
				!strings.Contains(stderr, tt.want) || !strings.HasSuffix(stderr, "more than the 200 MB the memory limit allows: not started\n") {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want status 1 and %q", tt.args, status, stdout, stderr, tt.want)
			}
		})
	}
}

// TestMemoryFlagBad checks that a bad --memory is bad input, as serve's.
func TestMemoryFlagBad(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"lots", "100MB", "-1GB"} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			status, _, stderr := runLine("distribution", "--game", "yatzy", "--target", "200", "--memory", v)
			if status != 2 || !strings.Contains(stderr, "--memory") {
				t.Errorf("--memory %s: status %d, %q; want status 2", v, status, stderr)
			}
		})
	}
}
