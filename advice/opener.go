package advice

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"dicepoker/engine"
	"dicepoker/internal/atomicfile"
	"dicepoker/internal/cost"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// Opener opens strategies from a file or the tables directory, solving
// and saving them there first when they are missing, and reports the work
// done on them; every report may be nil.
type Opener struct {
	// File is the table to read ("": the tables directory).
	File string
	// Dir is the tables directory ("": tables.DefaultDir, from the
	// process's environment).
	Dir string
	// Progress, when set, returns the progress callback of a solve
	// described by what.
	Progress func(what string) func(done, total int)
	// Ticking, when set, returns the callback of work expected to take
	// about seconds that reports only now and then (a fit, round by
	// round), told the share of it done, 0 to 1, by time; or nil.
	Ticking func(what string, seconds float64) func(share float64)
	// Notice, when set, tells the user that a table is being built, or
	// that it could not be saved.
	Notice func(msg string)
	// In, when set, returns the progress callback of work described by
	// what, counted in unit ("games", "turns"): the games a player plays
	// (kind.Player).
	In func(what, unit string) func(done, total int)
	// Turns, when set, returns the scores.Options.TurnProgress callback
	// of an exact pass described by what.
	Turns func(what string) func(turn, turns, done, states int)
	// Memory, when set, tells the user, before work that needs bytes of
	// memory, how much it needs.
	Memory func(what string, bytes float64)
	// Strategy names the strategy School opens (see Named); "": the
	// default.
	Strategy string
	// Lookups says that the caller looks up a few values of a table and
	// ends, as one advice does: Table reads it with strategy.Peek, which
	// checks only the blocks read, where every value is checked first
	// otherwise. Such a table's Actions say if a block was damaged.
	Lookups bool
	// Mapped maps the files of the single-sheet games' strategy and
	// every-target tables rather than reading copies (tables.Expect.Map):
	// for a process that reads its tables, answers and ends.
	Mapped bool
	// Threads is the goroutines of a table's solve (0: GOMAXPROCS): a
	// server leaves a core to its cheap requests.
	Threads int
	// Shipped is where the school estimates that ship with the program
	// are read (the zero value: inside the program); the offline app
	// reads them from its site.
	Shipped school.ShippedFiles
}

// SolveProgress returns o.Progress's callback for a solve described by
// what, or nil.
func (o Opener) SolveProgress(what string) func(done, total int) {
	if o.Progress == nil {
		return nil
	}
	return o.Progress(what)
}

// InProgress returns o.In's callback for work described by what, counted
// in unit, or nil.
func (o Opener) InProgress(what, unit string) func(done, total int) {
	if o.In == nil {
		return nil
	}
	return o.In(what, unit)
}

// TurnProgress returns o.Turns's callback for an exact pass described by
// what, or nil.
func (o Opener) TurnProgress(what string) func(turn, turns, done, states int) {
	if o.Turns == nil {
		return nil
	}
	return o.Turns(what)
}

// MemoryNotice tells o.Memory, when set, that work described by what
// needs bytes of memory.
func (o Opener) MemoryNotice(what string, bytes float64) {
	if o.Memory != nil {
		o.Memory(what, bytes)
	}
}

// Table reads the table of g from o.File, or from the tables directory,
// solving and saving it there first when it is missing. A table that
// cannot be used is bad input: it says how to rebuild it.
func (o Opener) Table(g *engine.Game) (*strategy.Table, error) {
	load := strategy.Load
	switch {
	case o.Lookups && o.Mapped:
		load = strategy.PeekMapped
	case o.Lookups:
		load = strategy.Peek
	case o.Mapped:
		load = strategy.LoadMapped
	}
	return open(o, g, load, func(dir string) (*strategy.Table, error) {
		return strategy.Open(dir, g, load, solver.Options{Threads: o.Threads, Progress: o.SolveProgress("solving " + g.Name)}, o.Notice)
	})
}

