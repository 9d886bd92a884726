package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// benchState returns a mid-game state of the game and a next-state
// function that gives every state a plausible value, so that the turn's
// maxima are not decided by ties.
func benchState(b *testing.B, name string) (*Turn, engine.State, Values) {
	b.Helper()
	game, full := strings.CutSuffix(name, "-full")
	g, err := engine.New(game, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	// About half the boxes filled: every other category, upper total 20.
	var filled uint32
	for c := 0; c < len(g.Categories); c += 2 {
		filled |= 1 << c
	}
	s := engine.State{Filled: filled, Upper: min(20, g.UpperCap())}
	if g.Extra != nil {
		// The five-alike box open, or (name-full) holding its points,
		// where the five-alike rolls follow the bonus and joker rules.
		s.Filled &^= 1 << g.Extra.Box
		if full {
			s.Filled |= 1 << g.Extra.Box
			s.FullBox = true
		}
	}
	next := func(s engine.State) float64 {
		// Deterministic, distinct, non-negative values.
		return float64(s.Filled%97)*1.25 + float64(s.Upper)*0.5
	}
	return NewTurn(g), s, next
}

// BenchmarkTurnValue measures one state's whole turn: the final roll
// values, then the keep values and best keeps of each earlier roll.
func BenchmarkTurnValue(b *testing.B) {
	for _, name := range []string{"yahtzee", "yahtzee-full", "yatzy", "swedish-full"} {
		b.Run(name, func(b *testing.B) {
			t, s, next := benchState(b, name)
			sum := 0.0
			for b.Loop() {
				sum += t.Value(s, next)
			}
			_ = sum
		})
	}
}

// BenchmarkTurnLanes measures the turns of a full batch of states side by
// side, as the solver plays them: the state of BenchmarkTurnValue with
// each upper total from it on, with each lane kernel.
func BenchmarkTurnLanes(b *testing.B) {
	for _, name := range []string{"yahtzee", "yahtzee-full", "yatzy", "swedish-full"} {
		for _, kernel := range []*lanes.Kernels{lanes.Fastest(), lanes.PlainGo()} {
			b.Run(name+"/"+kernel.Name(), func(b *testing.B) {
				t, s, next := benchState(b, name)
				t.kernel = kernel
				states := make([]engine.State, lanes.Lanes)
				for j := range states {
					states[j] = s
					states[j].Upper = min(s.Upper+j, t.g.UpperCap())
				}
				var w laneScratch
				var out [lanes.Lanes]float64
				for b.Loop() {
					t.values(states, next, &w, out[:])
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/lanes.Lanes, "ns/state")
			})
		}
	}
}

// BenchmarkFinal measures the value of every final roll of one state.
func BenchmarkFinal(b *testing.B) {
	for _, name := range []string{"yahtzee", "yahtzee-full", "yatzy", "swedish-full"} {
		b.Run(name, func(b *testing.B) {
			t, s, next := benchState(b, name)
			var f [engine.NumRolls]float64
			for b.Loop() {
				t.Final(s, next, &f)
			}
		})
	}
}

// BenchmarkActions measures the ranking of one position's actions, with
// every reroll left and with none.
func BenchmarkActions(b *testing.B) {
	for _, name := range []string{"yahtzee", "yatzy"} {
		t, s, next := benchState(b, name)
		dice, _ := engine.ParseDice("33556", "")
		for _, rollsLeft := range []int{t.g.Rolls - 1, 0} {
			b.Run(fmt.Sprintf("%s/rerolls=%d", name, rollsLeft), func(b *testing.B) {
				for b.Loop() {
					if _, err := t.Actions(s, dice, rollsLeft, next); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// referenceFinal is Final written plainly: every open box for every roll,
// and the five-alike rolls through engine.Game.Placements.
func referenceFinal(g *engine.Game, s engine.State, next Values, f *[engine.NumRolls]float64) {
	for r := range f {
		f[r] = math.Inf(-1)
		for c := range g.Categories {
			if !s.Open(c) {
				continue
			}
			w := g.Write(s, c, g.Score(c, r))
			f[r] = max(f[r], float64(w.Total())+next(w.Next))
		}
		if g.Special(s, r) {
			f[r] = math.Inf(-1)
			for _, p := range g.Placements(s, r, nil) {
				f[r] = max(f[r], float64(p.Total())+next(p.Next))
			}
		}
	}
}

// TestFinalMatchesPlacements checks Final, with its sparse boxes and its own
// five-alike rules, bit for bit against the plain placement rules, in
// every single-sheet game and rule variant and many states, with the
// plain Go lane kernels and the fastest this CPU runs (which choose
// between a box's list and all its rolls; the AVX-512 kernels' one-state
// steps are the AVX ones).
func TestFinalMatchesPlacements(t *testing.T) {
	t.Parallel()
	variants := []struct {
		name string
		opts engine.Options
	}{
		{"yahtzee", engine.Options{}},
		{"yahtzee", engine.Options{ForcedJoker: true}},
		{"yahtzee", engine.Options{NoJoker: true}},
		{"yahtzee", engine.Options{NoYahtzeeBonus: true}},
		{"yahtzee", engine.Options{NoUpperBonus: true}},
		{"yatzy", engine.Options{}},
		{"swedish", engine.Options{}},
		{"swedish", engine.Options{UpperBonusThreshold: 50}},
		{"poker-dice", engine.Options{}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range variants {
		g, err := engine.New(v.name, v.opts)
		if err != nil {
			t.Fatal(err)
		}
		turn := NewTurn(g)
		n := len(g.Categories)
		salt := rng.Uint64()
		arbitrary := func(s engine.State) float64 {
			// Arbitrary but fixed values, with ties now and then.
			h := (uint64(s.Filled)*0x9e3779b97f4a7c15 ^ uint64(s.Upper)*0xbf58476d1ce4e5b9 ^ salt) >> 40
			if s.FullBox {
				h ^= 0x5555
			}
			return float64(h%4096) / 8
		}
		// Values that rise with the upper total and a full five-alike box,
		// as a solve's do, so that writing 0 in a box is worth least.
		rising := func(s engine.State) float64 {
			v := arbitrary(s)/64 + float64(s.Upper)
			if s.FullBox {
				v += 50
			}
			return v
		}
		for i := range 3000 {
			next := arbitrary
			if i%2 == 1 {
				next = rising
			}
			s := engine.State{Filled: uint32(rng.IntN(1<<n - 1))}
			if cap := g.UpperCap(); cap > 0 {
				s.Upper = rng.IntN(cap + 1)
			}
			if g.Extra != nil && !s.Open(g.Extra.Box) {
				s.FullBox = rng.IntN(2) == 1
			}
			var want [engine.NumRolls]float64
			referenceFinal(g, s, next, &want)
			for _, k := range []*lanes.Kernels{lanes.Fastest(), lanes.PlainGo()} {
				var got [engine.NumRolls]float64
				turn.kernel = k
				turn.Final(s, next, &got)
				for r := range got {
					if math.Float64bits(got[r]) != math.Float64bits(want[r]) {
						t.Fatalf("%s %v, %s kernel, state %+v, roll %v: Final %v, want %v", v.name, v.opts, k.Name(), s, engine.Roll(r), got[r], want[r])
					}
				}
			}
		}
	}
}
