package school

import (
	"fmt"
	"math"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// Exact is the exact strategy of a one-column school game: the value of
// every state, kept in float32 as in its table file.
type Exact struct {
	Game     *engine.Game
	Layout   *Layout
	Values   []float32
	Expected float64 // optimal expected score of a new game, in full precision
	Path     string  // the file it was read from or saved to
}

// Value returns the expected sum of what is still to come from state s.
func (t *Exact) Value(s engine.SchoolState) float64 { return float64(t.Values[t.Layout.Index(&s)]) }

// FromSolution converts a solution to a table, rounding its values to
// float32 as saving does.
func FromSolution(sol *Solution) *Exact {
	vs := make([]float32, len(sol.Values))
	for i, v := range sol.Values {
		vs[i] = float32(v)
	}
	return &Exact{Game: sol.Game, Layout: sol.Layout, Values: vs, Expected: sol.Expected()}
}

// expect says what g's table files must be: options, with tag added for
// tables of another kind than the exact one.
func expect(g *engine.Game, tag string) tables.Expect {
	return tables.Expect{Game: g.Name, Options: options(g, tag), Fingerprint: g.Fingerprint(), Rebuild: strategy.SolveCommand(g)}
}

// options returns the options string of g's table of kind tag ("" exact).
func options(g *engine.Game, tag string) string {
	o := g.Options.String()
	switch {
	case tag == "":
		return o
	case o == "":
		return tag
	}
	return o + "," + tag
}

// save writes values to path as g's table of kind tag.
func save(path string, g *engine.Game, tag string, expected float64, values []float32) error {
	h := tables.Header{Game: g.Name, Options: options(g, tag), Fingerprint: g.Fingerprint(), Expected: expected, States: uint64(len(values))}
	return tables.Write(path, h, values)
}

// Save writes t to path atomically.
func (t *Exact) Save(path string) error {
	if err := save(path, t.Game, "", t.Expected, t.Values); err != nil {
		return err
	}
	t.Path = path
	return nil
}

// LoadExact reads the exact table of one-column school game g from path.
// A missing file gives an error for which errors.Is(err, fs.ErrNotExist)
// holds.
func LoadExact(path string, g *engine.Game) (*Exact, error) {
	l, err := NewLayout(g)
	if err != nil {
		return nil, err
	}
	h, values, err := tables.Read(path, expect(g, ""))
	if err != nil {
		return nil, err
	}
	t := &Exact{Game: g, Layout: l, Values: values, Expected: h.Expected, Path: path}
	if len(values) != l.Size() {
		return nil, &tables.Error{Path: path, Err: tables.ErrCorrupt, Rebuild: strategy.SolveCommand(g),
			Reason: fmt.Sprintf("%d values, the game has %d states", len(values), l.Size())}
	}
	if math.IsNaN(t.Value(g.NewSchoolState())) {
		return nil, &tables.Error{Path: path, Err: tables.ErrCorrupt, Rebuild: strategy.SolveCommand(g), Reason: "no value for a new game"}
	}
	return t, nil
}

// OpenExact loads g's exact table from dir, or, when there is none yet,
// solves the game, saves the table and returns it (tables.Open). notice,
// if not nil, is told before a solve starts.
func OpenExact(dir string, g *engine.Game, o solver.Options, notice func(msg string)) (*Exact, error) {
	return tables.Open(strategy.Path(dir, g), func(path string) (*Exact, error) { return LoadExact(path, g) },
		func() (*Exact, error) {
			sol, err := Solve(g, o)
			if err != nil {
				return nil, err
			}
			return FromSolution(sol), nil
		},
		func() string {
			return "no strategy table for " + strategy.Describe(g) + " yet: solving it once (" + ExactCost(g, o.Threads).String() + ")"
		}, notice)
}
