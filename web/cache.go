package web

import (
	"sort"
	"sync"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/strategy"
)

// cache keeps the strategies the server has opened, and opens each one
// once however many requests ask for it at the same time: the first
// starts the work, the others wait for it. A request that waits longer
// than wait gets ErrSolving while the work goes on, so that a first solve
// of minutes never holds a connection.
type cache struct {
	src  advice.Source
	wait time.Duration

	mu    sync.Mutex
	slots map[string]*slot
}

// slot is one strategy being opened or opened.
type slot struct {
	what string        // the game, for people
	done chan struct{} // closed when v and err are set
	v    any
	err  error
}

// solvingError says that a strategy is still being built.
type solvingError struct{ what string }

func (e *solvingError) Error() string {
	return "the strategy of " + e.what + " is being solved (first use): ask again in a moment"
}

func newCache(src advice.Source, wait time.Duration) *cache {
	return &cache{src: src, wait: wait, slots: map[string]*slot{}}
}

// get returns the value of key, calling open once for it; an error is not
// kept, so that a later request tries again.
func (c *cache) get(key, what string, open func() (any, error)) (any, error) {
	c.mu.Lock()
	s, ok := c.slots[key]
	if !ok {
		s = &slot{what: what, done: make(chan struct{})}
		c.slots[key] = s
		go func() {
			v, err := open()
			c.mu.Lock()
			s.v, s.err = v, err
			if err != nil {
				delete(c.slots, key)
			}
			c.mu.Unlock()
			close(s.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-s.done:
		return s.v, s.err
	case <-time.After(c.wait):
		return nil, &solvingError{what}
	}
}

// solving returns the games whose strategies are being built, sorted.
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

// Table returns the strategy table of g, opened once.
func (c *cache) Table(g *engine.Game) (*strategy.Table, error) {
	v, err := c.get("table "+strategy.Describe(g), strategy.Describe(g), func() (any, error) { return c.src.Table(g) })
	if err != nil {
		return nil, err
	}
	return v.(*strategy.Table), nil
}

// School returns the default strategy of school game g, opened once.
func (c *cache) School(g *engine.Game) (*advice.SchoolStrategy, error) {
	v, err := c.get("school "+strategy.Describe(g), strategy.Describe(g), func() (any, error) { return c.src.School(g) })
	if err != nil {
		return nil, err
	}
	return v.(*advice.SchoolStrategy), nil
}

// SchoolGame is the source's.
func (c *cache) SchoolGame(g *engine.Game, sheet engine.SchoolSheet) (*engine.Game, error) {
	return c.src.SchoolGame(g, sheet)
}
