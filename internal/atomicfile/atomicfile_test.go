package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	for _, data := range []string{"first", "second, longer"} {
		if err := WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Errorf("read %q, %v; want %q", got, err, data)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "f.txt" {
		t.Errorf("directory holds %v, want only f.txt", entries)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		commit bool
		want   string
	}{{"abort keeps the old file", false, "old"}, {"commit replaces it", true, "new"}} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Create(path, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("new"); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != "old" {
				t.Errorf("before the end the file holds %q", got)
			}
			if tc.commit {
				if err := f.Commit(); err != nil {
					t.Fatal(err)
				}
			} else {
				f.Abort()
			}
			if got, _ := os.ReadFile(path); string(got) != tc.want {
				t.Errorf("file holds %q, want %q", got, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("directory holds %v, want only f.txt", entries)
			}
		})
	}
}

// TestNotRegular checks that a directory, a FIFO and a device are refused
// with ErrNotRegular, left as they were, with no temporary file beside them.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "to-fifo")
	if err := os.Symlink("fifo", link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, path string }{
		{"directory", sub},
		{"fifo", fifo},
		{"symlink to fifo", link},
		{"device", os.DevNull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, err := os.Lstat(tc.path)
			if err != nil {
				t.Skip(err)
			}
			err = WriteFile(tc.path, []byte("x"), 0o644)
			if !errors.Is(err, ErrNotRegular) {
				t.Fatalf("WriteFile(%s) = %v, want ErrNotRegular", tc.path, err)
			}
			after, err := os.Lstat(tc.path)
			if err != nil || after.Mode() != before.Mode() {
				t.Errorf("%s changed: mode %v, now %v (%v)", tc.path, before.Mode(), after.Mode(), err)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("directory holds %v, want only fifo, sub and to-fifo", entries)
	}
}

// TestSymlink checks that a write through a link, also a dangling one,
// writes the target and keeps the link.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	other := t.TempDir()
	target := filepath.Join(other, "real.png")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, link, dest, target string }{
		{"absolute", "abs.png", target, target},
		{"relative, two links", "rel.png", "abs.png", target},
		{"dangling", "new.png", "made.png", filepath.Join(dir, "made.png")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			link := filepath.Join(dir, tc.link)
			if err := os.Symlink(tc.dest, link); err != nil {
				t.Fatal(err)
			}
			if err := WriteFile(link, []byte(tc.name), 0o644); err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("%s is no longer a link: %v", link, err)
			}
			if got, err := os.ReadFile(tc.target); err != nil || string(got) != tc.name {
				t.Errorf("target holds %q, %v; want %q", got, err, tc.name)
			}
		})
	}
}

func TestLinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.Symlink("b", a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a", b); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(a, []byte("x"), 0o644); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("WriteFile through a loop = %v, want ELOOP", err)
	}
}

// TestRemoveStale checks that a temporary file no write holds is removed,
// and one that a live write holds (locked) stays, as do other files.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "yahtzee.dpt")
	stale := filepath.Join(dir, ".yahtzee.dpt.123.tmp")
	live := filepath.Join(dir, ".yahtzee.dpt.456.tmp")
	otherTable := filepath.Join(dir, ".yatzy.dpt.789.tmp")
	for _, p := range []string{stale, live, otherTable} {
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lock(f); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("table"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		kept bool
	}{{stale, false}, {live, true}, {otherTable, true}, {path, true}} {
		if _, err := os.Stat(tc.path); (err == nil) != tc.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(tc.path), err == nil, tc.kept)
		}
	}
	RemoveStale(filepath.Join(dir, "yatzy.dpt"))
	if _, err := os.Stat(otherTable); err == nil {
		t.Error("RemoveStale left yatzy's stale temporary file")
	}
}

func TestGlobEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a.dpt", "a.dpt"},
		{"a[1]?", `a\[1]\?`},
		{`x*y\`, `x\*y\\`},
	} {
		if got := globEscape(tc.in); got != tc.want {
			t.Errorf("globEscape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
