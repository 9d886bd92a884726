package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestRunExitStatus(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		status int
		stdout string // a substring of stdout; "" means empty
		stderr string // the whole stderr line; "" means empty
	}{
		{[]string{"help"}, 0, "score         score the dice in every category of a game", ""},
		{[]string{"-h"}, 0, "games         list the games", ""},
		{[]string{"--help"}, 0, "usage: dicepoker <command> [flags]", ""},
		{[]string{"help", "score"}, 0, "--dice string", ""},
		{[]string{"score", "-h"}, 0, "usage: dicepoker score", ""},
		{[]string{"score", "--help"}, 0, "--upper-bonus-threshold int", ""},
		{[]string{"games"}, 0, "poker-dice  13 categories, 13 turns, 2 rolls a turn: aces kings", ""},
		{[]string{"score", "--dice", "3,4,3,6,3"}, 0, "  threes           9\n", ""},
		{nil, 2, "", "dicepoker: no command given (run 'dicepoker help' for the commands)\n"},
		{[]string{"roll"}, 2, "", "dicepoker: unknown command \"roll\" (run 'dicepoker help' for the commands)\n"},
		{[]string{"help", "roll"}, 2, "", "dicepoker: unknown command \"roll\" (run 'dicepoker help' for the commands)\n"},
		{[]string{"score"}, 2, "", "dicepoker: missing --dice, the five dice to score\n"},
		{[]string{"score", "--dice", "3,4,3,6,7"}, 2, "", "dicepoker: dice \"3,4,3,6,7\": '7' is not a die (use 1-6)\n"},
		{[]string{"games", "--game", "yatzy"}, 2, "", "dicepoker: unknown flag: --game\n"},
		{[]string{"games", "extra"}, 2, "", "dicepoker: unexpected argument \"extra\" (flags start with --)\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, &stdout, &stderr)
			if status != tc.status {
				t.Errorf("%q: status %d, want %d (stderr %q)", tc.args, status, tc.status, stderr.String())
			}
			if tc.stdout == "" && stdout.Len() > 0 || !strings.Contains(stdout.String(), tc.stdout) {
				t.Errorf("%q: stdout\n%s\nwant it to contain %q", tc.args, stdout.String(), tc.stdout)
			}
			if stderr.String() != tc.stderr {
				t.Errorf("%q: stderr %q, want %q", tc.args, stderr.String(), tc.stderr)
			}
		})
	}
}

func TestCommandTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range commands {
		if c.name == "" || c.summary == "" || c.run == nil || strings.Contains(c.summary, "\n") {
			t.Errorf("command %q: incomplete row", c.name)
		}
		if seen[c.name] {
			t.Errorf("command %q listed twice", c.name)
		}
		seen[c.name] = true
		// Every command answers -h with its usage on stdout.
		var out bytes.Buffer
		if err := c.run(os.Getenv, []string{"-h"}, &out); !errors.Is(err, errHelpShown) || !strings.HasPrefix(out.String(), "usage: dicepoker "+c.name) {
			t.Errorf("%s -h: err %v, output %q", c.name, err, out.String())
		}
	}
}

func TestGames(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := runGames(os.Getenv, nil, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		"yahtzee     13 categories, 13 turns, 3 rolls a turn: ones twos threes fours fives sixes three-of-a-kind four-of-a-kind full-house small-straight large-straight yahtzee chance",
		"yatzy       15 categories, 15 turns, 3 rolls a turn: ones twos threes fours fives sixes pair two-pairs three-of-a-kind four-of-a-kind small-straight large-straight full-house chance yatzy",
		"swedish     15 categories, 15 turns, 3 rolls a turn: ones twos threes fours fives sixes pair two-pairs three-of-a-kind four-of-a-kind full-house small-straight large-straight poker chance",
		"poker-dice  13 categories, 13 turns, 2 rolls a turn: aces kings queens jacks tens nines pair two-pairs three-of-a-kind straight full-house four-of-a-kind five-of-a-kind",
		"school      15 rows x 3 columns, 45 turns, 3 rolls a turn: ones twos threes fours fives sixes pair three-of-a-kind two-pairs full-house four-of-a-kind five-of-a-kind small-straight large-straight sum",
	}
	if len(lines) != len(want) {
		t.Fatalf("games printed %d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, lines[i], want[i])
		}
	}
}

// asProgram is the environment variable that makes the test binary run
// as dicepoker itself, main and nothing else (see TestMain).
const asProgram = "DICEPOKER_TEST_AS_PROGRAM"

// program returns the command that runs dicepoker with args in a process
// of its own: this test binary, run as the program, so that the tests
// need no build of it.
func program(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), asProgram+"=1")
	return cmd
}

// TestBinary runs dicepoker in a process of its own and checks that bad
// input exits with status 2 and one line on stderr, no panic and nothing
// on stdout.
func TestBinary(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"score", "--game", "yahtzee", "--dice", "3,4,3,6"}, 2, "dicepoker: dice \"3,4,3,6\": need exactly 5 dice, got 4\n"},
		{[]string{"score", "--game", "kniffel", "--dice", "12345"}, 2, "dicepoker: unknown game \"kniffel\" (games: yahtzee, yatzy, swedish, poker-dice, school)\n"},
		{[]string{"score", "--dice", "12345", "--columns", "3"}, 2, "dicepoker: option --columns belongs to school, not to yahtzee\n"},
		{[]string{"score", "--dice", "12345", "--bogus"}, 2, "dicepoker: unknown flag: --bogus\n"},
		{[]string{}, 2, "dicepoker: no command given (run 'dicepoker help' for the commands)\n"},
		{[]string{"score", "--dice", "12345"}, 0, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			cmd := program(t, tc.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			status := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status = exit.ExitCode()
			} else if err != nil {
				t.Fatalf("%q: %v", tc.args, err)
			}
			if status != tc.status || stderr.String() != tc.stderr {
				t.Errorf("dicepoker %q: status %d, stderr %q; want %d, %q", tc.args, status, stderr.String(), tc.status, tc.stderr)
			}
			if tc.status != 0 && stdout.Len() > 0 {
				t.Errorf("dicepoker %q: stdout %q, want nothing", tc.args, stdout.String())
			}
		})
	}
}
