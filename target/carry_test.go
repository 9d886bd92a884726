package target

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/scores"
)

// byNodes returns the distribution of the player's points as
// scores.Carry carries it, each state with a need in reach a node of its
// own and each state with its need met or out of reach one node for all:
// the general carry, planning each need's turn on its own (Player.plan),
// to check the dense rows against.
func byNodes(pl *Player) scores.Histogram {
	l := pl.layout
	size := l.Size()
	// node offset[i]+n-1 is state i with need n in reach
	offset := make([]int, size)
	for i := range offset {
		offset[i] = size
		_, hi := pl.next.span(l.State(i))
		size += hi - 1
	}
	node := func(s engine.State, n int) int32 {
		if _, hi := pl.next.span(s); inReach(n, hi) {
			return int32(offset[l.Index(s)] + n - 1)
		}
		return int32(l.Index(s))
	}
	state := func(i int) (engine.State, int) {
		if i < l.Size() {
			return l.State(i), 0
		}
		k := 0
		for k+1 < len(offset) && offset[k+1] <= i {
			k++
		}
		return l.State(k), i - offset[k] + 1
	}
	turns := len(pl.g.Categories) - bits.OnesCount32(pl.from.Filled)
	h, _ := scores.Carry(int(node(pl.from, pl.target)), size, turns, func(_ int, is []int, arcs [][]scores.Arc, store []scores.Arc) []scores.Arc {
		for j, i := range is {
			s, n := state(i)
			var outs []policy.Outcome
			if n == 0 {
				outs = pl.ev.Outcomes(s)
			} else {
				outs = pl.ev.TurnOutcomes(pl.plan(s, n))
			}
			at := len(store)
			for _, o := range outs {
				store = append(store, scores.Arc{Next: node(o.Next, n-o.Points), Points: int32(o.Points), P: o.P})
			}
			arcs[j] = store[at:len(store):len(store)]
		}
		return store
	}, scores.Options{Threads: 1})
	return h
}

// TestDistributionByRows checks the dense rows' distribution against
// the general carry's, total by total, for players by an exact solution
// and by the every-target table, from new games and from sheets in play;
// and that it is the same to the bit on one goroutine and on three.
func TestDistributionByRows(t *testing.T) {
	t.Parallel()
	pokerDice := subset(t, "poker-dice", engine.Options{})
	yahtzee := subset(t, "yahtzee", engine.Options{}, "twos", "sixes", "small-straight", "full-house", "yahtzee", "chance")
	yatzy := subset(t, "yatzy", engine.Options{}, "fives", "sixes", "one-pair", "four-of-a-kind", "large-straight", "yatzy")
	for _, c := range []struct {
		name          string
		g             *engine.Game
		from          engine.State
		target, score int
		table         bool
	}{
		{"poker-dice late, table", pokerDice, engine.State{Filled: 0b1011101}, 40, 18, true},
		{"yahtzee, table", yahtzee, engine.State{}, 110, 0, true},
		{"yahtzee, solution", yahtzee, engine.State{}, 95, 0, false},
		{"yahtzee with a yahtzee, solution", yahtzee, engine.State{Filled: 1 << yahtzee.Category("yahtzee"), Upper: 0}, 120, 50, false},
		{"yatzy from a sheet, table", yatzy, engine.State{Filled: 1 << yatzy.Category("sixes"), Upper: 18}, 90, 18, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var pl *Player
			var err error
			if c.table {
				tab, ev := playTables(t, c.g)
				pl, err = tab.NewPlayer(c.from, c.target, c.score, ev)
			} else {
				pl, err = solve(t, c.g, c.from, c.target-c.score).NewPlayer(c.target, c.score)
			}
			if err != nil {
				t.Fatal(err)
			}
			got, states := pl.Distribution(scores.Options{Threads: 1})
			want := byNodes(pl)
			if got.Lo != want.Lo || len(got.W) != len(want.W) {
				t.Fatalf("totals %d..%d, the general carry's %d..%d", got.Lo, got.Lo+len(got.W)-1, want.Lo, want.Lo+len(want.W)-1)
			}
			worst := 0.0
			for i := range got.W {
				worst = max(worst, math.Abs(got.W[i]-want.W[i]))
			}
			if worst > 1e-12 || math.Abs(got.Total()-1) > 1e-12 {
				t.Errorf("worst difference %g from the general carry, total %v", worst, got.Total())
			}
			three, states3 := pl.Distribution(scores.Options{Threads: 3})
			if states3 != states || three.Lo != got.Lo || len(three.W) != len(got.W) {
				t.Fatalf("three goroutines: %d states, totals from %d; one: %d, from %d", states3, three.Lo, states, got.Lo)
			}
			for i := range got.W {
				if math.Float64bits(three.W[i]) != math.Float64bits(got.W[i]) {
					t.Fatalf("total %d: %v on three goroutines, %v on one", got.Lo+i, three.W[i], got.W[i])
				}
			}
			t.Logf("%d states, P(>= %d) %.9f, worst difference %.3g", states, c.target-c.score, got.AtLeast(c.target-c.score), worst)
		})
	}
}

// TestDistributionStops checks that a distribution whose context is done
// stops with an empty histogram, and that one left to run reports each
// turn once, in order.
func TestDistributionStops(t *testing.T) {
	t.Parallel()
	g := subset(t, "yatzy", engine.Options{}, "sixes", "two-pairs", "small-straight", "chance")
	pl, err := solve(t, g, engine.State{}, 50).NewPlayer(50, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if h, _ := pl.Distribution(scores.Options{Context: ctx}); len(h.W) != 0 {
		t.Errorf("canceled: %d totals, want none", len(h.W))
	}
	var turns []int
	h, _ := pl.Distribution(scores.Options{Progress: func(done, total int) {
		if total != 4 {
			t.Errorf("progress of %d turns, want 4", total)
		}
		turns = append(turns, done)
	}})
	if !slices.Equal(turns, []int{1, 2, 3, 4}) || math.Abs(h.Total()-1) > 1e-12 {
		t.Errorf("turns reported %v, total %v", turns, h.Total())
	}
}
