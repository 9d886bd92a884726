//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// lock takes an exclusive lock on f, held until f is closed or the
// process dies: the sign that a temporary file is still being written.
func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// tryLock reports whether f could be locked: no live write holds it.
func tryLock(f *os.File) bool { return lock(f) == nil }
