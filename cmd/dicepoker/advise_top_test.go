package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"dicepoker/coach"
)

// TestAdviseTies checks poker dice Q Q K K A on a new sheet, where keeping
// the kings and keeping the queens are worth the same: the best line names
// both, and tie marks only the actions tied with the best.
func TestAdviseTies(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	out := runOK(t, "advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA")
	if !strings.Contains(out, "best: keep K K, reroll Q Q A or keep Q Q, reroll K K A (expected final score") {
		t.Errorf("the best line does not name both tied keeps:\n%s", out)
	}
	var res struct {
		BestTied int `json:"best_tied"`
		Options  []struct {
			Expected float64 `json:"expected"`
			Tie      bool    `json:"tie"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA", "--json")), &res); err != nil {
		t.Fatal(err)
	}
	if res.BestTied != 2 {
		t.Errorf("best_tied %d, want 2", res.BestTied)
	}
	pairsTied := false // some actions below the best are tied with each other
	for i, o := range res.Options {
		want := o.Expected >= res.Options[0].Expected-coach.Tie
		if o.Tie != want {
			t.Errorf("option %d (%.6f): tie %v, want %v", i+1, o.Expected, o.Tie, want)
		}
		if i > 2 && o.Expected == res.Options[i-1].Expected {
			pairsTied = true
		}
	}
	if !pairsTied {
		t.Error("no two lesser actions are tied: the test checks too little")
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "3 ") && strings.HasSuffix(line, "tie") {
			t.Errorf("rank 3 marked tie: %q", line)
		}
	}
}

func TestAdviseTop(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	base := []string{"advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA"}
	rank := regexp.MustCompile(`(?m)^ +[0-9]+  `) // a row of the ranking
	rows := func(out string) int { return len(rank.FindAllString(out, -1)) }
	for _, tc := range []struct {
		name  string
		extra []string
		rows  int
		more  string
	}{
		{"default", nil, 10, "      ... 20 more (--top 0 shows every one)\n"},
		{"top 3", []string{"--top", "3"}, 3, "      ... 27 more (--top 0 shows every one)\n"},
		{"top 0", []string{"--top", "0"}, 30, ""},
		{"top beyond", []string{"--top", "99"}, 30, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := runOK(t, append(base, tc.extra...)...)
			if rows(out) != tc.rows || tc.more != "" && !strings.HasSuffix(out, tc.more) || tc.more == "" && strings.Contains(out, "more") {
				t.Errorf("%d rows, want %d and %q:\n%s", rows(out), tc.rows, tc.more, out)
			}
		})
	}
	for _, tc := range []struct {
		extra []string
		shown int
	}{{nil, 30}, {[]string{"--top", "4"}, 4}, {[]string{"--top", "0"}, 30}} {
		var res struct {
			Options []json.RawMessage `json:"options"`
			Total   int               `json:"total_options"`
		}
		if err := json.Unmarshal([]byte(runOK(t, append(append(base, "--json"), tc.extra...)...)), &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Options) != tc.shown || res.Total != 30 {
			t.Errorf("--json %q: %d options of %d, want %d of 30", tc.extra, len(res.Options), res.Total, tc.shown)
		}
	}
	if status, _, stderr := runLine(append(base, "--top", "-1")...); status != 2 || !strings.Contains(stderr, "--top -1") {
		t.Errorf("--top -1: status %d, %q", status, stderr)
	}
}

func TestAdviseUpperLine(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	for _, tc := range []struct{ sheet, want string }{
		{"", "\nupper 0 of 15 for the bonus 3\n"},
		{"aces=5,kings=5", "\nupper 10 of 15 for the bonus 3\n"},
		{"aces=5,kings=5,queens=5", "\nupper 15, bonus 3\n"},
	} {
		out := runOK(t, "advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA", "--sheet", tc.sheet)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q: no %q in\n%s", tc.sheet, tc.want, out)
		}
	}
}
