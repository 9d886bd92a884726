// Package strategy joins a game's solved values to their table file: it
// saves a solution as a table, loads a table for a game, and solves and
// saves one on first use. It is what the advisor and the simulator read.
package strategy

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
	"dicepoker/tables"
)

// Table is a game's strategy: the value of every state between turns,
// kept in float32 as in the table file.
type Table struct {
	Game   *engine.Game
	Layout statespace.Layout
	// Values holds the value of every state, by layout index, but in a
	// table read by Peek: there, until Check, only the blocks of the
	// file that Value has read hold theirs, the others zero (or, mapped,
	// the file's values unchecked: not to be read).
	Values   []float32
	Expected float64 // optimal expected score of a new game, in full precision
	Path     string  // the file it was read from or saved to
	turn     *solver.Turn
	// blocks is the file of a table read by Peek, whose blocks are
	// checked as Value reads them; nil once every value is checked.
	blocks *tables.Words
}

// Value returns the optimal expected sum of future points from state s.
// In a table read by Peek it reads and checks the block that holds it
// first, if no look-up has, and is NaN if that block is damaged (Err
// says how).
func (t *Table) Value(s engine.State) float64 {
	i := t.Layout.Index(s)
	if t.blocks != nil {
		return float64(t.blocks.Float(i))
	}
	return float64(t.Values[i])
}

// Err says whether a value Value has read was damaged: nil when none was,
// or when every value was checked at once (Load, Check).
func (t *Table) Err() error {
	if t.blocks == nil {
		return nil
	}
	return t.blocks.Err()
}

// Check reads and checks every value of a table read by Peek that no
// look-up has read yet, as Load does, and returns the damage it finds;
// the file is closed either way. Call it before the table is shared
// between goroutines.
func (t *Table) Check() error {
	if t.blocks == nil {
		return nil
	}
	err := t.blocks.Settle()
	if err == nil {
		t.blocks = nil
	}
	return err
}

// Turn returns the within-turn evaluator of the table's game.
func (t *Table) Turn() *solver.Turn { return t.turn }

// Actions ranks the legal actions of a position, best first (see
// solver.Turn.Actions), valued with this table; an error too if a value
// it read was damaged (Err).
func (t *Table) Actions(s engine.State, dice engine.Multiset, rollsLeft int) ([]engine.Ranked, error) {
	actions, err := t.turn.Actions(s, dice, rollsLeft, t.Value)
	if err == nil {
		err = t.Err()
	}
	return actions, err
}

// FromSolution converts a solution to a table, rounding the values to
// float32 as saving does, so that a fresh table gives the same advice as
// one read back from disk.
func FromSolution(sol *solver.Solution) *Table {
	vs := make([]float32, len(sol.Values))
	for i, v := range sol.Values {
		vs[i] = float32(v)
	}
	return &Table{Game: sol.Game, Layout: sol.Layout, Values: vs, Expected: sol.Expected(), turn: solver.NewTurn(sol.Game)}
}

// Path returns the table file of g in directory dir.
func Path(dir string, g *engine.Game) string {
	return filepath.Join(dir, tables.FileName(g.TableName(), g.Options.String()))
}

// SolveCommand returns the command line that builds g's table (for a game
// of a game file, with a stand-in for the file's name). An option
// that the commands read from the sheet (taken=) has no flag of solve: a
// table with it is built the first time a sheet with that option is
// advised on, so the command is that advise, run once the old file is
// out of the way.
func SolveCommand(g *engine.Game) string {
	if g.TableName() != g.Name {
		// A game of a game file: the command cannot know the file's name.
		return "dicepoker solve --rules FILE, FILE the game file of " + g.Name
	}
	flags := []string{"--game " + g.Name}
	var sheet []string
	for _, o := range strings.Split(g.Options.String(), ",") {
		name, _, _ := strings.Cut(o, "=")
		switch {
		case o == "":
		case inSheet(name):
			sheet = append(sheet, o)
		default:
			flags = append(flags, "--"+strings.Replace(o, "=", " ", 1))
		}
	}
	if len(sheet) > 0 {
		return fmt.Sprintf("dicepoker advise %s --sheet %s --dice %s (after removing the file: advise builds it on first use)",
			strings.Join(flags, " "), strings.Join(sheet, ","), strings.Repeat(g.Letters[:1], engine.Dice))
	}
	return "dicepoker solve " + strings.Join(flags, " ")
}

// inSheet reports whether the option called name is written in the
// sheet rather than given as a flag.
func inSheet(name string) bool {
	for _, opt := range engine.OptionList {
		if opt.Name == name {
			return opt.InSheet
		}
	}
	return false
}

func expect(g *engine.Game) tables.Expect {
	return tables.Expect{Game: g.Name, Options: g.Options.String(), Fingerprint: g.Fingerprint(), Rebuild: SolveCommand(g)}
}

