package school

import "io/fs"

// shipped is where the program compiled for the browser (the offline app)
// reads the shipped estimates: files of the app's site that SetShipped
// names, fetched on use and checked as a table file is, not inside the
// program, of which they would be a sixth. Until SetShipped, it has none.
var shipped fs.FS = noFiles{}

// shippedWhere is where a shipped estimate is said to be read from, before
// its name.
var shippedWhere string

// shippedUnpacked says that a shipped estimate may come unpacked: a web
// host that serves a .gz file with Content-Encoding gzip has the browser
// unpack it on the way to the offline app, which then reads the table
// file as it is.
const shippedUnpacked = true

// SetShipped makes files, holding estimates/NAME.gz as the program built
// for other systems ships them (Shipped), where the shipped estimates are
// read; where is said before a name to tell where it is read from.
func SetShipped(files fs.FS, where string) { shipped, shippedWhere = files, where }

// noFiles is a file system with no files.
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
