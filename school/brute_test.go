package school

import (
	"math"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

// brute values school turns by plain recursion over the five dice
// positions, every set of positions to reroll and every way the rerolled
// dice can fall, with memory of what it has seen: the definition the
// solver's keeps, freshness flags, layout and pruning must agree with.
type brute struct {
	g      *engine.Game
	states map[engine.SchoolState]float64
	ids    map[engine.SchoolState]int32 // each sheet met, numbered, for holdKey
	holds  map[holdKey]float64
	keeps  map[holdKey]float64
	falls  map[engine.Multiset]falls
}

// falls are the ways the dice not kept can fall: each hand they end in,
// with the number of ways, and the number of ways in all.
type falls struct {
	hands []engine.Multiset
	ways  []int
	all   int
}

// holdKey is a position within a turn: the sheet (its number in ids),
// the dice (held, or kept for a reroll), the rerolls left and whether the
// dice are fresh.
type holdKey struct {
	s     int32
	dice  engine.Multiset
	left  int8
	fresh bool
}

func newBrute(g *engine.Game) *brute {
	return &brute{g: g, states: map[engine.SchoolState]float64{}, ids: map[engine.SchoolState]int32{}, holds: map[holdKey]float64{}, keeps: map[holdKey]float64{},
		falls: map[engine.Multiset]falls{}}
}

// value is the value of sheet s before its first roll.
func (b *brute) value(s engine.SchoolState) float64 {
	if b.g.SchoolFull(&s) {
		return 0
	}
	if v, ok := b.states[s]; ok {
		return v
	}
	id := int32(len(b.ids))
	b.ids[s] = id
	v := b.reroll(s, id, engine.Multiset{}, b.g.Rolls-1)
	b.states[s] = v
	return v
}

// reroll is the mean, over every way the dice not kept can fall, of the
// best play with left rerolls after that roll, on sheet s, numbered id.
func (b *brute) reroll(s engine.SchoolState, id int32, kept engine.Multiset, left int) float64 {
	key := holdKey{id, kept, int8(left), false}
	if v, ok := b.keeps[key]; ok {
		return v
	}
	fresh := kept.Size() == 0
	f := b.fallsOf(kept)
	sum := 0.0
	for i, dice := range f.hands {
		sum += float64(f.ways[i]) * b.hold(s, id, dice, left, fresh)
	}
	v := sum / float64(f.all)
	b.keeps[key] = v
	return v
}

// fallsOf returns every way the dice not kept can fall, one die after
// another, counted by the hand they end in.
func (b *brute) fallsOf(kept engine.Multiset) falls {
	if f, ok := b.falls[kept]; ok {
		return f
	}
	n := engine.Dice - kept.Size()
	var f falls
	at := map[engine.Multiset]int{}
	var roll func(i int, dice engine.Multiset)
	roll = func(i int, dice engine.Multiset) {
		if i == n {
			j, ok := at[dice]
			if !ok {
				j = len(f.hands)
				at[dice] = j
				f.hands, f.ways = append(f.hands, dice), append(f.ways, 0)
			}
			f.ways[j]++
			f.all++
			return
		}
		for face := range engine.Faces {
			dice[face]++
			roll(i+1, dice)
			dice[face]--
		}
	}
	roll(0, kept)
	b.falls[kept] = f
	return f
}

// hold is the best play on sheet s, numbered id, holding dice with left
// rerolls to go: write them, or reroll the dice at some non-empty set of
// positions.
func (b *brute) hold(s engine.SchoolState, id int32, dice engine.Multiset, left int, fresh bool) float64 {
	key := holdKey{id, dice, int8(left), fresh}
	if v, ok := b.holds[key]; ok {
		return v
	}
	best := math.Inf(-1)
	for _, w := range b.g.SchoolMoves(s, engine.RollIndex(dice), fresh, nil) {
		best = max(best, float64(w.Total())+b.value(w.Next))
	}
	if left > 0 {
		pos := dice.Dice()
		for set := 1; set < 1<<engine.Dice; set++ {
			kept := dice
			for i, d := range pos {
				if set&(1<<i) != 0 {
					kept[d-1]--
				}
			}
			best = max(best, b.reroll(s, id, kept, left-1))
		}
	}
	b.holds[key] = best
	return best
}

func TestSolveBrute(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		taken string // row bonuses others have taken (Options.Taken)
		rows  []string
	}{
		{"", []string{"ones", "threes", "five-of-a-kind"}},
		{"", []string{"twos", "pair", "small-straight"}},
		{"", []string{"sixes", "fives", "sum"}},
		{"", []string{"twos", "pair", "four-of-a-kind"}},
		{"twos+four-of-a-kind", []string{"twos", "pair", "four-of-a-kind"}},
	} {
		t.Run(strings.Join(c.rows, " ")+" taken="+c.taken, func(t *testing.T) {
			t.Parallel()
			rows := c.rows
			school, err := engine.New("school", engine.Options{Columns: 1, Taken: c.taken})
			if err != nil {
				t.Fatal(err)
			}
			g, err := school.Subset(rows...)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(g, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBrute(g)
			want := b.value(g.NewSchoolState())
			if got := sol.Expected(); math.Abs(got-want) > 1e-9 {
				t.Errorf("%v: solver %.12f, brute force %.12f", rows, got, want)
			}
			// Every sheet the brute force met agrees too, whatever its reserve
			// and best cell.
			bad := 0
			for s, v := range b.states {
				if got := sol.Value(s); math.Abs(got-v) > 1e-9 {
					bad++
					if bad <= 3 {
						t.Errorf("%v: state %+v: solver %.12f, brute force %.12f", rows, s, got, v)
					}
				}
			}
			t.Logf("%v, taken %q: %.9f over %d sheets", rows, c.taken, want, len(b.states))
		})
	}
}

// mustSchool returns the school game with the given columns.
func mustSchool(t testing.TB, columns int) *engine.Game {
	t.Helper()
	g, err := engine.New("school", engine.Options{Columns: columns})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
