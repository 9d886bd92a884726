package tables

import (
	"errors"
	"io/fs"
)

// Saver is a table in memory that can write itself to a file, atomically
// (through [Write]), remembering the path it was saved to.
type Saver interface {
	Save(path string) error
}

// Open loads the table at path with load or, when there is none yet,
// builds it with build, saves it to path and returns it: every kind of
// table is opened this way. notice, if not nil, is told before a build
// starts, with what building returns ("no strategy table for yahtzee
// yet: solving it once") and the path: a function, since a build's cost
// can take work to say (a layout of the states), not done for a table
// that is there. A table built but not saved is returned with the
// [*WriteError], for the caller to use from memory.
func Open[T Saver](path string, load func(path string) (T, error), build func() (T, error), building func() string, notice func(msg string)) (T, error) {
	t, err := load(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return t, err
	}
	if notice != nil {
		notice(building() + " and saving it to " + path)
	}
	if t, err = build(); err != nil {
		return t, err
	}
	return t, t.Save(path)
}
