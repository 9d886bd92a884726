package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"dicepoker/internal/atomicfile"
)

// TestOutputNotRegular checks that --out and --png refuse, before any
// work and with status 2, what is not a regular file, naming the flag.
func TestOutputNotRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"out fifo", []string{"solve", "--out", fifo}, "--out " + fifo + ": not a regular file (a FIFO)"},
		{"out device", []string{"solve", "--out", os.DevNull}, "--out /dev/null: not a regular file (a character device)"},
		{"out directory", []string{"solve", "--out", dir}, "--out " + dir + ": not a regular file (a directory)"},
		{"out link to fifo", []string{"solve", "--out", link}, "--out " + link + ": not a regular file (a FIFO)"},
		{"png device", []string{"distribution", "--png", os.DevNull}, "--png /dev/null: not a regular file (a character device)"},
		{"png fifo", []string{"distribution", "--game", "school", "--png", fifo}, "--png " + fifo + ": not a regular file (a FIFO)"},
		{"png no directory", []string{"distribution", "--png", filepath.Join(dir, "none", "x.png")}, "no directory " + filepath.Join(dir, "none")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, stderr := runLine(tc.args...)
			if status != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, tc.want)
			}
		})
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi, err)
	}
}

// TestOutputThroughLink checks that solve --out through a symbolic link
// writes the link's target and keeps the link.
func TestOutputThroughLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real.dpt")
	link := filepath.Join(dir, "poker.dpt")
	if err := os.Symlink("real.dpt", link); err != nil {
		t.Fatal(err)
	}
	if status, _, stderr := runLine("solve", "--game", "poker-dice", "--out", link); status != 0 {
		t.Fatalf("solve: status %d, %s", status, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link (%v)", link, err)
	}
	if status, out, stderr := runLine("advise", "--game", "poker-dice", "--table", target, "--dice", "QQKKA"); status != 0 || !strings.Contains(out, "best:") {
		t.Errorf("advise from the link's target: status %d, %s%s", status, out, stderr)
	}
}

// TestRecordNotRegular checks that play --record refuses a FIFO, a device
// and a directory, naming the flag, with status 2.
func TestRecordNotRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, os.DevNull, dir} {
		t.Run(path, func(t *testing.T) {
			err := play(os.Getenv, []string{"--game", "poker-dice", "--seed", "1", "--record", path}, strings.NewReader("quit\n"), io.Discard)
			var usage *usageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), "--record") {
				t.Errorf("play --record %s: %v, want a usage error naming --record", path, err)
			}
		})
	}
}

// TestUnwritableTables checks that advise still answers when the tables
// directory cannot be written, solved in memory, with a warning on stderr:
// read-only (unless run as root, whom permissions do not stop) or under a
// file, where no directory can be made.
func TestUnwritableTables(t *testing.T) {
	readOnly := t.TempDir()
	if err := os.Chmod(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(readOnly, 0o755)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{"under a file": filepath.Join(file, "tables")}
	if os.Geteuid() != 0 {
		dirs["read-only"] = readOnly
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			t.Setenv("DICEPOKER_TABLES", dir)
			var status int
			var stdout string
			warning := captureStderr(t, func() { status, stdout, _ = runLine("advise", "--game", "poker-dice", "--dice", "QQKKA") })
			if status != 0 || !strings.Contains(stdout, "best: keep K K, reroll Q Q A or keep Q Q, reroll K K A") {
				t.Errorf("status %d, stdout %q", status, stdout)
			}
			if !strings.Contains(warning, "dicepoker: warning: cannot write table ") || !strings.Contains(warning, "used from memory for this run only") {
				t.Errorf("stderr %q, want the warning", warning)
			}
		})
	}
}

// captureStderr returns what f writes to os.Stderr.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	tmp, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = tmp
	defer func() { os.Stderr = saved }()
	f()
	data, _ := os.ReadFile(tmp.Name())
	return string(data)
}

