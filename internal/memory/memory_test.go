package memory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/internal/cost"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"2GB", 2e9, true},
		{"512MiB", 512 << 20, true},
		{"1.5g", 3 << 29, true},
		{" 300000000 ", 3e8, true},
		{"1 kb", 1000, true},
		{"", 0, false},
		{"GB", 0, false},
		{"2 parsecs", 0, false},
		{"1e400", 0, false},
		{"99999999999999999999TB", 0, false},
		{"512MB", 512e6, true},
		{"1.5GiB", 3 << 29, true},
		{" 64 m ", 64 << 20, true},
		{"-1GB", 0, false},
		{"2XB", 0, false},
		{"1e9", 0, false},
		{"1..5GB", 0, false},
		{"99999999999TB", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := Parse(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("Parse(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2GB", "512MiB", "1.5g", "", "x", "1e9", "1.5GiB", "300", "-1", "9999999999999999999TB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err == nil && n < 0 {
			t.Errorf("Parse(%q) = %d", s, n)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "memory ") {
			t.Errorf("Parse(%q): %v", s, err)
		}
		// The message quotes at most 40 bytes of the input, each at most
		// 4 characters escaped (\x8d), and the length of the rest.
		if err != nil && len(err.Error()) > 250 {
			t.Errorf("Parse(%q): an error of %d bytes", s, len(err.Error()))
		}
	})
}

// TestCheck reads a made-up /proc/meminfo with 1 GiB available.
func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meminfo")
	text := "MemTotal:       24576000 kB\nMemFree:         1000 kB\nMemAvailable:    1048576 kB\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old string) { meminfo = old }(meminfo)
	meminfo = path
	if n, ok := Total(); !ok || n != 24576000<<10 {
		t.Errorf("Total() = %d, %v", n, ok)
	}
	tests := []struct {
		name        string
		need, limit int64
		want        string // "" for nil
	}{
		{"fits", 5e8, 0, ""},
		{"fits the limit", 5e8, 6e8, ""},
		{"over the limit", 7e8, 6e8, "the job needs about 700 MB of memory, more than the 600 MB the memory limit allows: not started"},
		{"over what is free", 2e9, 0, "the job needs about 2.0 GB of memory, more than the 1.1 GB this machine has free: not started"},
		{"over what is free within the limit", 2e9, 3e9, "the job needs about 2.0 GB of memory, more than the 1.1 GB this machine has free: not started"},
		{"long, fits", 8e8, 0, ""},
		{"long, over the share of what is free", 9e8, 0, "the job needs about 900 MB of memory, more than the 805 MB this machine can spare: not started"},
		{"long, fits the limit", 9e8, 1e9, ""},
		{"long, over what is free", 2e9, 0, "the job needs about 2.0 GB of memory, more than the 1.1 GB this machine has free: not started"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := Check
			if strings.HasPrefix(tt.name, "long") {
				check = CheckLong
			}
			err := check("the job", tt.need, tt.limit)
			var too *TooMuch
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check: %v, want nil", err)
			case tt.want != "" && (!errors.As(err, &too) || err.Error() != tt.want):
				t.Errorf("Check: %v, want %q", err, tt.want)
			}
		})
	}
}

func TestFileNeed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	table := filepath.Join(dir, "yatzy.dpt")
	if err := os.WriteFile(table, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	build := cost.Cost{Memory: 5000, Disk: 3000}
	for _, c := range []struct {
		name, dir, path string
		want            Need
	}{
		{"file there", dir, table, Need{Hold: 1000, Peak: 1000}},
		{"file missing", dir, filepath.Join(dir, "yahtzee.dpt"), Need{Hold: 3000, Peak: 5000, Build: true}},
		{"a folder, not a table", dir, dir, Need{Hold: 3000, Peak: 5000, Build: true}},
		{"no tables directory", "", table, Need{Hold: 3000, Peak: 5000, Build: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := FileNeed(c.dir, c.path, build); got != c.want {
				t.Errorf("FileNeed = %+v, want %+v", got, c.want)
			}
		})
	}
	if got := FileNeed(dir, filepath.Join(dir, "x"), cost.Cost{Memory: 10, Disk: 20}); got.Peak != 20 {
		t.Errorf("a build writing more than it holds: peak %d, want the disk's 20", got.Peak)
	}
}
