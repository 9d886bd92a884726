// Package atomicfile writes files so that a reader never sees one half
// written: the data goes to a temporary file beside the target, which is
// synced and renamed into place.
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to path with permissions perm, like os.WriteFile,
// but atomically: on error, any previous file at path is left untouched
// and no temporary file stays behind.
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
// permissions perm.
func Create(path string, perm os.FileMode) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &File{File: f, path: path, perm: perm}, nil
}

// Commit syncs the file and renames it to its path, replacing any file
// there; on error the temporary file is removed and the path untouched.
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
	if err := f.File.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), f.path)
}

// Abort closes and removes the temporary file, leaving the path untouched.
func (f *File) Abort() {
	f.File.Close()
	os.Remove(f.Name())
}
