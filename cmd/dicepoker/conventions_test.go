package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dicepoker/engine"
)

func TestVersionLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "dicepoker devel (go"},
		{"module version", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, true,
			"dicepoker v1.2.0 (go1.26.0)"},
		{"a checkout, modified", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "8519180c4f2e93aa1"}, {Key: "vcs.modified", Value: "true"}}}, true,
			"dicepoker devel (go1.26.0, commit 8519180c4f2e, modified)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionLine(tc.info, tc.ok); !strings.HasPrefix(got, tc.want) {
				t.Errorf("versionLine = %q, want %q", got, tc.want)
			}
		})
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		status, stdout, stderr := runLine(args...)
		if status != 0 || !strings.HasPrefix(stdout, "dicepoker ") || strings.Count(stdout, "\n") != 1 || stderr != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

func TestGamesJSON(t *testing.T) {
	t.Parallel()
	status, stdout, _ := runLine("games", "--json")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var out struct{ Games []gameJSON }
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Games) != len(engine.GameNames) {
		t.Fatalf("%d games, want %d", len(out.Games), len(engine.GameNames))
	}
	want := map[string]struct {
		categories, turns, rolls, columns int
		faces                             string
		threshold, points                 int
	}{
		"yahtzee":    {13, 13, 3, 0, "123456", 63, 35},
		"yatzy":      {15, 15, 3, 0, "123456", 63, 50},
		"swedish":    {15, 15, 3, 0, "123456", 63, 35},
		"poker-dice": {13, 13, 2, 0, "9TJQKA", 15, 3},
		"school":     {15, 45, 3, 3, "123456", 0, 0},
	}
	for i, g := range out.Games {
		t.Run(g.Game, func(t *testing.T) {
			w := want[g.Game]
			if g.Game != engine.GameNames[i] || len(g.Categories) != w.categories || g.Turns != w.turns || g.Rolls != w.rolls ||
				g.Columns != w.columns || g.Faces != w.faces {
				t.Errorf("%+v, want %+v", g, w)
			}
			if (g.UpperBonus == nil) != (w.points == 0) || g.UpperBonus != nil && (g.UpperBonus.Threshold != w.threshold || g.UpperBonus.Points != w.points) {
				t.Errorf("upper bonus %+v, want %d at %d", g.UpperBonus, w.points, w.threshold)
			}
		})
	}
}

// TestHelp checks every command's help against the conventions: booleans
// as --json, at most one default a flag, no empty flags section, examples.
func TestHelp(t *testing.T) {
	t.Parallel()
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			c.run(os.Getenv, []string{"-h"}, &out)
			help := out.String()
			if strings.Contains(help, "[=true|false]") {
				t.Errorf("a boolean shown with [=true|false]:\n%s", help)
			}
			for _, line := range strings.Split(help, "\n") {
				if strings.Count(line, "default") > 1 {
					t.Errorf("two defaults: %q", line)
				}
			}
			if i := strings.Index(help, "flags:\n"); i >= 0 && !strings.HasPrefix(help[i+len("flags:\n"):], "  --") {
				t.Errorf("an empty flags section:\n%s", help)
			}
			if !strings.Contains(help, "\nexamples:\n  dicepoker "+c.name) {
				t.Errorf("no examples:\n%s", help)
			}
		})
	}
	var out bytes.Buffer
	runAdvise(os.Getenv, []string{"-h"}, &out)
	containsAll(t, out.String(),
		"usage: dicepoker advise [--game G] [game options] [--sheet S | --sheet-file F] --dice D",
		"  --json   ", "  --rolls-left int             rerolls still allowed this turn (default: all but the first roll)\n",
		`(default yahtzee)`,
	)
	out.Reset()
	runVersion(os.Getenv, []string{"-h"}, &out)
	if strings.Contains(out.String(), "flags:") {
		t.Errorf("version -h shows a flags section:\n%s", out.String())
	}
}

func TestNamesCaseBlind(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		want   string // in stdout for status 0, else in stderr
	}{
		{"game", []string{"score", "--game", "Yahtzee", "--dice", "12345"}, 0, "yahtzee: 1 2 3 4 5"},
		{"game did you mean", []string{"score", "--game", "yahtze", "--dice", "12345"}, 2,
			`unknown game "yahtze", did you mean yahtzee? (games: yahtzee, yatzy, swedish, poker-dice, school)`},
		{"dice unquoted", []string{"advise", "--dice", "3", "3", "5", "5", "6"}, 2,
			`--dice takes the five dice as one argument: quote them (--dice "3 3 5 5 6") or use commas (--dice 3,3,5,5,6)`},
		{"bench games", []string{"bench", "--games", "Yatzi"}, 2, "did you mean yatzy?"},
		{"command did you mean", []string{"advice"}, 2, `unknown command "advice", did you mean advise? (run 'dicepoker help' for the commands)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, stdout, stderr := runLine(tc.args...)
			got := stdout
			if tc.status != 0 {
				got = stderr
			}
			if status != tc.status || !strings.Contains(got, tc.want) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d and %q", status, stdout, stderr, tc.status, tc.want)
			}
		})
	}
}

// TestCompletion loads the bash script in bash and asks it to complete
// a few command lines; the fish and zsh scripts are checked for their
// commands and flags.
func TestCompletion(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		status, stdout, stderr := runLine("completion", shell)
		if status != 0 || !strings.Contains(stdout, "advise") || !strings.Contains(stdout, "rolls-left") || !strings.Contains(stdout, "poker-dice") {
			t.Errorf("%s: status %d, stderr %q, script lacks advise, --rolls-left or poker-dice", shell, status, stderr)
		}
	}
	if status, _, stderr := runLine("completion", "tcsh"); status != 2 || !strings.Contains(stderr, `unknown shell "tcsh"`) {
		t.Errorf("tcsh: status %d, %q", status, stderr)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	_, script, _ := runLine("completion", "bash")
	for _, tc := range []struct {
		words []string
		want  []string
	}{
		{[]string{"dicepoker", "adv"}, []string{"advise"}},
		{[]string{"dicepoker", "advise", "--roll"}, []string{"--rolls-left", "--rollouts"}},
		{[]string{"dicepoker", "advise", "--rolls"}, []string{"--rolls-left"}},
		{[]string{"dicepoker", "score", "--game", "poker"}, []string{"poker-dice"}},
		{[]string{"dicepoker", "completion", "f"}, []string{"fish"}},
		{[]string{"dicepoker", "simulate", "--strategy", "g"}, []string{"greedy"}},
	} {
		line := strings.Join(tc.words, " ")
		prog := script + "\nCOMP_WORDS=(" + line + ")\nCOMP_CWORD=" + strconv.Itoa(len(tc.words)-1) +
			"\n_dicepoker\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "-c", prog).Output()
		got := strings.Fields(string(out))
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: completes to %q (%v), want %q", line, got, err, tc.want)
		}
	}
}
