package target

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
	"dicepoker/tables"
)

// The every-target table's file is a word table (tables.WriteWords): the
// index, two words a state of the layout, then the rows, as Table keeps
// them in memory. Its fingerprint is the rules' with the table's format
// (tableFormat): a table of another format is refused as one for other
// rules, and built again on first use once removed.

// tableFormat names what a table's words mean; it changes whenever they
// do.
const tableFormat = "dicepoker every-target table v3: the deficits' step exponent; index offset, lo<<16|length; " +
	"entries of a chance in 2^-26 (27 bits) and the high 5 bits of a 17-bit deficit below the expected-value optimum, then the deficits' low 12 bits; " +
	"the values of the turns played in float32, near within 2^-22"

// fingerprint returns the fingerprint of g's every-target table.
func fingerprint(g *engine.Game) [32]byte {
	rules := g.Fingerprint()
	return sha256.Sum256(append([]byte(tableFormat+"\x00"), rules[:]...))
}

// TablePath returns the every-target table file of g in directory dir:
// "yatzy-targets.dpt", "yahtzee-targets+forced-joker.dpt".
func TablePath(dir string, g *engine.Game) string {
	return filepath.Join(dir, tables.FileName(g.TableName()+"-targets", g.Options.String()))
}

// TableCommand returns the command line that builds g's every-target
// table.
func TableCommand(g *engine.Game) string {
	args := []string{"dicepoker solve --targets --game " + g.Name}
	for _, o := range strings.Split(g.Options.String(), ",") {
		if o != "" {
			args = append(args, "--"+strings.Replace(o, "=", " ", 1))
		}
	}
	return strings.Join(args, " ")
}

func expectTable(g *engine.Game) tables.Expect {
	return tables.Expect{Game: g.Name, Options: g.Options.String(), Fingerprint: fingerprint(g), Rebuild: TableCommand(g)}
}

// Save writes t to path atomically. A table read lazily is read whole
// first.
func (t *Table) Save(path string) error {
	if err := t.ReadAll(); err != nil {
		return err
	}
	g := t.Game
	h := tables.Header{Game: g.Name, Options: g.Options.String(), Fingerprint: fingerprint(g), States: uint64(len(t.words))}
	if err := tables.WriteWords(path, h, t.words); err != nil {
		return err
	}
	t.Path = path
	return nil
}

// LoadTable opens g's every-target table at path, refusing a file for
// other rules or of another format, and reads no chance yet: each part
// of the file is read and checked against its checksum when a chance in
// it is first asked for, so that a few answers read a few blocks. A
// damaged part is then reported by Err; ReadAll reads and checks the
// whole table. A missing file gives an error for which errors.Is(err,
// fs.ErrNotExist) holds.
func LoadTable(path string, g *engine.Game) (*Table, error) { return loadTable(path, g, false) }

// LoadTableMapped is LoadTable with the file mapped rather than read
// (tables.Expect.Map): for a process that reads its tables, answers and
// ends.
func LoadTableMapped(path string, g *engine.Game) (*Table, error) { return loadTable(path, g, true) }

// loadTable is LoadTable, the file mapped when mapped.
func loadTable(path string, g *engine.Game, mapped bool) (*Table, error) {
	want := expectTable(g)
	want.Map = mapped
	w, err := tables.OpenWords(path, want)
	if err != nil {
		return nil, err
	}
	l := statespace.NewLayout(g)
	if len(w.Words()) < 1+2*l.Size() {
		w.Release()
		return nil, &tables.Error{Path: path, Err: tables.ErrCorrupt, Rebuild: TableCommand(g),
			Reason: fmt.Sprintf("%d words, the index alone has %d", len(w.Words()), 1+2*l.Size())}
	}
	return &Table{Game: g, Layout: l, words: w.Words(), lazy: w, Path: path, turn: newTurn[float32](g)}, nil
}

// ReadAll reads and checks every part of a table loaded lazily not read
// yet, and closes its file, whatever it finds: the table then answers
// from memory, or, damaged, says so by Err.
func (t *Table) ReadAll() error {
	if t.lazy == nil {
		return nil
	}
	err := t.lazy.Settle()
	if err == nil {
		t.lazy = nil
	}
	return err
}

// Bytes returns the memory the table's words take, once all are read.
func (t *Table) Bytes() int64 { return 4 * int64(len(t.words)) }

// Release gives back what a table loaded lazily holds of its file (the
// file, and its mapping), for a table that is dropped as damaged: none
// of its chances may be read after it; Err still says what was found.
func (t *Table) Release() {
	if t.lazy != nil {
		t.lazy.Release()
		t.words = nil
	}
}

// OpenTable loads g's every-target table from dir with load (LoadTable,
// or LoadTableMapped), or, when there is none yet, solves it, saves it
// and returns it (tables.Open). notice, if not nil, is told before a
// solve starts; o carries the solve's threads and progress.
func OpenTable(dir string, g *engine.Game, load func(path string, g *engine.Game) (*Table, error), o solver.Options, notice func(msg string)) (*Table, error) {
	return tables.Open(TablePath(dir, g), func(path string) (*Table, error) { return load(path, g) },
		func() (*Table, error) { return SolveTable(g, o) },
		func() string {
			return "no every-target table for " + g.Name + " yet: solving it once (" + TableCost(g, o.Threads).String() + ")"
		}, notice)
}
