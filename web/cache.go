package web

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/cost"
	"dicepoker/internal/memory"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/target"
)

// Source gives the server its tables: the strategies of advice.Source,
// and the every-target tables. advice.Opener is one.
type Source interface {
	advice.Source
	// Targets returns the every-target table of single-sheet game g.
	Targets(g *engine.Game) (*target.Table, error)
}

// NoTargets is a Source that offers no every-target table at all (the
// offline app's): its error answers every question that needs one, before
// the table's memory is weighed against the budget, which would refuse a
// large one as too large for this server.
type NoTargets interface {
	NoTargets() error
}

// cache keeps the tables the server has opened, one copy of each
// whatever the number of requests, and opens each one once however many
// requests ask for it at the same time: the first starts the work, the
// others wait for it. A request that waits longer than wait gets
// ErrSolving while the work goes on, so that a first solve of minutes
// never holds a connection.
//
// The tables and the expensive jobs share a memory budget, limit bytes:
// each reserves what it will take before it starts (estimate.go), the
// tables least recently used are let go to make room, and what does not
// fit is refused (busyError, tooBigError). A build, like any expensive
// job, waits its turn in jobs. The tables of variants a request can
// multiply (variant) are solved in memory when their file is missing,
// and never saved.
type cache struct {
	src   Source
	wait  time.Duration
	jobs  *queue
	limit int64

	mu    sync.Mutex
	slots map[string]*slot
	used  int64  // bytes reserved: the tables held and the work under way
	clock uint64 // counts the uses of tables, for the least recent
}

// slot is one table being opened or opened.
type slot struct {
	what string        // the game, for people
	kind string        // what table of the game, for people
	done chan struct{} // closed when v and err are set
	v    any
	err  error
	size int64  // the bytes it holds in the budget, once done
	last uint64 // the clock at its last use
}

// solvingError says that a table is still being built.
type solvingError struct{ kind, what string }

func (e *solvingError) Error() string {
	return "the " + e.kind + " of " + e.what + " is being solved (first use): ask again in a moment"
}

func newCache(src Source, wait time.Duration, limit int64) *cache {
	return &cache{src: src, wait: wait, jobs: newQueue(), limit: limit, slots: map[string]*slot{}}
}

// get returns the value of key, calling open once for it with the need
// needOf returns; an error is not kept, so that a later request tries
// again.
func (c *cache) get(key, kind, what string, needOf func() memory.Need, open func(n memory.Need) (any, error)) (any, error) {
	c.mu.Lock()
	s, ok := c.slots[key]
	if !ok {
		s = &slot{what: what, kind: kind, done: make(chan struct{})}
		c.slots[key] = s
		go func() { c.fill(key, s, needOf(), open) }() // needOf stats a file: not under c.mu
	}
	c.clock++
	s.last = c.clock
	c.mu.Unlock()
	wait := time.NewTimer(c.wait)
	defer wait.Stop()
	select {
	case <-s.done:
		return s.v, s.err
	case <-wait.C:
		return nil, &solvingError{kind, what}
	}
}

// fill opens the table of slot s: in the queue when it is built,
// within the budget always.
func (c *cache) fill(key string, s *slot, n memory.Need, open func(n memory.Need) (any, error)) {
	var v any
	run := func() error {
		if err := c.reserve(n.Peak, "the "+s.kind+" of "+s.what); err != nil {
			return err
		}
		var err error
		v, err = open(n)
		c.mu.Lock()
		c.used -= n.Peak
		if err == nil {
			s.size = sizeOf(v, n.Hold)
			c.used += s.size
		}
		c.mu.Unlock()
		return err
	}
	var err error
	if n.Build {
		err = c.jobs.do(context.Background(), "the "+s.kind+" of "+s.what, run)
	} else {
		err = run()
	}
	c.mu.Lock()
	s.v, s.err = v, err
	if err != nil {
		delete(c.slots, key)
	}
	c.mu.Unlock()
	close(s.done)
}

// sizeOf returns the bytes table v holds: its values', where they are
// known, else guess.
func sizeOf(v any, guess int64) int64 {
	switch t := v.(type) {
	case *strategy.Table:
		return 4 * int64(len(t.Values))
	case *target.Table:
		return t.Bytes()
	}
	return guess
}

// reserve takes n bytes of the budget for the work what, letting go of
// the tables least recently used as long as it does not fit; it returns
// a *tooBigError where n is over the whole budget, a *busyError where
// the work under way holds too much of it.
func (c *cache) reserve(n int64, what string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n > c.limit {
		return &tooBigError{fmt.Sprintf("%s takes about %s of memory, more than the server's budget for tables and long work, %s (serve --memory)",
			what, cost.Bytes(n), cost.Bytes(c.limit))}
	}
	for c.used+n > c.limit {
		if !c.evict() {
			return &busyError{fmt.Sprintf("%s takes about %s of memory, and the work under way holds the server's budget: ask again in a moment",
				what, cost.Bytes(n))}
		}
	}
	c.used += n
	return nil
}

