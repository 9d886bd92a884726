package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// runLine runs a command line in-process and returns its status, stdout
// and stderr.
func runLine(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := run(args, &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// TestOutputNotRegular checks that --out and --png refuse, before any
// work and with status 2, what is not a regular file, naming the flag.
func TestOutputNotRegular(t *testing.T) {
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
