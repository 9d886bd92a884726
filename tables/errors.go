package tables

import (
	"errors"
	"io/fs"
	"strings"
)

// Errors that classify why [Read] refused a file; test for them with
// [errors.Is]. A missing file is reported with an error for which
// errors.Is(err, fs.ErrNotExist) holds.
var (
	ErrCorrupt = errors.New("table is corrupt")
	ErrVersion = errors.New("table has an unsupported format")
	ErrRules   = errors.New("table was built for other rules")
)

// Error is the error [Read] returns for a table it cannot use.
// Its message is one sentence that names the file and, where it helps,
// the command that rebuilds it.
type Error struct {
	Path    string // the table file
	Err     error  // ErrCorrupt, ErrVersion, ErrRules, or the error from reading the file
	Reason  string // details, e.g. "payload checksum mismatch"
	Rebuild string // command that rebuilds the file, or ""
}

// Error returns the message, for example
//
//	table /x/yahtzee.dpt is corrupt (payload checksum mismatch); rebuild it with: dicepoker solve --game yahtzee
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("table ")
	b.WriteString(e.Path)
	hint := "; rebuild it with: "
	switch {
	case e.Err == ErrCorrupt:
		b.WriteString(" is corrupt")
	case e.Err == ErrVersion:
		b.WriteString(" has an unsupported format")
	case e.Err == ErrRules:
		b.WriteString(" was built for other rules")
	case errors.Is(e.Err, fs.ErrNotExist):
		b.WriteString(" does not exist")
		hint = "; build it with: "
	default:
		b.WriteString(" cannot be read")
		hint = "" // rebuilding would not help
	}
	if e.Reason != "" {
		b.WriteString(" (")
		b.WriteString(e.Reason)
		b.WriteString(")")
	}
	if hint != "" && e.Rebuild != "" {
		b.WriteString(hint)
		b.WriteString(e.Rebuild)
	}
	return b.String()
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }
