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
func WriteFile(path string, data []byte, perm os.FileMode) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
