package offline

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// TablesDir is the folder of the site that holds its strategy tables.
const TablesDir = "tables"

// TableName returns the name, in TablesDir, of the strategy table of
// single-sheet game g on the site: its table file's name, gzipped.
func TableName(g *engine.Game) string {
	return tables.FileName(g.Name, g.Options.String()) + ".gz"
}

// Source gives the advisor in the browser its tables: a single-sheet
// game's strategy table from the site (Fetch), checked before use, else
// solved in memory by Opener; school's strategies from Opener (the
// estimates that ship inside the program; the one-column exact table
// solved in memory). It has no every-target table.
type Source struct {
	advice.Opener
	// Fetch returns the bytes of the site's file TablesDir/name, or an
	// error for which errors.Is(err, fs.ErrNotExist) holds where the site
	// has none.
	Fetch func(name string) ([]byte, error)
	// Drop, when set, is told the name of a table that Fetch gave and
	// that failed its check, so that a copy kept of it goes.
	Drop func(name string)
}

// Table returns single-sheet game g's strategy table: the site's, checked
// as a file is (strategy.Decode), or where the site has none, the game
// solved by Opener.
func (s Source) Table(g *engine.Game) (*strategy.Table, error) {
	name := TableName(g)
	data, err := s.Fetch(name)
	if errors.Is(err, fs.ErrNotExist) {
		return s.Opener.Table(g)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot fetch %s/%s: %w", TablesDir, name, err)
	}
	where := TablesDir + "/" + name
	t, err := decode(data, g, where)
	if err != nil && s.Drop != nil {
		s.Drop(name)
	}
	return t, err
}

// decode returns the table of g in data, gzipped, fetched from where,
// checked; a table that fails the check is bad input.
func decode(data []byte, g *engine.Game, where string) (*strategy.Table, error) {
	data, err := gunzip(data)
	if err != nil {
		return nil, advice.Inputf("table %s: damaged (%v): build the site again", where, err)
	}
	t, err := strategy.Decode(data, g, where)
	if err != nil {
		return nil, &advice.InputError{Msg: err.Error()}
	}
	return t, nil
}

// ErrNoTargets is Targets' error: the every-target tables are not
// offered offline.
var ErrNoTargets = errors.New("playing for a target is not offered offline: its every-target table is too large for a phone (dicepoker serve plays for one)")

// Targets returns ErrNoTargets, as bad input.
func (s Source) Targets(*engine.Game) (*target.Table, error) {
	return nil, &advice.InputError{Msg: ErrNoTargets.Error()}
}

// gunzip returns the bytes gzipped in data, or data itself where it is
// not gzipped: a host that serves a .gz file with Content-Encoding gzip
// has the browser unpack it on the way.
func gunzip(data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, nil
	}
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r) // which checks the gzip checksum at the end
}