// TestStaleTemporaries checks that the temporary file of a table write
// that was killed is removed by the next run that reads the table.
func TestStaleTemporaries(t *testing.T) {
	t.Parallel()
	cl, dir := ownTables(t)
	cl.runOK(t, "solve", "--game", "poker-dice")
	stale := filepath.Join(dir, ".poker-dice.dpt.123456.tmp")
	other := filepath.Join(dir, "notes.txt")
	for _, p := range []string{stale, other} {
		if err := os.WriteFile(p, []byte("half a table"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cl.runOK(t, "advise", "--game", "poker-dice", "--dice", "QQKKA")
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale temporary file is still there")
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a file that is not ours was removed: %v", err)
	}
}

// TestExitStatus checks that bad input exits 2 and a failure of the
// system 1: a corrupt table given with --table is bad input, an
// unreadable one a failure, output to a full disk or a closed pipe too.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	table := pokerTable(t)
	corrupt := filepath.Join(t.TempDir(), "corrupt.dpt")
	data, _ := os.ReadFile(table)
	if err := os.WriteFile(corrupt, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	unreadable := filepath.Join(t.TempDir(), "secret.dpt")
	if err := os.WriteFile(unreadable, data, 0o000); err != nil {
		t.Fatal(err)
	}
	zero := "/dev/zero"
	tc := []struct {
		name   string
		args   []string
		status int
		want   string
	}{
		{"corrupt table", []string{"advise", "--game", "poker-dice", "--table", corrupt, "--dice", "QQKKA"}, 2, "is corrupt"},
		{"missing table", []string{"advise", "--game", "poker-dice", "--table", corrupt + ".none", "--dice", "QQKKA"}, 2, "does not exist"},
		{"table /dev/zero", []string{"advise", "--game", "poker-dice", "--table", zero, "--dice", "QQKKA"}, 2, "not a regular file"},
		{"sheet file /dev/zero", []string{"advise", "--sheet-file", zero, "--dice", "QQKKA"}, 2, "--sheet-file: sheet file /dev/zero: longer than 64 KiB"},
	}
	if os.Geteuid() != 0 {
		tc = append(tc, struct {
			name   string
			args   []string
			status int
			want   string
		}{"unreadable table", []string{"advise", "--game", "poker-dice", "--table", unreadable, "--dice", "QQKKA"}, 1, "cannot be read"})
	}
	for _, c := range tc {
		t.Run(c.name, func(t *testing.T) {
			status, _, stderr := runLine(c.args...)
			if status != c.status || !strings.Contains(stderr, c.want) {
				t.Errorf("status %d, stderr %q; want %d and %q", status, stderr, c.status, c.want)
			}
		})
	}
	for _, args := range [][]string{{"games"}, {"games", "--json"}, {"score", "--dice", "12345"}, {"advise", "--game", "poker-dice", "--table", table, "--dice", "QQKKA"}} {
		t.Run("full "+strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			if status := run(args, failingWriter{}, &stderr); status != 1 || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("status %d, stderr %q; want 1", status, stderr.String())
			}
		})
	}
}

// failingWriter is an output on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestClosedPipe runs dicepoker in a process of its own with its output
// a pipe closed at the other end: status 1 and one line saying why, text
// or JSON alike.
func TestClosedPipe(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"games"}, {"games", "--json"}, {"completion", "bash"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			cmd := program(t, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = w, &stderr
			err = cmd.Run()
			w.Close()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "broken pipe") {
				t.Errorf("%v, stderr %q; want status 1 and broken pipe", err, stderr.String())
			}
		})
	}
}

// TestFileError sorts the errors of the files a command line names: a
// wrong name is bad input, a failing system is not, and a long name is
// cut.
func TestFileError(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err   error
		input bool
		want  string
	}{
		{syscall.EROFS, false, "record file: open /r/game.jsonl: read-only file system"},
		{syscall.EACCES, false, "record file: open /r/game.jsonl: permission denied"},
		{syscall.ENOSPC, false, "record file: open /r/game.jsonl: no space left on device"},
		{syscall.EIO, false, "record file: open /r/game.jsonl: input/output error"},
		{syscall.ENOENT, true, "record file: open /r/game.jsonl: no such file or directory"},
		{syscall.ENOTDIR, true, "not a directory"},
		{syscall.EISDIR, true, "is a directory"},
		{syscall.EEXIST, true, "file exists"},
		{syscall.ELOOP, true, "too many levels of symbolic links"},
		{syscall.ENAMETOOLONG, true, "file name too long"},
		{fmt.Errorf("%w (a FIFO)", atomicfile.ErrNotRegular), true, "not a regular file (a FIFO)"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			t.Parallel()
			err := fileError("record file", &fs.PathError{Op: "open", Path: "/r/game.jsonl", Err: tc.err})
			_, input := errors.AsType[*usageError](err)
			if input != tc.input || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.err) && !tc.input {
				t.Errorf("%v: bad input %v, want %v, and %q", err, input, tc.input, tc.want)
			}
		})
	}
	long := "/" + strings.Repeat("n", 100000)
	err := fileError("", &fs.PathError{Op: "open", Path: long, Err: syscall.ENAMETOOLONG})
	if want := `open "/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"... (100001 bytes): file name too long`; err.Error() != want {
		t.Errorf("long name: %q, want %q", err, want)
	}
}

// TestRecordSystemFailure plays with the record in a directory where no
// file can be created, even by root (sysfs): a failure of the system,
// status 1, not bad input; an existing record stays bad input (status 2,
// TestPlayRefuses).
func TestRecordSystemFailure(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("sysfs is Linux's")
	}
	if fi, err := os.Stat("/sys/kernel"); err != nil || !fi.IsDir() {
		t.Skip("no sysfs at /sys")
	}
	cl, _ := ownTables(t)
	status, stdout, stderr := cl.runLine("play", "--game", "poker-dice", "--seed", "1", "--record", "/sys/kernel/game.jsonl")
	if status != 1 || stdout != "" || !strings.HasPrefix(stderr, "dicepoker: record file: open /sys/kernel/game.jsonl: ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stdout %q, stderr %q; want 1 and why", status, stdout, stderr)
	}
}
