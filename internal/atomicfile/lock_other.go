//go:build !unix

package atomicfile

import (
	"os"
	"time"
)

// staleAge is how old a temporary file must be to count as left behind
// where files cannot be locked: far longer than any write takes.
const staleAge = time.Hour

// lock does nothing where flock is missing; tryLock goes by age instead.
func lock(*os.File) error { return nil }

// tryLock reports whether f is old enough to be left behind by a write
// that was killed.
func tryLock(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && time.Since(fi.ModTime()) > staleAge
}
