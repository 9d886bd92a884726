// Package atomicfile writes files so that a reader never sees one half
// written: the data goes to a temporary file beside the target, which is
// synced and renamed into place, and the directory is synced after it.
// It only ever replaces a regular file: a symbolic link is followed (the
// link stays, its target gets the data) and anything else is refused.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// ErrNotRegular is the error, under errors.Is, of a write onto something
// that is not a regular file: a directory, a FIFO, a device, a socket.
var ErrNotRegular = errors.New("not a regular file")

// maxLinks is how many symbolic links Target follows before giving up,
// as the kernel does (ELOOP).
const maxLinks = 40

// Target returns the file a write to path lands on: path itself, or where
// its chain of symbolic links ends (which need not exist yet). Something
// there that is not a regular file is refused with ErrNotRegular, naming
// what it is.
func Target(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if !fi.Mode().IsRegular() {
				return "", &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(fi.Mode()))}
			}
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// kind names a file type that is not regular, for people.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// WriteFile writes data to path with permissions perm, like os.WriteFile,
// but atomically: on error, any previous file at path is left untouched
// and no temporary file stays behind. Through a symbolic link it writes
// the link's target; onto anything but a regular file it fails with
// ErrNotRegular. Temporary files of earlier writes to path that were
// killed midway are removed first (see RemoveStale).
func WriteFile(path string, data []byte, perm os.FileMode) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// File is a file being written to a temporary name beside its target,
// for output too large to hold in memory first. Commit puts it in place;
// Abort (or a failed Commit) removes it.
type File struct {
	*os.File
	path string
	perm os.FileMode
}

// Create starts writing the file that Commit will rename to path, with
// permissions perm, as WriteFile does: through symbolic links, refusing
// what is not a regular file, removing stale temporary files first.
func Create(path string, perm os.FileMode) (*File, error) {
	path, err := Target(path)
	if err != nil {
		return nil, err
	}
	RemoveStale(path)
	f, err := os.CreateTemp(filepath.Dir(path), tempPattern(filepath.Base(path)))
	if err != nil {
		return nil, err
	}
	// The lock tells RemoveStale that this temporary file is alive.
	if err := lock(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, path: path, perm: perm}, nil
}

// Commit syncs the file, renames it to its path, replacing any file there,
// and syncs the directory; on error before the rename the temporary file
// is removed and the path untouched.
func (f *File) Commit() (err error) {
	defer func() {
		if err != nil {
			f.Abort()
		}
	}()
	if err := f.Chmod(f.perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), f.path); err != nil {
		return err
	}
	if err := f.File.Close(); err != nil {
		return err
	}
	return syncDir(filepath.Dir(f.path))
}

// Abort closes and removes the temporary file, leaving the path untouched.
func (f *File) Abort() {
	f.File.Close()
	os.Remove(f.Name())
}

// tempPattern is the os.CreateTemp pattern of base's temporary files,
// ".NAME.*.tmp".
func tempPattern(base string) string { return "." + base + ".*.tmp" }

// RemoveStale removes the temporary files that writes to path left behind
// when they were killed before their rename: the ".NAME.*.tmp" files
// beside it that no live write holds. It is best effort: a file it cannot
// remove stays, to be tried again by the next run.
func RemoveStale(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	matches, _ := filepath.Glob(filepath.Join(dir, tempPattern(globEscape(base))))
	for _, m := range matches {
		f, err := os.Open(m)
		if err != nil {
			continue
		}
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && tryLock(f) {
			os.Remove(m)
		}
		f.Close()
	}
}

// globEscape escapes the glob metacharacters of a file name.
func globEscape(name string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "?", `\?`, "*", `\*`).Replace(name)
}

// syncDir syncs directory dir, so that a rename in it survives a crash.
// File systems that cannot sync a directory are let be.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return nil
}
