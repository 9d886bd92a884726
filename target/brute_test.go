package target

import (
	"math"
	"testing"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/solver"
)

// brute values (state, need) pairs of a small game by plain recursion,
// sharing nothing with the solve but the placement rules: a hand's keeps
// are the subsets of its dice positions, a keep's outcomes are counted
// over every sequence of faces the rerolled dice can show, and a keep's
// choice is made, as the package defines it, between its own value and
// the choices of the keeps with one die fewer.
type brute struct {
	g      *engine.Game
	need   int                       // values for needs 0..need, need 0 meaning met
	worth  []float64                 // the end's worth for needs 1.., as solveWith takes it
	states map[engine.State][]Chance // by state, for needs 0..need
	hands  [][]int                   // every hand, as sorted faces
	code   map[[engine.Dice]int]int  // hand -> its position in hands
	keeps  map[[engine.Dice + 1]int]outcomes
}

// outcomes counts the hands a reroll ends in, out of all sequences of the
// rerolled dice: whole numbers, so that certainties stay exactly 1. The
// hands, by their position in brute.hands, are in order.
type outcomes struct {
	hands []int
	count []float64
	of    float64
}

func newBrute(g *engine.Game, need int) *brute {
	b := &brute{g: g, need: need, states: map[engine.State][]Chance{}, code: map[[engine.Dice]int]int{},
		keeps: map[[engine.Dice + 1]int]outcomes{}}
	var walk func(prefix []int, low int)
	walk = func(prefix []int, low int) {
		if len(prefix) == engine.Dice {
			b.code[[engine.Dice]int(prefix)] = len(b.hands)
			b.hands = append(b.hands, append([]int(nil), prefix...))
			return
		}
		for f := low; f <= engine.Faces; f++ {
			walk(append(prefix, f), f)
		}
	}
	walk(nil, 1)
	return b
}

// outcomes returns, for kept dice, how often the reroll of the others ends
// in each hand.
func (b *brute) outcomes(kept []int) outcomes {
	key := keptKey(kept)
	if o, ok := b.keeps[key]; ok {
		return o
	}
	k := engine.Dice - len(kept)
	seqs := int(math.Pow(6, float64(k)))
	count := map[int]float64{}
	for s := range seqs {
		hand := append([]int(nil), kept...)
		for x, i := s, 0; i < k; i, x = i+1, x/6 {
			hand = append(hand, x%6+1)
		}
		count[b.code[sorted(hand)]]++
	}
	o := outcomes{of: float64(seqs)}
	for h := range b.hands {
		if k, ok := count[h]; ok {
			o.hands, o.count = append(o.hands, h), append(o.count, k)
		}
	}
	b.keeps[key] = o
	return o
}

// keptKey is the key of kept dice, in the order kept: their number, then
// their faces.
func keptKey(kept []int) [engine.Dice + 1]int {
	var key [engine.Dice + 1]int
	key[0] = len(kept)
	copy(key[1:], kept)
	return key
}

// keptMean returns the mean of values over the outcomes of rerolling all
// dice but kept, from means where a keep of the same faces (another
// hand's, or other positions of the same faces) has it already.
func (b *brute) keptMean(kept []int, values [][]Chance, means map[[engine.Dice + 1]int][]Chance) []Chance {
	key := keptKey(kept)
	if m, ok := means[key]; ok {
		return m
	}
	m := b.mean(b.outcomes(kept), values)
	means[key] = m
	return m
}

func sorted(d []int) [engine.Dice]int {
	var a [engine.Dice]int
	copy(a[:], d)
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if a[j] < a[i] {
				a[i], a[j] = a[j], a[i]
			}
		}
	}
	return a
}

// value returns the chances of state s for needs 0..b.need.
func (b *brute) value(s engine.State) []Chance {
	if v, ok := b.states[s]; ok {
		return v
	}
	v := make([]Chance, b.need+1)
	if s.Filled == 1<<len(b.g.Categories)-1 {
		v[0].P = 1
		for n := 1; n <= b.need && n <= len(b.worth); n++ {
			v[n].P = b.worth[n-1]
		}
		b.states[s] = v
		return v
	}
	// now[h]: the hand's values with no reroll left, then with one, ...
	now := make([][]Chance, len(b.hands))
	for h, dice := range b.hands {
		m, _ := engine.FromDice(dice...)
		now[h] = b.place(s, engine.RollIndex(m))
	}
	final := now
	for range b.g.Rolls - 1 {
		next := make([][]Chance, len(b.hands))
		means := map[[engine.Dice + 1]int][]Chance{} // by the faces kept, in order
		for h, dice := range b.hands {
			// best[sub] is the choice among keeping the dice of sub
			// (their positions' bits) and the choices of sub less one
			// die, writing the hand now standing for keeping all five.
			var best [1 << engine.Dice][]Chance
			for sub := range 1 << engine.Dice {
				own := final[h]
				if sub != 1<<engine.Dice-1 {
					var kept []int
					for i, d := range dice {
						if sub&(1<<i) != 0 {
							kept = append(kept, d)
						}
					}
					own = b.keptMean(kept, now, means)
				}
				options := [][]Chance{own}
				for i := range engine.Dice {
					if sub&(1<<i) != 0 {
						options = append(options, best[sub&^(1<<i)])
					}
				}
				best[sub] = b.choose(options)
			}
			next[h] = best[1<<engine.Dice-1]
		}
		now = next
	}
	first := b.mean(b.outcomes(nil), now)
	b.states[s] = first
	return first
}

