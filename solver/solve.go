package solver

import (
	"context"
	"math"
	"math/bits"
	"slices"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/internal/workers"
)

// Options tune a solve. The result does not depend on them.
type Options struct {
	Threads int // goroutines; 0 means runtime.GOMAXPROCS
	// Progress, when set, is called after each layer with the number of
	// states solved so far and the total.
	Progress func(done, total int)
	// PlainGo solves with the plain Go lane kernel, the one every machine
	// without the assembly runs, so that one process can time both.
	PlainGo bool
	// Context, when set, stops the solve once it is done: the solve
	// checks it between layers of states and returns its error. A server
	// sets it to a request's, so that no work goes on for a client that
	// left; nil never stops.
	Context context.Context
}

// Err returns the error of o.Context once it is done, else nil.
func (o Options) Err() error {
	if o.Context == nil {
		return nil
	}
	return o.Context.Err()
}

// Solution is the value of every reachable state of a game.
type Solution struct {
	Game   *engine.Game
	Layout statespace.Layout
	// Values[Layout.Index(s)] is the optimal expected sum of the points
	// still to come from state s; NaN for states that cannot occur.
	Values []float64
	States int // reachable states
}

// Value returns the value of state s.
func (s *Solution) Value(st engine.State) float64 { return s.Values[s.Layout.Index(st)] }

// Expected returns the optimal expected final score of the game.
func (s *Solution) Expected() float64 { return s.Value(engine.State{}) }

// ErrNotSingleSheet is returned for games whose state is more than a
// filled set, an upper total and a five-alike box (school): it is
// engine.ErrNotSingleSheet.
var ErrNotSingleSheet = engine.ErrNotSingleSheet

// Solve computes the value of every state of g. School sheets, whose rows
// have columns and a reserve, are refused with ErrNotSingleSheet.
func Solve(g *engine.Game, o Options) (*Solution, error) {
	if err := g.SingleSheet("cannot be solved exactly yet"); err != nil {
		return nil, err
	}
	return solveWith(g, o, newPlayer(g, o))
}

// solveWith is Solve with the turns played by play.
func solveWith(g *engine.Game, o Options, play player) (*Solution, error) {
	l := statespace.NewLayout(g)
	sol := &Solution{Game: g, Layout: l, Values: make([]float64, l.Size())}
	for i := range sol.Values {
		sol.Values[i] = math.NaN()
	}
	n := l.Categories
	layers := make([][]uint32, n+1)
	sizes := make([]int, n+1) // the states of each layer
	classes := statespace.NewUpperClasses(g)
	for m := range uint32(1 << n) {
		k := bits.OnesCount32(m)
		layers[k] = append(layers[k], m)
		sizes[k] += classes.Count(m)
	}
	for _, size := range sizes {
		sol.States += size
	}
	next := func(s engine.State) float64 { return sol.Values[l.Index(s)] }
	done := 0
	// Room for the largest layer's states at once: grown layer by layer,
	// the lists took a new array, fresh pages, each time a layer outgrew
	// the last.
	todo, copies := make([]engine.State, 0, slices.Max(sizes)), make([][2]int, 0, slices.Max(sizes))
	first := make([]int, g.UpperCap()+2)
	for layer := n; layer >= 0; layer-- {
		if err := o.Err(); err != nil {
			return nil, err
		}
		masks := layers[layer]
		todo, copies = todo[:0], copies[:0]
		for _, m := range masks {
			todo, copies = layerStates(sol, classes, m, first, todo, copies)
			done += classes.Count(m)
		}
		// The states go through their turns Lanes at a time; which states
		// share a batch does not change their values.
		batches := (len(todo) + lanes.Lanes - 1) / lanes.Lanes
		workers.Each(batches, o.Threads, func(w, b int) {
			batch := todo[b*lanes.Lanes : min(len(todo), (b+1)*lanes.Lanes)]
			var out [lanes.Lanes]float64
			play(w, batch, next, out[:])
			for j, s := range batch {
				sol.Values[l.Index(s)] = out[j]
			}
		})
		for _, c := range copies {
			sol.Values[c[0]] = sol.Values[c[1]]
		}
		if o.Progress != nil {
			o.Progress(done, sol.States)
		}
	}
	return sol, nil
}

// player plays the turns of a batch of at most lanes.Lanes states on
// worker w's scratch, setting out[j] to the value of states[j].
type player func(w int, states []engine.State, next Values, out []float64)

// newPlayer returns the player of g's turns for a solve under o: Turn on
// five dice, cupTurn on others.
func newPlayer(g *engine.Game, o Options) player {
	kernel := lanes.Fastest()
	if o.PlainGo {
		kernel = lanes.PlainGo()
	}
	threads := workers.Threads(o.Threads)
	if g.Dice != engine.Dice {
		return cupPlayer(newCupTurn(g, kernel), threads)
	}
	turn := NewTurn(g)
	turn.kernel = kernel
	scratch := make([]laneScratch, threads)
	return func(w int, states []engine.State, next Values, out []float64) {
		turn.values(states, next, &scratch[w], out)
	}
}

// cupPlayer returns the player of t's turns for threads workers.
func cupPlayer(t *cupTurn, threads int) player {
	scratch := make([]cupScratch, threads)
	return func(w int, states []engine.State, next Values, out []float64) {
		t.values(states, next, &scratch[w], out)
	}
}

// layerStates appends to todo the states with filled set m whose turns
// must be played, and to copies the (to, from) layout indices of those
// that share the value of another (UpperClasses.Share). The full sheet's
// states are worth 0 and are set here. first is scratch of UpperCap()+2
// entries.
func layerStates(sol *Solution, classes *statespace.UpperClasses, m uint32, first []int, todo []engine.State, copies [][2]int) ([]engine.State, [][2]int) {
	full := m == 1<<sol.Layout.Categories-1
	classes.Share(m, first, func(s engine.State, i, from int) {
		switch {
		case full:
			sol.Values[i] = 0
		case from != i:
			copies = append(copies, [2]int{i, from})
		default:
			todo = append(todo, s)
		}
	})
	return todo, copies
}

// Kernel names the lane kernel Solve runs on this CPU, unless
// Options.PlainGo: "avx" or "avx512" (the amd64 assembly), "neon" (the
// arm64 assembly) or "go".
func Kernel() string { return lanes.Kernel() }
