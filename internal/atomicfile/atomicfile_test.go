package atomicfile

import (
	"os"
	"path/filepath"
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
	// A target that is a directory: an error, and nothing left behind.
	if err := WriteFile(dir, []byte("x"), 0o644); err == nil {
		t.Error("writing over a directory succeeded")
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