// place returns the values of writing roll r in state s: the best legal
// placement for each need.
func (b *brute) place(s engine.State, r int) []Chance {
	var options [][]Chance
	for _, pl := range b.g.Placements(s, r, nil) {
		after := b.value(pl.Next)
		v := make([]Chance, b.need+1)
		for n := range v {
			v[n] = after[max(0, n-pl.Total())]
			v[n].E += float64(pl.Total())
		}
		options = append(options, v)
	}
	return b.choose(options)
}

// choose returns, for each need, the option a choice takes.
func (b *brute) choose(options [][]Chance) []Chance {
	best := make([]Chance, b.need+1)
	ps, es := make([]float64, len(options)), make([]float64, len(options))
	for n := range best {
		for i, o := range options {
			ps[i], es[i] = o[n].P, o[n].E
		}
		c, p := choose(ps, es)
		best[n] = Chance{p, es[c]}
	}
	return best
}

func (b *brute) mean(o outcomes, values [][]Chance) []Chance {
	m := make([]Chance, b.need+1)
	for j, h := range o.hands {
		k := o.count[j]
		for n, v := range values[h] {
			m[n].P += k * v.P
			m[n].E += k * v.E
		}
	}
	for n := range m {
		m[n].P /= o.of
		m[n].E /= o.of
	}
	return m
}

func TestSolveAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game string
		opts engine.Options
		cats []string
		need int
	}{
		{"yahtzee", engine.Options{}, []string{"threes", "full-house", "yahtzee"}, 100},
		{"yahtzee", engine.Options{ForcedJoker: true}, []string{"twos", "large-straight", "yahtzee"}, 40},
		{"yahtzee", engine.Options{NoJoker: true}, []string{"sixes", "small-straight", "yahtzee"}, 40},
		{"yahtzee", engine.Options{NoYahtzeeBonus: true, NoUpperBonus: true}, []string{"fives", "chance", "yahtzee"}, 60},
		// Upper bonus at 12, forced joker and the poker bonus.
		{"swedish", engine.Options{UpperBonusThreshold: 12}, []string{"fours", "sixes", "poker"}, 50},
		{"yatzy", engine.Options{}, []string{"ones", "two-pairs", "full-house"}, 60},
		{"poker-dice", engine.Options{}, []string{"aces", "kings", "straight"}, 20},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.opts.String()+"/"+c.cats[0], func(t *testing.T) {
			t.Parallel()
			full, err := engine.New(c.game, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			g, err := full.Subset(c.cats...)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(g, engine.State{}, c.need, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBrute(g, c.need)
			checked, inner := 0, 0
			for i, ev := range sol.EV.Values {
				if math.IsNaN(ev) {
					continue
				}
				s := sol.Layout.State(i)
				want := b.value(s)
				for n := range want {
					got := sol.Value(s, n)
					if math.Abs(got.P-want[n].P) > 1e-12 || math.Abs(got.E-want[n].E) > 1e-9 {
						t.Errorf("%+v need %d: solve %+v, brute force %+v", s, n, got, want[n])
					}
					if got.P > 0 && got.P < 1 {
						inner++
					}
					checked++
				}
			}
			if inner == 0 {
				t.Error("no value strictly between 0 and 1")
			}
			t.Logf("%s: %d values agree, %d strictly between 0 and 1; P(>= %d) = %.9f", g.Name, checked, inner, c.need/2, sol.Value(engine.State{}, c.need/2).P)
		})
	}
}

// choose returns the option a choice takes between options of chances ps
// and points expected es, of those near the largest chance the first with
// the most points, and that largest chance, the value of the choice.
func choose[T lane.Real](ps, es []T) (c int, best T) {
	for _, p := range ps {
		best = max(best, p)
	}
	c = -1
	for i, p := range ps {
		if near(p, best) && (c < 0 || es[i] > es[c]) {
			c = i
		}
	}
	return c, best
}
