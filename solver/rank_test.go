package solver

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestActionsPinned pins the rankings to the bit: every action of 1,500
// random positions of each game at every count of rerolls left (and a
// five-alike roll in each, for the bonus and joker rules), its order, its
// move and its value's bits, hashed, against the hashes main gave before
// the ranking's buffers moved into the turn's scratch.
func TestActionsPinned(t *testing.T) {
	for _, tc := range []struct {
		game string
		opts engine.Options
		want uint64
	}{
		{"poker-dice", engine.Options{}, 0xcb32f7144e66e233},
		{"yahtzee", engine.Options{}, 0x6e6eeec62549fee5},
		{"yahtzee", engine.Options{ForcedJoker: true}, 0x685f1c76b20031bf},
	} {
		t.Run(tc.game+tc.opts.String(), func(t *testing.T) {
			sol := solve(t, tc.game, tc.opts, 0)
			g := sol.Game
			turn := NewTurn(g)
			rng := rand.New(rand.NewPCG(3, 4))
			h := fnv.New64a()
			var b []byte
			for n := 0; n < 1500; {
				s := engine.State{Filled: rng.Uint32N(1<<len(g.Categories) - 1), Upper: rng.IntN(g.UpperCap() + 1), FullBox: g.FullBoxKey() != "" && rng.IntN(2) == 0}
				if math.IsNaN(sol.Value(s)) {
					continue
				}
				n++
				for _, r := range []int{rng.IntN(engine.NumRolls), engine.RollIndex(engine.Multiset{5: 5})} {
					for rollsLeft := range g.Rolls {
						actions, err := turn.Actions(s, engine.Roll(r), rollsLeft, sol.Value)
						if err != nil {
							t.Fatal(err)
						}
						b = b[:0]
						for _, a := range actions {
							p := a.Placement
							b = append(b, boolByte(a.Score), boolByte(p.Next.FullBox))
							b = append(b, a.Keep[:]...)
							b = append(b, a.Reroll[:]...)
							for _, v := range []int{p.Category, p.Points, p.Bonus, p.FiveAlikeBonus, int(p.Next.Filled), p.Next.Upper} {
								b = binary.LittleEndian.AppendUint64(b, uint64(v))
							}
							b = binary.LittleEndian.AppendUint64(b, math.Float64bits(a.Value))
						}
						h.Write(b)
					}
				}
			}
			if got := h.Sum64(); got != tc.want {
				t.Errorf("rankings hash to %#x, want %#x", got, tc.want)
			}
		})
	}
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
