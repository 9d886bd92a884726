package solver

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

func mustDice(t *testing.T, s string) engine.Multiset {
	t.Helper()
	m, err := engine.ParseDice(s, "")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestActionsAverageToStateValue checks that the advice agrees with the
// solution: the best action's value for every first roll, weighted by the
// roll's probability, is the value of the state.
func TestActionsAverageToStateValue(t *testing.T) {
	t.Parallel()
	sol := solve(t, "poker-dice", engine.Options{}, 0)
	g := sol.Game
	turn := NewTurn(g)
	states := []engine.State{
		{},
		{Filled: 0b1010101, Upper: 7},
		{Filled: 0b1111110111110, Upper: 15},
	}
	for _, s := range states {
		sum := 0.0
		for r := range engine.NumRolls {
			actions, err := turn.Actions(s, engine.Roll(r), g.Rolls-1, sol.Value)
			if err != nil {
				t.Fatal(err)
			}
			sum += engine.RollProbability(r) * actions[0].Value
		}
		if want := sol.Value(s); math.Abs(sum-want) > 1e-9 {
			t.Errorf("state %+v: advice averages to %.12f, the solution says %.12f", s, sum, want)
		}
	}
}

func TestActionsHandChecked(t *testing.T) {
	t.Parallel()
	sol := solve(t, "yahtzee", engine.Options{}, 0)
	g := sol.Game
	turn := NewTurn(g)

	// Five sixes on the first roll of a new game go in yahtzee.
	actions, err := turn.Actions(engine.State{}, mustDice(t, "66666"), 2, sol.Value)
	if err != nil {
		t.Fatal(err)
	}
	if best := actions[0]; best.Box != "yahtzee" {
		t.Errorf("66666 on a new sheet: best action %+v, want yahtzee", best)
	}
	// The proper sub-multisets of 66666 (none to four sixes) and 13 boxes.
	if len(actions) != 5+13 {
		t.Errorf("66666: %d actions, want 18", len(actions))
	}

	// One box open and no rolls left: one action, worth its points.
	chance := g.Category("chance")
	s := engine.State{Filled: (1<<13 - 1) &^ (1 << chance), Upper: 63, FullBox: true}
	actions, err = turn.Actions(s, mustDice(t, "12346"), 0, sol.Value)
	if err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Value != 16 {
		t.Errorf("only chance open: %+v, want one action worth 16", actions)
	}

	// Distinct keeps of 33556: 3 x 3 x 2 = 18 sub-multisets, less the
	// whole hand, and 13 boxes.
	actions, _ = turn.Actions(engine.State{}, mustDice(t, "33556"), 1, sol.Value)
	if len(actions) != 17+13 {
		t.Errorf("33556: %d actions, want 30", len(actions))
	}
	for i := 1; i < len(actions); i++ {
		if actions[i].Value > actions[i-1].Value {
			t.Fatalf("actions out of order at %d", i)
		}
	}
}

func TestActionsRefuses(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	turn := NewTurn(g)
	zero := func(engine.State) float64 { return 0 }
	if _, err := turn.Actions(engine.State{}, mustDice(t, "12345"), 2, zero); err == nil {
		t.Error("poker dice with 2 rerolls left: accepted")
	}
	if _, err := turn.Actions(engine.State{Filled: 1<<13 - 1}, mustDice(t, "12345"), 0, zero); err == nil {
		t.Error("full sheet: accepted")
	}
	if _, err := turn.Actions(engine.State{}, engine.Multiset{1, 1}, 0, zero); err == nil {
		t.Error("two dice: accepted")
	}
}

// pinnedRankings are the hashes TestActionsPinned checks, by game: any
// change to a ranking's actions, their order or their values moves them.
var pinnedRankings = []struct {
	game string
	opts engine.Options
	want uint64
}{
	{"poker-dice", engine.Options{}, 0xcb32f7144e66e233},
	{"yahtzee", engine.Options{}, 0x6e6eeec62549fee5},
	{"yahtzee", engine.Options{ForcedJoker: true}, 0x685f1c76b20031bf},
	{"yatzy", engine.Options{}, 0xb712670e5857fe85},
}

// TestActionsPinned pins the rankings to the bit: every action of 1,500
// random positions of each game at every count of rerolls left (and a
// five-alike roll in each, for the bonus and joker rules), its order, its
// move and its value's bits, hashed, against pinnedRankings.
func TestActionsPinned(t *testing.T) {
	t.Parallel()
	for _, tc := range pinnedRankings {
		t.Run(tc.game+tc.opts.String(), func(t *testing.T) {
			t.Parallel()
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
							p := placementOf(t, g, s, r, a)
							b = append(b, boolByte(a.Box != ""), boolByte(p.Next.FullBox))
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

// placementOf returns the placement of roll r in state s that ranked
// action a writes, checking its points and bonus; none for a keep.
func placementOf(t *testing.T, g *engine.Game, s engine.State, r int, a engine.Ranked) engine.Placement {
	t.Helper()
	if a.Box == "" {
		return engine.Placement{}
	}
	for _, p := range g.Placements(s, r, nil) {
		if g.Categories[p.Category].Name == a.Box {
			if p.Points != a.Points || p.Bonus != a.Bonus {
				t.Fatalf("%+v, roll %v: %+v, the placement %+v", s, engine.Roll(r), a, p)
			}
			return p
		}
	}
	t.Fatalf("%+v, roll %v: %+v writes no box the rules allow", s, engine.Roll(r), a)
	return engine.Placement{}
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// plainActions is Turn.Actions computed the plain way: every placement,
// the final rolls by referenceFinal, the keep passes by lanes.KeepValues
// and lanes.BestKeeps, each sub-keep of the roll from the largest, and a
// stable sort by value.
func plainActions(g *engine.Game, s engine.State, dice engine.Multiset, rollsLeft int, next Values) []engine.Ranked {
	r := engine.RollIndex(dice)
	var actions []engine.Ranked
	for _, p := range g.Placements(s, r, nil) {
		actions = append(actions, g.Placed(p, float64(p.Total())+next(p.Next)))
	}
	if rollsLeft > 0 {
		var v lanes.Keeps
		referenceFinal(g, s, next, (*[engine.NumRolls]float64)(v[engine.FirstRollKeep:]))
		for i := 1; i <= rollsLeft; i++ {
			lanes.KeepValues(&v)
			if i < rollsLeft {
				lanes.BestKeeps(&v)
			}
		}
		subs := engine.SubKeeps(r)
		for i := len(subs) - 1; i >= 0; i-- {
			keep := engine.Keep(subs[i])
			actions = append(actions, engine.Ranked{Action: engine.Action{Keep: keep}, Reroll: dice.Minus(keep), Value: v[subs[i]]})
		}
	}
	sort.SliceStable(actions, func(i, j int) bool { return actions[i].Value > actions[j].Value })
	return actions
}

// TestActionsMatchPlainRanking checks Turn.Actions against plainActions,
// every action, its order and its value's bits, for random sheets, upper
// totals and rolls of yatzy and yahtzee at every count of rerolls left:
// valued by the solution (values of one sign, as the kernels compare as
// integers) and by the solution less 300 (of either sign, compared as
// floats).
func TestActionsMatchPlainRanking(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"yatzy", "yahtzee"} {
		sol := solve(t, game, engine.Options{}, 0)
		g := sol.Game
		turn := NewTurn(g)
		shifted := func(s engine.State) float64 { return sol.Value(s) - 300 }
		for _, tc := range []struct {
			name string
			next Values
		}{{"solution", sol.Value}, {"shifted", shifted}} {
			t.Run(game+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(5, 6))
				for n := 0; n < 1000; {
					s := engine.State{Filled: rng.Uint32N(1<<len(g.Categories) - 1), Upper: rng.IntN(g.UpperCap() + 1), FullBox: g.FullBoxKey() != "" && rng.IntN(2) == 0}
					if math.IsNaN(sol.Value(s)) {
						continue
					}
					n++
					dice := engine.Roll(rng.IntN(engine.NumRolls))
					for rollsLeft := range g.Rolls {
						got, err := turn.Actions(s, dice, rollsLeft, tc.next)
						if err != nil {
							t.Fatal(err)
						}
						want := plainActions(g, s, dice, rollsLeft, tc.next)
						if len(got) != len(want) {
							t.Fatalf("%+v, dice %v, %d rerolls left: %d actions, want %d", s, dice, rollsLeft, len(got), len(want))
						}
						for i := range got {
							a, b := got[i], want[i]
							if math.Float64bits(a.Value) != math.Float64bits(b.Value) || a.Action != b.Action || a.Reroll != b.Reroll || a.Points != b.Points || a.Bonus != b.Bonus || a.Detail != b.Detail {
								t.Fatalf("%+v, dice %v, %d rerolls left, action %d: %+v, want %+v", s, dice, rollsLeft, i, a, b)
							}
						}
					}
				}
			})
		}
	}
}
