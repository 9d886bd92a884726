package atomicfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"dicepoker/internal/atomicfile"
)

// A write through a symbolic link replaces the link's target and keeps the
// link; a write onto a directory is refused.
func ExampleWriteFile() {
	dir, _ := os.MkdirTemp("", "atomicfile")
	defer os.RemoveAll(dir)
	os.Symlink("table.dpt", filepath.Join(dir, "link.dpt"))
	err := atomicfile.WriteFile(filepath.Join(dir, "link.dpt"), []byte("values"), 0o644)
	data, _ := os.ReadFile(filepath.Join(dir, "table.dpt"))
	fmt.Println(err, string(data))
	err = atomicfile.WriteFile(dir, []byte("values"), 0o644)
	fmt.Println(errors.Is(err, atomicfile.ErrNotRegular))
	// Output:
	// <nil> values
	// true
}
