package school

import "io/fs"

// Shipped returns the estimates that ship inside the program compiled for
// the browser (the offline app): none. It reads them from the files of
// the app's site (a ShippedFiles with its FS), fetched on use and checked
// as a table file is, not from inside the program, of which they would be
// a sixth.
func Shipped() fs.FS { return noFiles{} }

// noFiles is a file system with no files.
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
