package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"dicepoker/engine"
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
	Layout Layout
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
// filled set, an upper total and a five-alike box (school).
var ErrNotSingleSheet = errors.New("not a single-sheet game")

// Solve computes the value of every state of g. School sheets, whose rows
// have columns and a reserve, are refused with ErrNotSingleSheet.
func Solve(g *engine.Game, o Options) (*Solution, error) {
	if g.Columns != 0 {
		return nil, fmt.Errorf("%s cannot be solved exactly yet: %w", g.Name, ErrNotSingleSheet)
	}
	l := NewLayout(g)
	sol := &Solution{Game: g, Layout: l, Values: make([]float64, l.Size())}
	for i := range sol.Values {
		sol.Values[i] = math.NaN()
	}
	n := l.Categories
	layers := make([][]uint32, n+1)
	sizes := make([]int, n+1) // the states of each layer
	uppers, upper := upperSections(g), g.UpperMask()
	for m := range uint32(1 << n) {
		k := bits.OnesCount32(m)
		layers[k] = append(layers[k], m)
		sizes[k] += len(uppers[m&upper].totals) * flags(g, m)
	}
	for _, size := range sizes {
		sol.States += size
	}
	turn := NewTurn(g)
	if o.PlainGo {
		turn.kernel = &kernelGo
	}
	next := func(s engine.State) float64 { return sol.Values[l.Index(s)] }
	scratch := make([]laneScratch, workers.Threads(o.Threads))
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
			todo, copies = layerStates(sol, m, uppers[m&upper], first, todo, copies)
			done += len(uppers[m&upper].totals) * flags(g, m)
		}
		// The states go through their turns Lanes at a time; which states
		// share a batch does not change their values.
		batches := (len(todo) + Lanes - 1) / Lanes
		workers.Each(batches, o.Threads, func(w, b int) {
			states := todo[b*Lanes : min(len(todo), (b+1)*Lanes)]
			var out [Lanes]float64
			turn.values(states, next, &scratch[w], out[:])
			for j, s := range states {
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

// layerStates appends to todo the states with filled set m whose turns
// must be played, and to copies the (to, from) layout indices of those
// that share the value of another (sharing). The full sheet's states are
// worth 0 and are set here. first is scratch of UpperCap()+2 entries.
func layerStates(sol *Solution, m uint32, up upperSection, first []int, todo []engine.State, copies [][2]int) ([]engine.State, [][2]int) {
	full := m == 1<<sol.Layout.Categories-1
	sharing(sol.Game, sol.Layout, m, up, first, func(s engine.State, i, from int) {
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

// sharing calls each(s, i, from) for every state s with filled set m, at
// layout index i, from being the index of the first of them with the
// same five-alike box and an upper total of the same class (i itself
// for that first state). first is scratch of UpperCap()+2 entries.
//
// The upper total matters only for the bonus still to be won, and so only
// through its class (upperSection.class): states of one filled set and
// five-alike box whose totals are of one class have the same future, and
// the first of them stands for all.
func sharing(g *engine.Game, l Layout, m uint32, up upperSection, first []int, each func(s engine.State, i, from int)) {
	// first is by class+1: the index of the class's first state, +1.
	for f := range flags(g, m) {
		clear(first)
		for _, u := range up.totals {
			s := engine.State{Filled: m, Upper: u, FullBox: f == 1}
			i := l.Index(s)
			k := up.classes[u] + 1
			if first[k] == 0 {
				first[k] = i + 1
			}
			each(s, i, first[k]-1)
		}
	}
}

// Standins returns, for each layout index of g's states, the index of
// the state that stands for it: the first of its filled set and
// five-alike box whose upper total is of the same class (see
// upperSection.class), which Solve plays for all of them. Two states
// with one stand-in have the same value to the bit, the same points to
// come from every turn, and next states with one stand-in, under any
// play that decides by values that are the same for them. An index that
// is no state's stands for itself.
func Standins(g *engine.Game) []int32 {
	l := NewLayout(g)
	to := make([]int32, l.Size())
	for i := range to {
		to[i] = int32(i)
	}
	uppers, upper := upperSections(g), g.UpperMask()
	first := make([]int, g.UpperCap()+2)
	for m := range uint32(1 << l.Categories) {
		sharing(g, l, m, uppers[m&upper], first, func(_ engine.State, i, from int) { to[i] = int32(from) })
	}
	return to
}

// upperSection is what the states of a filled set need to know of its
// upper boxes: the totals the filled ones can add up to, and the sums the
// open ones can still add, capped at the bonus threshold, ascending; and
// the class of each total, by total.
type upperSection struct {
	totals  []int
	future  []int
	classes []int
}

// class returns the least future sum that earns the bonus from upper total
// u, or -1 when none does or the bonus is paid: the points to come reach
// the threshold just when they are at least the class. Two totals of one
// class earn the bonus in the same futures, so their states are worth the
// same, to the bit: the same turns over next states that, by the same
// argument one turn later, are worth the same.
func (up upperSection) class(u, threshold int) int {
	if u >= threshold {
		return -1
	}
	i, _ := slices.BinarySearch(up.future, threshold-u)
	if i == len(up.future) {
		return -1
	}
	return up.future[i]
}

// upperSections describes every set of filled upper boxes, by its mask.
func upperSections(g *engine.Game) map[uint32]upperSection {
	upper := g.UpperMask()
	sections := map[uint32]upperSection{}
	// Every submask of upper, the empty one included.
	for m := upper; ; m = (m - 1) & upper {
		up := upperSection{totals: g.UpperTotals(m), future: g.UpperTotals(upper &^ m)}
		up.classes = make([]int, g.UpperCap()+1)
		for u := range up.classes {
			up.classes[u] = up.class(u, g.UpperCap())
		}
		sections[m] = up
		if m == 0 {
			return sections
		}
	}
}

// flags returns how many five-alike box states filled set m has: two when
// the box is filled (it holds its full points or not), else one.
func flags(g *engine.Game, m uint32) int {
	if g.Extra != nil && m&(1<<g.Extra.Box) != 0 {
		return 2
	}
	return 1
}
