package school

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sync"

	"dicepoker/engine"
	"dicepoker/tables"
)

// gzipMagic starts every gzipped file.
var gzipMagic = []byte{0x1f, 0x8b}

// ShippedColumns are the column counts whose estimates, for the default
// rules, ship with the program.
var ShippedColumns = []int{2, 3, 4}

// EstimatesDir is the folder of the shipped estimates (Shipped).
const EstimatesDir = "estimates"

// shippedName returns the name of g's estimate among the shipped ones.
func shippedName(g *engine.Game) string {
	return path.Join(EstimatesDir, filepath.Base(EstimatePath("", g))+".gz")
}

// shippedNames are the names of the estimates that ship: one for each of
// ShippedColumns, with the default rules.
var shippedNames = sync.OnceValue(func() []string {
	var names []string
	for _, columns := range ShippedColumns {
		g, err := engine.New("school", engine.Options{Columns: columns})
		if err != nil {
			panic("school: a shipped column count is refused: " + err.Error())
		}
		names = append(names, shippedName(g))
	}
	return names
})

// Ships reports whether g's estimate, for g's rules, ships with the
// program: inside it, or beside it on the offline app's site.
func Ships(g *engine.Game) bool {
	return slices.Contains(shippedNames(), shippedName(g))
}

// insideWhere is where an estimate shipped inside the program is said to
// be read from, before its name.
const insideWhere = "(inside the program) "

// ShippedFiles says where the estimates that ship with the program are
// read: the zero value, inside the program (Shipped); the offline app,
// which has none inside, reads them from its site.
type ShippedFiles struct {
	// FS holds each shipped estimate as EstimatesDir/NAME.gz, as the
	// program ships them inside itself (Shipped); nil: inside the program.
	// A file from FS may also come unpacked: a web host that serves a .gz
	// file with Content-Encoding gzip has the browser unpack it on the way.
	FS fs.FS
	// Where is said before a file's name, to tell where it was read from.
	Where string
}

// Estimate returns g's estimate as it ships, from f, checked as a table
// file is (rules, fingerprint and checksums). When none ships for g's
// rules, errors.Is(err, fs.ErrNotExist) holds for its error.
func (f ShippedFiles) Estimate(g *engine.Game) (*Estimate, error) {
	files, where, unpacked := f.FS, f.Where, true
	if files == nil {
		files, where, unpacked = Shipped(), insideWhere, false
	}
	name := shippedName(g)
	data, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, err
	}
	return decodeEstimate(g, data, where+name, unpacked)
}

// decodeEstimate returns the estimate of g whose table file, gzipped, is
// data, read from where; with unpacked, data may also be the table file
// itself.
func decodeEstimate(g *engine.Game, data []byte, where string, unpacked bool) (*Estimate, error) {
	want := expect(g, estimateTag)
	file := data
	if !unpacked || bytes.HasPrefix(data, gzipMagic) {
		var err error
		if file, err = tables.Gunzip(data); err != nil {
			return nil, &tables.Error{Path: where, Err: tables.ErrCorrupt, Reason: err.Error(), Rebuild: want.Rebuild}
		}
	}
	h, values, err := tables.Decode(file, want)
	if e, ok := errors.AsType[*tables.Error](err); ok {
		e.Path = where
	}
	if err != nil {
		return nil, err
	}
	return estimateOf(g, h, values, where)
}