// release gives back n bytes that reserve took.
func (c *cache) release(n int64) {
	c.mu.Lock()
	c.used -= n
	c.mu.Unlock()
}

// evict lets go of the table opened least recently used, and reports
// whether there was one; c.mu is held. A request still using it keeps
// its copy until it ends.
func (c *cache) evict() bool {
	var key string
	var oldest *slot
	for k, s := range c.slots {
		select {
		case <-s.done:
		default:
			continue // being opened
		}
		if oldest == nil || s.last < oldest.last {
			key, oldest = k, s
		}
	}
	if oldest == nil {
		return false
	}
	delete(c.slots, key)
	c.used -= oldest.size
	return true
}

// job runs the expensive work what, which takes about n bytes, in the
// queue and within the budget; ctx done stops its wait.
func (c *cache) job(ctx context.Context, what string, n int64, work func() error) error {
	return c.jobs.do(ctx, what, func() error {
		if err := c.reserve(n, what); err != nil {
			return err
		}
		defer c.release(n)
		return work()
	})
}

// solving returns the games whose tables are being built, sorted.
func (c *cache) solving() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	names := []string{}
	for _, s := range c.slots {
		select {
		case <-s.done:
		default:
			names = append(names, s.what)
		}
	}
	sort.Strings(names)
	return names
}

// variant reports whether g's options are of those a request can
// multiply beyond what the disk should hold: a school sheet's taken
// bonuses (32,767 sets), swedish's upper-bonus threshold (105). Their
// tables are solved in memory when no file has them.
func variant(g *engine.Game) bool {
	return g.Options.Taken != "" || g.Options.UpperBonusThreshold != 0
}

// Table returns the strategy table of g, opened once.
func (c *cache) Table(g *engine.Game) (*strategy.Table, error) {
	open := func(n memory.Need) (any, error) {
		if n.Build && variant(g) {
			return strategy.Solve(g, solver.Options{Threads: JobThreads()})
		}
		return c.src.Table(g)
	}
	v, err := c.get("table "+strategy.Describe(g), "strategy", strategy.Describe(g), func() memory.Need { return tableNeed(tablesDir(c.src), g) }, open)
	if err != nil {
		return nil, err
	}
	return v.(*strategy.Table), nil
}

// School returns the strategy called name of school game g ("": the
// source's own), opened once.
func (c *cache) School(g *engine.Game, name string) (*advice.SchoolStrategy, error) {
	open := func(n memory.Need) (any, error) {
		if name != "" || !n.Build || !variant(g) || !kind.Of(g).Exact() {
			return c.src.School(g, name)
		}
		sol, err := school.Solve(g, solver.Options{Threads: JobThreads()})
		if err != nil {
			return nil, err
		}
		return advice.ExactStrategy(school.FromSolution(sol)), nil
	}
	what, needOf := "strategy", func() memory.Need { return tableNeed(tablesDir(c.src), g) }
	if name != "" {
		what, needOf = name+" strategy", func() memory.Need { return namedNeed(tablesDir(c.src), g, name) }
	}
	v, err := c.get("school "+what+" "+strategy.Describe(g), what, strategy.Describe(g), needOf, open)
	if err != nil {
		return nil, err
	}
	return v.(*advice.SchoolStrategy), nil
}

// SchoolGame is the source's.
func (c *cache) SchoolGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error) {
	return c.src.SchoolGame(g, sheet)
}

// TargetPlay returns g's every-target table and its strategy's values,
// each opened once (advice.TargetTables). The every-target table is
// read as lookups ask for its parts, whatever all says.
func (c *cache) TargetPlay(g *engine.Game, _ bool) (*target.Table, solver.Values, error) {
	if n, ok := c.src.(NoTargets); ok {
		return nil, nil, n.NoTargets()
	}
	st, err := c.Table(g)
	if err != nil {
		return nil, nil, err
	}
	open := func(n memory.Need) (any, error) {
		if n.Build && variant(g) {
			return target.SolveTable(g, solver.Options{Threads: JobThreads()})
		}
		return c.src.Targets(g)
	}
	v, err := c.get("targets "+strategy.Describe(g), "every-target table", strategy.Describe(g), func() memory.Need { return targetsNeed(tablesDir(c.src), g) }, open)
	if err != nil {
		return nil, nil, err
	}
	return v.(*target.Table), st.Value, nil
}
