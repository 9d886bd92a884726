package solver

import (
	"math"
	"testing"

	"dicepoker/engine"
)

// brute values states of a small game by exhaustive recursion, sharing
// nothing with the solver but the placement rules: every subset of dice
// positions is tried as a keep and every sequence of faces as the reroll.
// The mean over the rerolls of the dice a keep holds is taken once for
// each state, faces and rolls left, and looked up for every other subset
// of positions that keeps the same faces: the same sum, in the same order.
type brute struct {
	g      *engine.Game
	states map[engine.State]float64
}

// pow6[i] is 6^i: the multiset code of a die showing f is pow6[6-f], so
// the code of a hand is the sum over its dice, in any order.
var pow6 = [...]int{1, 6, 36, 216, 1296, 7776, 46656}

func dieCode(face int) int { return pow6[engine.Faces-face] }

// sequences[k] holds the code of every sequence of k dice, all 6^k of them.
var sequences = func() [engine.Dice + 1][]int {
	var seqs [engine.Dice + 1][]int
	seqs[0] = []int{0}
	for k := 1; k <= engine.Dice; k++ {
		for _, c := range seqs[k-1] {
			for f := 1; f <= engine.Faces; f++ {
				seqs[k] = append(seqs[k], c+dieCode(f))
			}
		}
	}
	return seqs
}()

func (b *brute) value(s engine.State) float64 {
	if s.Filled == 1<<len(b.g.Categories)-1 {
		return 0
	}
	if v, ok := b.states[s]; ok {
		return v
	}
	memo, means := nanTable(b.g.Rolls), nanTable(b.g.Rolls)
	total := 0.0
	for _, code := range sequences[engine.Dice] {
		total += b.best(s, code, b.g.Rolls-1, memo, means)
	}
	v := total / float64(len(sequences[engine.Dice]))
	b.states[s] = v
	return v
}

// nanTable returns a table of NaN, not yet known, for each number of
// rerolls left below rolls and each multiset code.
func nanTable(rolls int) [][]float64 {
	t := make([][]float64, rolls)
	for i := range t {
		t[i] = make([]float64, pow6[6])
		for j := range t[i] {
			t[i][j] = math.NaN()
		}
	}
	return t
}

// best is the value of holding the hand with multiset code code and left
// rerolls still allowed. means[left][kept] holds the mean value of
// keeping the dice of code kept and rerolling the others.
func (b *brute) best(s engine.State, code, left int, memo, means [][]float64) float64 {
	if v := memo[left][code]; !math.IsNaN(v) {
		return v
	}
	var dice []int
	for f := 1; f <= engine.Faces; f++ {
		for range code / dieCode(f) % 6 {
			dice = append(dice, f)
		}
	}
	m, _ := engine.FromDice(dice...)
	v := math.Inf(-1)
	for _, p := range b.g.Placements(s, engine.RollIndex(m), nil) {
		v = max(v, float64(p.Total())+b.value(p.Next))
	}
	for keep := 0; left > 0 && keep < 1<<engine.Dice; keep++ {
		kept, rerolled := 0, 0
		for i, d := range dice {
			if keep&(1<<i) != 0 {
				kept += dieCode(d)
			} else {
				rerolled++
			}
		}
		mean := means[left][kept]
		if math.IsNaN(mean) {
			sum := 0.0
			for _, c := range sequences[rerolled] {
				sum += b.best(s, kept+c, left-1, memo, means)
			}
			mean = sum / float64(len(sequences[rerolled]))
			means[left][kept] = mean
		}
		v = max(v, mean)
	}
	memo[left][code] = v
	return v
}

func TestSolveAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game string
		opts engine.Options
		cats []string
	}{
		// The free joker: five 3s with threes filled, or five of a face
		// without an upper box, go in full-house at 25.
		{"yahtzee", engine.Options{}, []string{"threes", "full-house", "yahtzee"}},
		{"yahtzee", engine.Options{ForcedJoker: true}, []string{"twos", "large-straight", "yahtzee"}},
		// Upper bonus at 12, forced joker and the poker bonus.
		{"swedish", engine.Options{UpperBonusThreshold: 12}, []string{"fours", "sixes", "poker"}},
		{"yatzy", engine.Options{}, []string{"ones", "two-pairs", "full-house"}},
		{"poker-dice", engine.Options{}, []string{"aces", "kings", "straight"}},
	}
	for _, c := range cases {
		full, err := engine.New(c.game, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := full.Subset(c.cats...)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := Solve(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b := &brute{g: g, states: map[engine.State]float64{}}
		checked := 0
		for i, v := range sol.Values {
			if math.IsNaN(v) {
				continue
			}
			s := sol.Layout.State(i)
			want := b.value(s)
			if math.Abs(v-want) > 1e-9 {
				t.Errorf("%s %+v: solver %.12f, brute force %.12f", g.Name, s, v, want)
			}
			checked++
		}
		t.Logf("%s: %d states agree, expected score %.9f", g.Name, checked, sol.Expected())
		if checked != sol.States {
			t.Errorf("%s: checked %d states, solution says %d", g.Name, checked, sol.States)
		}
	}
}