// TablesDir returns the tables directory: o.Dir, or where it is not
// given, tables.DefaultDir.
func (o Opener) TablesDir() (string, error) {
	if o.Dir != "" {
		return o.Dir, nil
	}
	return tables.DefaultDir()
}

// open reads a table of g with load from o.File or, when no file is
// given, with fromDir from the tables directory, and sorts its error
// (tableError): the one way every kind of table is opened.
func open[T any](o Opener, g *engine.Game, load func(path string, g *engine.Game) (T, error), fromDir func(dir string) (T, error)) (T, error) {
	var t T
	var err error
	if o.File != "" {
		t, err = load(o.File, g)
	} else {
		dir, derr := o.TablesDir()
		if derr != nil {
			return t, derr
		}
		t, err = fromDir(dir)
	}
	return t, o.tableError(err)
}

// tableError sorts an error of opening a table: nil when only saving it
// failed (the table solved in memory serves this run, and o.Notice says
// so), bad input for a table that cannot be used (it says how to rebuild
// it, or the name is too long to be a file's), else a failure of the system,
// as it is. A name too long to be a real one is cut (engine.QuoteName).
func (o Opener) tableError(err error) error {
	var write *tables.WriteError
	if te, ok := err.(*tables.Error); ok && engine.QuoteName(te.Path) != te.Path {
		short := *te // a name too long to be a file's, given as one: cut it
		short.Path = engine.QuoteName(te.Path)
		err = &short
	}
	switch {
	case err == nil:
		return nil
	case errors.As(err, &write):
		if o.Notice != nil {
			o.Notice(fmt.Sprintf("warning: %v; the table is used from memory for this run only", err))
		}
		return nil
	case errors.Is(err, tables.ErrCorrupt), errors.Is(err, tables.ErrVersion), errors.Is(err, tables.ErrRules),
		errors.Is(err, fs.ErrNotExist), errors.Is(err, atomicfile.ErrNotRegular), errors.Is(err, syscall.ENAMETOOLONG):
		return &InputError{Msg: err.Error()}
	}
	return err
}

// SchoolGame returns TakenGame's game, or g when o reads a given file.
func (o Opener) SchoolGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error) {
	if o.File != "" {
		return g, nil
	}
	return TakenGame(g, sheet)
}

// School returns the strategy called name for school game g, or with
// name "" o.Strategy (see Named).
func (o Opener) School(g *engine.Game, name string) (*SchoolStrategy, error) {
	if name == "" {
		name = o.Strategy
	}
	return o.Named(g, name)
}

// Named returns the strategy called name for school game g ("": the
// exact table with one column, else the estimate), reading its table from
// o.File or the tables directory, building it there first when missing.
func (o Opener) Named(g *engine.Game, name string) (*SchoolStrategy, error) {
	if name == "" {
		name = "estimate"
		if school.SolvesExactly(g) {
			name = "optimal"
		}
	}
	st, err := o.named(g, name)
	if err == nil && st.Seat == nil {
		st.Seat = school.Alone(st.Player)
	}
	if err == nil && st.Advisor == nil {
		st.Advisor = st.Player
	}
	return st, err
}

// SchoolStrategies names the strategies of school (Named).
const SchoolStrategies = "optimal, estimate, race or greedy"

