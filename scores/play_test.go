package scores

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/statespace"
)

// TestSortOrdersByIndex checks the lockstep's sort against a stable sort
// of the same games by state index, their streams telling the games of
// one state apart: for indices of 21, 20 and 17 bits, games over several
// units (one short), in few states and in many, on one to three
// goroutines.
func TestSortOrdersByIndex(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"yatzy", "yahtzee", "poker-dice"} {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		size := statespace.NewLayout(g).Size()
		for _, states := range []int{3, 500, size} {
			for threads := 1; threads <= 3; threads++ {
				t.Run(fmt.Sprintf("%s %d states %d threads", name, states, threads), func(t *testing.T) {
					sortOrders(t, g, states, threads)
				})
			}
		}
	}
}

// sortOrders is TestSortOrdersByIndex for game g, games in as many
// states, on threads goroutines.
func sortOrders(t *testing.T, g *engine.Game, states, threads int) {
	ls := &lockstep{g: g, layout: statespace.NewLayout(g), threads: threads}
	rng := rand.New(rand.NewPCG(uint64(states), uint64(threads)))
	n := 3*unit + 1234
	indices := make([]uint32, states)
	for i := range indices {
		indices[i] = uint32(rng.IntN(ls.layout.Size()))
	}
	ls.games, ls.spare = make([]live, n), make([]live, n)
	for i := range ls.games {
		ls.games[i] = live{rng: stream(i), index: indices[rng.IntN(states)]}
	}
	want := slices.Clone(ls.games)
	slices.SortStableFunc(want, func(a, b live) int { return int(a.index) - int(b.index) })
	ls.ready(n)
	for u := range ls.counts {
		ls.countUnit(u, ls.games[u*unit:min((u+1)*unit, n)])
	}
	ls.sort()
	if !slices.Equal(ls.games, want) {
		for i := range want {
			if ls.games[i] != want[i] {
				t.Fatalf("%s, %d states: game %d of the sort is %+v, want %+v", g.Name, states, i, ls.games[i], want[i])
			}
		}
	}
}
