package offline

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// TablesDir is the folder of the site that holds its strategy tables.
const TablesDir = "tables"

// TableName returns the name, in TablesDir, of the strategy table of
// single-sheet game g on the site: its table file's name, gzipped.
func TableName(g *engine.Game) string { return strategy.Path("", g) + ".gz" }

// Source gives the advisor in the browser its tables: a single-sheet
// game's strategy table from the site (Fetch), checked before use, else
// solved in memory by Opener; school's strategies from Opener (School:
// the estimates that ship with the program from the site, Estimates; the
// one-column exact table solved in memory). It has no every-target table.
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
	// A host that serves a .gz file with Content-Encoding gzip has the
	// browser unpack it on the way.
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		var err error
		if data, err = tables.Gunzip(data); err != nil {
			return nil, advice.Inputf("table %s: damaged (%v): build the site again", where, err)
		}
	}
	t, err := strategy.Decode(data, g, where)
	if err != nil {
		return nil, &advice.InputError{Msg: err.Error()}
	}
	return t, nil
}

// Estimates returns school's shipped estimates as the site holds them,
// each fetched through Fetch on first use: TablesDir/estimates/NAME.gz,
// named estimates/NAME.gz as school.Shipped names them, so that they are
// not inside the advisor compiled for the browser. The file fetched last
// is kept: a look at a file before it is read fetches it once.
func (s Source) Estimates() school.ShippedFiles {
	return school.ShippedFiles{FS: &siteFiles{fetch: s.Fetch}, Where: TablesDir + "/"}
}

// School returns school game g's strategy called name as the Opener
// does (advice.Opener.School), its estimate, where one ships, read from
// the site's files (Estimates).
func (s Source) School(g *engine.Game, name string) (*advice.SchoolStrategy, error) {
	o := s.Opener
	o.Shipped = s.Estimates()
	return o.School(g, name)
}

// siteFiles are the site's files under TablesDir, fetched on Open, the
// last one kept.
type siteFiles struct {
	fetch func(name string) ([]byte, error)
	mu    sync.Mutex
	name  string // the file fetched last, "" for none
	data  []byte
}

func (f *siteFiles) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if name != f.name {
		data, err := f.fetch(name)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		f.name, f.data = name, data
	}
	return &siteFile{Reader: bytes.NewReader(f.data), name: path.Base(name), size: int64(len(f.data))}, nil
}

// siteFile is a file of the site, fetched.
type siteFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *siteFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *siteFile) Close() error               { return nil }
func (f *siteFile) Name() string               { return f.name }
func (f *siteFile) Size() int64                { return f.size }
func (f *siteFile) Mode() fs.FileMode          { return 0o444 }
func (f *siteFile) ModTime() time.Time         { return time.Time{} }
func (f *siteFile) IsDir() bool                { return false }
func (f *siteFile) Sys() any                   { return nil }

// ErrNoTargets is Targets' error: the every-target tables are not
// offered offline.
var ErrNoTargets = errors.New("playing for a target is not offered offline: its every-target table is too large for a phone (dicepoker serve plays for one)")

// Targets returns ErrNoTargets, as bad input.
func (s Source) Targets(*engine.Game) (*target.Table, error) {
	return nil, s.NoTargets()
}

// NoTargets returns ErrNoTargets, as bad input: the app offers no
// every-target table, whatever its size (web.NoTargets).
func (s Source) NoTargets() error {
	return &advice.InputError{Msg: ErrNoTargets.Error()}
}
