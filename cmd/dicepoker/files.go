package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"syscall"

	"dicepoker/engine"
	"dicepoker/internal/atomicfile"
)

// fileError is the error of opening or creating the file a command line
// names, after what says which ("record file", "--resume"; none when ""):
// bad input, status 2, when the name is wrong (nothing there, a file where
// a directory should be, a name too long, a loop of links, something that
// is not a regular file); else a failure of the system, status 1
// (permissions, a read-only or full file system, a failing disk). A name
// too long to be a real one is cut (engine.QuoteName).
func fileError(what string, err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		err = &fs.PathError{Op: pe.Op, Path: engine.QuoteName(pe.Path), Err: pe.Err}
	}
	if what != "" {
		err = fmt.Errorf("%s: %w", what, err)
	}
	if badName(err) {
		return &usageError{err.Error()}
	}
	return err
}

// badName reports whether err, of the file system, says that the name
// given is wrong rather than that the system failed.
func badName(err error) bool {
	for _, bad := range []error{fs.ErrNotExist, fs.ErrExist, syscall.ENOTDIR, syscall.EISDIR,
		syscall.ENAMETOOLONG, syscall.ELOOP, atomicfile.ErrNotRegular} {
		if errors.Is(err, bad) {
			return true
		}
	}
	return false
}

// quotedName quotes a file name for a message, whole unless it is too
// long to be a real one (engine.QuoteName).
func quotedName(name string) string {
	if engine.QuoteName(name) != name {
		return engine.QuoteName(name)
	}
	return strconv.Quote(name)
}