// Save writes t to path atomically, its values checked block by block
// (tables.WriteFloats) so that Peek reads only the blocks it needs. A
// table read by Peek is checked whole first (Check).
func (t *Table) Save(path string) error {
	h, err := t.header()
	if err != nil {
		return err
	}
	if err := tables.WriteFloats(path, h, t.Values); err != nil {
		return err
	}
	t.Path = path
	return nil
}

// header returns the header of t's file, t's values checked whole first
// (Check).
func (t *Table) header() (tables.Header, error) {
	if err := t.Check(); err != nil {
		return tables.Header{}, err
	}
	g := t.Game
	return tables.Header{Game: g.Name, Options: g.Options.String(), Fingerprint: g.Fingerprint(),
		Expected: t.Expected, States: uint64(len(t.Values))}, nil
}

// shape returns what is wrong with a table of states values for layout
// l, value(i) its value at index i, or "": the number of values, then
// the value of a new game.
func shape(l statespace.Layout, states uint64, value func(i int) float32) string {
	switch {
	case states != uint64(l.Size()):
		return fmt.Sprintf("%d values, the game has %d states", states, l.Size())
	case math.IsNaN(float64(value(l.Index(engine.State{})))):
		return "no value for a new game"
	}
	return ""
}

// Load reads the table of g from path, refusing a file for other rules or
// of the wrong size, and checks every value. A missing file gives an
// error for which errors.Is(err, fs.ErrNotExist) holds.
func Load(path string, g *engine.Game) (*Table, error) { return load(path, g, false) }

// LoadMapped is Load with the file mapped rather than read
// (tables.Expect.Map): for a process that reads its tables, answers and
// ends.
func LoadMapped(path string, g *engine.Game) (*Table, error) { return load(path, g, true) }

// load is Load, the file mapped when mapped.
func load(path string, g *engine.Game, mapped bool) (*Table, error) {
	t, err := peek(path, g, mapped)
	if err != nil {
		return nil, err
	}
	if err := t.Check(); err != nil {
		t.blocks.Release() // refused: its mapping is given back
		return nil, err
	}
	return t, nil
}

// Peek reads the table of g from path as Load does, for a process that
// looks up a few values: it checks the file's header and block
// checksums and the value of a new game, and each other block of values
// when Value first reads it (a table of the format before blocks is
// checked whole, as by Load). A damaged block then gives NaN values and
// an Err, which Actions returns.
func Peek(path string, g *engine.Game) (*Table, error) { return peek(path, g, false) }

// PeekMapped is Peek with the file mapped rather than read
// (tables.Expect.Map): for a process that looks up a few values and
// ends.
func PeekMapped(path string, g *engine.Game) (*Table, error) { return peek(path, g, true) }

// peek is Peek, the file mapped when mapped.
func peek(path string, g *engine.Game, mapped bool) (*Table, error) {
	want := expect(g)
	want.Map = mapped
	w, err := tables.OpenFloats(path, want)
	if err != nil {
		return nil, err
	}
	l := statespace.NewLayout(g)
	fail := func(reason string) (*Table, error) {
		w.Release()
		return nil, &tables.Error{Path: path, Err: tables.ErrCorrupt, Rebuild: SolveCommand(g), Reason: reason}
	}
	if reason := shape(l, w.Header.States, w.Float); reason != "" {
		if err := w.Err(); err != nil { // a damaged block said first
			w.Release()
			return nil, err
		}
		return fail(reason)
	}
	return &Table{Game: g, Layout: l, Values: w.Floats(), Expected: w.Header.Expected, Path: path, turn: solver.NewTurn(g), blocks: w}, nil
}

// Open loads g's table from dir with load (Load, or Peek for a few
// look-ups), or, when there is none yet, solves the game, saves the table
// and returns it (tables.Open). notice, if not nil, is told before a solve
// starts; opts carries the solve's threads and progress.
func Open(dir string, g *engine.Game, load func(path string, g *engine.Game) (*Table, error), opts solver.Options, notice func(msg string)) (*Table, error) {
	return tables.Open(Path(dir, g), func(path string) (*Table, error) { return load(path, g) },
		func() (*Table, error) { return Solve(g, opts) },
		func() string { return "no strategy table for " + Describe(g) + " yet: solving it once" }, notice)
}

// Solve solves g and returns its table, saving nothing: for a game to
// play at once, or a test.
func Solve(g *engine.Game, opts solver.Options) (*Table, error) {
	sol, err := solver.Solve(g, opts)
	if err != nil {
		return nil, err
	}
	return FromSolution(sol), nil
}

// Describe names a game with its options for people: "yahtzee" or
// "yahtzee (forced-joker)".
func Describe(g *engine.Game) string {
	if o := g.Options.String(); o != "" {
		return g.Name + " (" + o + ")"
	}
	return g.Name
}
