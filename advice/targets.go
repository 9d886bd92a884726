package advice

import (
	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/target"
)

// Targets reads g's every-target table from the tables directory, solving
// and saving it there first when it is missing (target.OpenTable). A
// table that cannot be used is bad input: it says how to rebuild it.
func (o Opener) Targets(g *engine.Game) (*target.Table, error) {
	dir, err := o.TablesDir()
	if err != nil {
		return nil, err
	}
	load := target.LoadTable
	if o.Mapped {
		load = target.LoadTableMapped
	}
	t, err := target.OpenTable(dir, g, load, solver.Options{Threads: o.Threads, Progress: o.SolveProgress("solving " + g.Name + " for every target")}, o.Notice)
	return t, o.tableError(err)
}

// TargetPlay opens what plays single-sheet game g for a target: its
// every-target table and its strategy table, whose expected-value optimum
// plays the needs met and out of reach. With all it reads the whole
// every-target table at once (target.Table.ReadAll), for play from many
// states; else each part when it is first asked for.
func (o Opener) TargetPlay(g *engine.Game, all bool) (*target.Table, solver.Values, error) {
	// The values go out as they are, with no Actions to say if a block
	// was damaged: every one is checked, whatever o.Lookups says.
	o.Lookups = false
	st, err := o.Table(g)
	if err != nil {
		return nil, nil, err
	}
	t, err := o.Targets(g)
	if err == nil && all {
		if err = o.tableError(t.ReadAll()); err != nil {
			t.Release() // refused: its mapping is given back
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return t, st.Value, nil
}