// named returns the strategy called name, as Named does, but for its Seat
// and its Advisor where those are only its Player.
func (o Opener) named(g *engine.Game, name string) (*SchoolStrategy, error) {
	switch name {
	case "greedy": // every sheet after the turn is worth 0: the most points this turn
		zero := func(engine.SchoolState) float64 { return 0 }
		return &SchoolStrategy{Name: name, Player: school.Fixed(zero), Value: zero}, nil
	case "optimal":
		if !school.SolvesExactly(g) {
			return nil, Fieldf("{strategy} optimal: school is solved exactly with one column only ({columns} 1); use estimate")
		}
		t, err := o.Exact(g)
		if err != nil {
			return nil, err
		}
		return ExactStrategy(t), nil
	case "estimate", "race":
		e, err := o.Estimate(g)
		if err != nil {
			return nil, err
		}
		st := &SchoolStrategy{Name: name, Player: e.After, Value: e.Value, Expected: e.Expected}
		if name == "estimate" {
			// The last turns are valued exactly. The race keeps the
			// estimate there: its values are for a sheet alone, where the
			// race weighs each late bonus by the chance of earning it first.
			k := school.NewKernel(g)
			end := school.NewEndgame(k, e.After, school.EndgameTurns, school.EndgameLostTurns)
			st.Player, st.Value = end.Player, end.Values(e.Value)
			st.Advisor = k.Lookahead(end.Player, 0)
			st.Drift = end.Drift()
			st.Drift.Lookahead = true
		}
		if name == "race" {
			tm, err := o.Timing(e)
			if err != nil {
				return nil, err
			}
			st.Seat = (&school.Race{Estimate: e, Timing: tm}).Seat
		}
		return st, nil
	}
	return nil, Fieldf("{strategy} %s: want %s", engine.Quote(name), SchoolStrategies)
}

// noticeSeconds is how long work must be expected to take for a notice
// to say so before it starts.
const noticeSeconds = 5

// Timing reads the race timing of the estimate e from the tables
// directory, measuring and saving it there first when it is missing or
// was measured on another fit (with --table, the estimate's file, it is
// measured in memory).
func (o Opener) Timing(e *school.Estimate) (*school.Timing, error) {
	if o.File != "" {
		if c := school.TimingCost(e.Game, 0); o.Notice != nil && c.Seconds >= noticeSeconds {
			o.Notice(fmt.Sprintf("measuring the race timing of %s's estimate for this run (%s, %s of memory)",
				strategy.Describe(e.Game), cost.Duration(c.Seconds), cost.Bytes(c.Memory)))
		}
		return school.MeasureTiming(e.Game, e.After, school.TimingGames, 1, 0), nil
	}
	dir, err := o.TablesDir()
	if err != nil {
		return nil, err
	}
	tm, err := school.OpenTiming(dir, e, 0, o.Notice)
	return tm, o.tableError(err)
}

// Exact reads the exact table of one-column school game g from o.File,
// or from the tables directory, solving and saving it there first when
// it is missing.
func (o Opener) Exact(g *engine.Game) (*school.Exact, error) {
	return open(o, g, school.LoadExact, func(dir string) (*school.Exact, error) {
		return school.OpenExact(dir, g, solver.Options{Threads: o.Threads, Progress: o.SolveProgress("solving " + g.Name)}, o.Notice)
	})
}

// Estimate reads the estimate of school game g from o.File, or from the
// tables directory, else takes the one that ships with the program for
// g's rules (o.Shipped), fitting and saving it in the directory first
// when there is none.
func (o Opener) Estimate(g *engine.Game) (*school.Estimate, error) {
	return open(o, g, school.LoadEstimate, func(dir string) (*school.Estimate, error) {
		return school.OpenEstimate(dir, g, o.Shipped, func() (school.Fit, error) { return o.Fit(g, 0) }, o.Notice)
	})
}

// Fit returns how g's estimate is fitted: seeded from the exact table
// with one column (from the tables directory), its rounds reported to
// o.Ticking.
func (o Opener) Fit(g *engine.Game, threads int) (school.Fit, error) {
	var teacher school.Values
	if school.SolvesExactly(g) {
		t, err := Opener{Progress: o.Progress, Notice: o.Notice}.Exact(g)
		if err != nil {
			return school.Fit{}, err
		}
		teacher = t.Value
	}
	f := school.DefaultFit(g, teacher, threads)
	// Build tells the work done by its share of the time, so the time left
	// at the rate so far is honest.
	if o.Ticking != nil {
		if tick := o.Ticking("fitting the "+strategy.Describe(g)+" estimate", school.FitCost(g, f).Seconds); tick != nil {
			f.Progress = func(done, total float64) { tick(done / total) }
		}
	}
	return f, nil
}
