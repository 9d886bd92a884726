package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// cupReference does one state's keep passes of a cup by their
// definitions, plainly: a keep with dice to roll is worth the mean of its
// six children (added in face order, then times a sixth, as KeepValues
// does), then each keep becomes the best of the keeps it contains.
func cupReference(c *engine.Cup, v []float64) {
	for k := c.FirstRollKeep() - 1; k >= 0; k-- {
		var s float64
		for f := 1; f <= engine.Faces; f++ {
			s += v[c.KeepChild(k, f)]
		}
		v[k] = s * (1.0 / 6)
	}
	for k := range c.NumKeeps() {
		m := c.Keep(k)
		for f := range engine.Faces {
			if m[f] > 0 {
				m[f]--
				v[k] = max(v[k], v[engine.KeepIndex(m)])
				m[f]++
			}
		}
	}
}

// TestCupPasses checks the keep passes of five and six dice in every lane
// kernel, bit for bit, against their plain definitions, on random values
// of either sign, and the expectation against a sum in roll order.
func TestCupPasses(t *testing.T) {
	t.Parallel()
	for _, dice := range []int{engine.Dice, engine.MaxDice} {
		cup, err := engine.CupOf(dice)
		if err != nil {
			t.Fatal(err)
		}
		p := NewCupPasses(cup)
		for name, k := range laneKernels {
			rng := rand.New(rand.NewPCG(5, uint64(dice)))
			for trial := range 20 {
				v := new(CupKeeps)
				want := make([][]float64, Lanes)
				for j := range want {
					want[j] = make([]float64, cup.NumKeeps())
					for r := range cup.NumRolls() {
						x := rng.Float64()*100 - 20*float64(trial%2)
						p.Roll(v, r)[j] = x
						want[j][cup.FirstRollKeep()+r] = x
					}
				}
				for range 2 {
					p.KeepValues(&k, v)
					p.BestKeeps(&k, v, trial%4 == 0)
					for j := range want {
						cupReference(cup, want[j])
					}
				}
				for j := range want {
					for i := range cup.NumKeeps() {
						if math.Float64bits(v[i][j]) != math.Float64bits(want[j][i]) {
							t.Fatalf("%d dice, %s kernel, trial %d, lane %d, keep %v: %v, want %v", dice, name, trial, j, cup.Keep(i), v[i][j], want[j][i])
						}
					}
				}
				var e [Lanes]float64
				p.Expect(v, &e)
				for j := range want {
					w := 0.0
					for r := range cup.NumRolls() {
						w += float64(cup.RollProbability(r) * want[j][cup.FirstRollKeep()+r])
					}
					if math.Float64bits(e[j]) != math.Float64bits(w) {
						t.Fatalf("%d dice, %s kernel, trial %d, lane %d: expectation %v, want %v", dice, name, trial, j, e[j], w)
					}
				}
			}
		}
	}
}
