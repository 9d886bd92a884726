package school

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"path/filepath"

	"dicepoker/engine"
	"dicepoker/tables"
)

// gzipMagic starts every gzipped file.
var gzipMagic = []byte{0x1f, 0x8b}

// ShippedColumns are the column counts whose estimates, for the default
// rules, ship inside the program.
var ShippedColumns = []int{2, 3, 4}

// EstimatesDir is the folder of the shipped estimates (Shipped).
const EstimatesDir = "estimates"

// shippedName returns the name of g's estimate among the shipped ones.
func shippedName(g *engine.Game) string {
	return path.Join(EstimatesDir, filepath.Base(EstimatePath("", g))+".gz")
}

// Ships reports whether g's estimate, for g's rules, ships inside the
// program.
func Ships(g *engine.Game) bool {
	_, err := fs.Stat(shipped, shippedName(g))
	return err == nil
}

// ShippedEstimate returns g's estimate as it ships inside the program,
// checked as a table file is (rules, fingerprint and checksums). When
// none ships for g's rules, errors.Is(err, fs.ErrNotExist) holds for its
// error.
func ShippedEstimate(g *engine.Game) (*Estimate, error) {
	name := shippedName(g)
	data, err := fs.ReadFile(shipped, name)
	if err != nil {
		return nil, err
	}
	return decodeEstimate(g, data, shippedWhere+name)
}

// decodeEstimate returns the estimate of g whose table file, gzipped, is
// data, read from where. In the browser the file may also come unpacked
// (shippedUnpacked).
func decodeEstimate(g *engine.Game, data []byte, where string) (*Estimate, error) {
	want := expect(g, estimateTag)
	file := data
	if !shippedUnpacked || bytes.HasPrefix(data, gzipMagic) {
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
