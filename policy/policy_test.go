package policy

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
)

func newGame(t testing.TB, name string, opts engine.Options) *engine.Game {
	t.Helper()
	g, err := engine.New(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// hashed returns state values that depend on the state alone: whole
// numbers 0..k-1 when k > 0, so that exact ties are common, else
// fractions.
func hashed(l statespace.Layout, k uint64) solver.Values {
	return func(s engine.State) float64 {
		h := uint64(l.Index(s))*0x9e3779b97f4a7c15 + 1
		h ^= h >> 29
		if k > 0 {
			return float64(h % k)
		}
		return float64(h%1_000_003) / 997
	}
}

// randomState returns a state of g with at least one box open: a random
// filled set, an upper total those boxes can reach and a random
// five-alike flag.
func randomState(g *engine.Game, rng *rand.Rand) engine.State {
	n := len(g.Categories)
	filled := uint32(rng.IntN(1<<n-1)) &^ (1 << rng.IntN(n))
	totals := g.UpperTotals(filled)
	s := engine.State{Filled: filled, Upper: totals[rng.IntN(len(totals))]}
	if g.Extra != nil && !s.Open(g.Extra.Box) {
		s.FullBox = rng.IntN(2) == 0
	}
	return s
}

// TestAgreesWithActions checks, in sampled positions, that the policy
// takes the action solver.Turn.Actions ranks first, with value functions
// that give many exact ties (whole numbers, all zero) and few.
func TestAgreesWithActions(t *testing.T) {
	pokerDice := newGame(t, "poker-dice", engine.Options{})
	sol, err := solver.Solve(pokerDice, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type values struct {
		name string
		next func(*engine.Game) solver.Values
	}
	zero := values{"zero", func(*engine.Game) solver.Values { return func(engine.State) float64 { return 0 } }}
	whole := values{"whole", func(g *engine.Game) solver.Values { return hashed(statespace.NewLayout(g), 40) }}
	fraction := values{"fraction", func(g *engine.Game) solver.Values { return hashed(statespace.NewLayout(g), 0) }}
	for _, tc := range []struct {
		game   string
		opts   engine.Options
		values []values
	}{
		{"yahtzee", engine.Options{}, []values{zero, whole, fraction}},
		{"yahtzee", engine.Options{ForcedJoker: true}, []values{whole, fraction}},
		{"yahtzee", engine.Options{NoJoker: true}, []values{whole}},
		{"yatzy", engine.Options{}, []values{zero, whole, fraction}},
		{"swedish", engine.Options{}, []values{zero, whole, fraction}},
		{"poker-dice", engine.Options{}, []values{zero, whole, {"optimal", func(*engine.Game) solver.Values { return sol.Value }}}},
	} {
		t.Run(tc.game+" "+tc.opts.String(), func(t *testing.T) {
			g := newGame(t, tc.game, tc.opts)
			for _, v := range tc.values {
				next := v.next(g)
				p, turn, rng := under(t, g, next, 1)
				for range 300 {
					s := randomState(g, rng)
					// Five alike often, for the bonus and joker rules.
					r := rng.IntN(engine.NumRolls)
					if rng.IntN(4) == 0 {
						r = fiveAlike[rng.IntN(engine.Faces)]
					}
					rollsLeft := rng.IntN(g.Rolls)
					actions, err := turn.Actions(s, engine.Roll(r), rollsLeft, next)
					if err != nil {
						t.Fatal(err)
					}
					if msg := disagreement(g, p.Turn(s), r, rollsLeft, actions[0]); msg != "" {
						t.Errorf("%s %v, %s values, state %+v, dice %v, %d rerolls left: %s",
							tc.game, tc.opts, v.name, s, engine.Roll(r), rollsLeft, msg)
					}
				}
			}
		})
	}
}

// disagreement describes how the turn's decision differs from the best
// action, or returns "".
func disagreement(g *engine.Game, t *Turn, r, rollsLeft int, best engine.Ranked) string {
	if rollsLeft > 0 {
		keep, reroll := t.Keep(r, rollsLeft)
		if reroll != (best.Box == "") {
			return "rerolls or scores unlike the advice"
		}
		if reroll {
			if engine.Keep(keep) != best.Keep {
				return "keeps " + engine.Keep(keep).String() + ", advice " + best.Keep.String()
			}
			return ""
		}
	}
	if got := t.Place(r); g.Placed(got, best.Value) != best {
		return "places unlike the advice"
	}
	return ""
}

// TestOutcomesAddUp checks that a turn's outcomes are ordered and
// distinct, have total probability 1 and expected value (points plus the next state's value) equal to the
// state's value.
func TestOutcomesAddUp(t *testing.T) {
	for _, name := range []string{"yahtzee", "yatzy", "swedish", "poker-dice"} {
		t.Run(name, func(t *testing.T) {
			g := newGame(t, name, engine.Options{})
			next := hashed(statespace.NewLayout(g), 0)
			p, turn, rng := under(t, g, next, 3)
			for range 200 {
				s := randomState(g, rng)
				total, value := 0.0, 0.0
				outs := p.Outcomes(s)
				for i, o := range outs {
					if i > 0 {
						a, b := outs[i-1], o
						ia, ib := p.layout.Index(a.Next), p.layout.Index(b.Next)
						if ia > ib || ia == ib && a.Points >= b.Points {
							t.Fatalf("%s %+v: outcome %+v after %+v", name, s, b, a)
						}
					}
					total += o.P
					value += o.P * (float64(o.Points) + next(o.Next))
				}
				if math.Abs(total-1) > 1e-12 {
					t.Errorf("%s %+v: outcomes add up to %.15f", name, s, total)
				}
				if want := turn.Value(s, next); math.Abs(value-want) > 1e-9*max(1, want) {
					t.Errorf("%s %+v: outcomes are worth %.12f, the turn %.12f", name, s, value, want)
				}
			}
		})
	}
}

func TestRefusesSchool(t *testing.T) {
	if _, err := Greedy(newGame(t, "school", engine.Options{})); err == nil {
		t.Error("school: accepted")
	}
}

// TestRefusesHugeTotals checks that a game whose totals can pass 16 bits
// is refused, and one just inside them played.
func TestRefusesHugeTotals(t *testing.T) {
	for _, tc := range []struct {
		per int // points a pip
		ok  bool
	}{{1092, true}, {1093, false}} {
		g, err := engine.Define(engine.Game{Name: "pips", Rolls: 2, Categories: []engine.Category{
			{Name: "total", Points: func(m engine.Multiset) int { return tc.per * m.Sum() }},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Greedy(g); (err == nil) != tc.ok {
			t.Errorf("%d points a pip (up to %d): %v", tc.per, 30*tc.per, err)
		}
	}
}

// under returns the policy of g over next, the turn it is checked
// against, and a generator of random states seeded with seed.
func under(t *testing.T, g *engine.Game, next solver.Values, seed uint64) (*Policy, *solver.Turn, *rand.Rand) {
	t.Helper()
	p, err := New(g, next)
	if err != nil {
		t.Fatal(err)
	}
	return p, solver.NewTurn(g), rand.New(rand.NewPCG(seed, seed+1))
}

// TestBatchAgrees checks that the turns of a batch of states, each box
// taken on first use and each keep from the keep lattice (Batch.Plan,
// Plays.Plan) or searched on first use (Plays.PlanSearching), are those
// each state planned alone gives, in every lane, for batches of one to
// lanes.Lanes states, on values with many exact ties and with few.
func TestBatchAgrees(t *testing.T) {
	plans := map[string]func(*Policy) turnPlanner{
		"Plan":          func(p *Policy) turnPlanner { return p.NewBatch() },
		"Plays.Plan":    func(p *Policy) turnPlanner { return p.NewPlays() },
		"PlanSearching": func(p *Policy) turnPlanner { return searching{p.NewPlays()} },
	}
	for _, name := range []string{"yahtzee", "swedish", "poker-dice"} {
		for mode, plan := range plans {
			for _, k := range []uint64{40, 0} {
				t.Run(fmt.Sprintf("%s %s %d", name, mode, k), func(t *testing.T) { batchAgrees(t, name, plan, k) })
			}
		}
	}
}

// turnPlanner is a Batch, a Plays or a searching Plays.
type turnPlanner interface {
	Plan([]engine.State)
	Turn(int) *Turn
}

// searching is a Plays whose Plan is PlanSearching.
type searching struct{ *Plays }

func (s searching) Plan(states []engine.State) { s.PlanSearching(states) }

// batchAgrees is TestBatchAgrees for game name, batches made by plan, the
// values hashed with k.
func batchAgrees(t *testing.T, name string, plan func(*Policy) turnPlanner, k uint64) {
	g := newGame(t, name, engine.Options{})
	p, _, rng := under(t, g, hashed(statespace.NewLayout(g), k), 5+k)
	b := plan(p)
	for n := 1; n <= lanes.Lanes; n++ {
		states := make([]engine.State, n)
		for j := range states {
			states[j] = randomState(g, rng)
		}
		b.Plan(states)
		for j, s := range states {
			alone, batched := p.plan(s), b.Turn(j)
			for r := range engine.NumRolls {
				if a, b := alone.Place(r), batched.Place(r); a != b {
					t.Fatalf("%s %+v, roll %v: placed %+v alone, %+v in lane %d of %d", name, s, engine.Roll(r), a, b, j, n)
				}
				if a, b := alone.End(r), batched.End(r); a != b || a != end(g, alone.Place(r)) {
					t.Fatalf("%s %+v, roll %v: ends %+v alone, %+v in lane %d of %d", name, s, engine.Roll(r), a, b, j, n)
				}
				for left := 1; left < g.Rolls; left++ {
					ak, ar := alone.Keep(r, left)
					bk, br := batched.Keep(r, left)
					if ak != bk || ar != br {
						t.Fatalf("%s %+v, roll %v, %d rerolls left: keeps %v alone, %v in lane %d of %d", name, s, engine.Roll(r), left, engine.Keep(ak), engine.Keep(bk), j, n)
					}
				}
			}
		}
	}
}

// end returns how move pl ends a turn, worked out from the move itself.
func end(g *engine.Game, pl engine.Placement) End {
	return End{Next: uint32(statespace.NewLayout(g).Index(pl.Next)), Points: int16(pl.Points + pl.Bonus),
		UpperBonus: pl.Bonus-pl.FiveAlikeBonus > 0, FiveAlikeBonus: pl.FiveAlikeBonus != 0}
}

// TestArcsMatchOutcomes checks that a batch's arcs (Batch.AppendArcs, every
// lane's dice carried at once) are the outcomes of each state's turn
// planned alone (AppendOutcomes), in order and to the bit, in every lane
// of batches of one to lanes.Lanes states, with many exact ties and few.
func TestArcsMatchOutcomes(t *testing.T) {
	yahtzee := []engine.Options{{}, {ForcedJoker: true}, {NoJoker: true}, {NoYahtzeeBonus: true}, {NoUpperBonus: true}}
	variants := map[string][]engine.Options{"yahtzee": yahtzee, "yatzy": {{}}, "swedish": {{}, {UpperBonusThreshold: 50}}, "poker-dice": {{}}}
	for name, options := range variants {
		for _, opts := range options {
			t.Run(name+" "+opts.String(), func(t *testing.T) { arcsMatchOutcomes(t, newGame(t, name, opts)) })
		}
	}
}

// arcsMatchOutcomes is TestArcsMatchOutcomes in game g.
func arcsMatchOutcomes(t *testing.T, g *engine.Game) {
	for _, k := range []uint64{40, 0} {
		p, _, rng := under(t, g, hashed(statespace.NewLayout(g), k), 7+k)
		b := p.NewBatch()
		out := make([][]Arc, lanes.Lanes)
		for trial := range 24 {
			states := make([]engine.State, 1+trial%lanes.Lanes)
			for j := range states {
				states[j] = randomState(g, rng)
			}
			b.Plan(states)
			b.AppendArcs(nil, out)
			for j, s := range states {
				want := p.AppendOutcomes(nil, p.plan(s))
				if len(out[j]) != len(want) {
					t.Fatalf("%+v in lane %d of %d: %d arcs, %d outcomes", s, j, len(states), len(out[j]), len(want))
				}
				for i, o := range want {
					a := out[j][i]
					if int(a.Next) != p.layout.Index(o.Next) || int(a.Points) != o.Points || math.Float64bits(a.P) != math.Float64bits(o.P) {
						t.Fatalf("%+v in lane %d of %d, arc %d: %+v, outcome %+v (index %d)", s, j, len(states), i, a, o, p.layout.Index(o.Next))
					}
				}
			}
		}
	}
}

// TestFiveAlikePlacements checks that a batch places each roll of five
// dice alike that the five-alike rules take, in every lane, where the
// best of engine.Game.Placements goes by its points and the value of its
// next state looked up afresh (the first in sheet order on a tie), on
// values with many exact ties and with few: yahtzee's rules, the forced
// joker, and an upper box with joker points that no roll scores there,
// which no level of the box holds, so that its next state is its own.
func TestFiveAlikePlacements(t *testing.T) {
	odd := *newGame(t, "yahtzee", engine.Options{})
	odd.Categories = slices.Clone(odd.Categories)
	odd.Categories[odd.Category("twos")].Joker = 7
	oddGame, err := engine.Define(odd)
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]*engine.Game{"yahtzee": newGame(t, "yahtzee", engine.Options{}), "forced joker": newGame(t, "yahtzee", engine.Options{ForcedJoker: true}), "joker twos 7": oddGame}
	for name, g := range games {
		for _, k := range []uint64{3, 0} {
			t.Run(fmt.Sprintf("%s %d", name, k), func(t *testing.T) {
				next := hashed(statespace.NewLayout(g), k)
				p, _, rng := under(t, g, next, 9+k)
				b := p.NewBatch()
				placed := 0
				for trial := range 30 {
					states := make([]engine.State, 1+trial%lanes.Lanes)
					for j := range states {
						states[j] = randomState(g, rng)
					}
					b.Plan(states)
					for j, s := range states {
						for _, r := range fiveAlike {
							if !g.Special(s, r) {
								continue
							}
							var want engine.Placement
							best := math.Inf(-1)
							for _, pl := range g.Placements(s, r, nil) {
								if v := float64(pl.Total()) + next(pl.Next); v > best {
									best, want = v, pl
								}
							}
							if got := b.Turn(j).Place(r); got != want {
								t.Fatalf("%+v in lane %d, roll %v: placed %+v, want %+v", s, j, engine.Roll(r), got, want)
							}
							placed++
						}
					}
				}
				if placed == 0 {
					t.Fatal("no roll fell under the five-alike rules")
				}
			})
		}
	}
}

// TestStandins checks Standins: each state its own stand-in where the
// values tell apart states that statespace.Standins puts together, and
// statespace.Standins where the values are the same for them; then, for
// random states and their stand-ins, that the two turns end the same
// ways: the same points, next states with one stand-in, the same
// probabilities to the bit.
func TestStandins(t *testing.T) {
	for _, name := range []string{"yahtzee", "yatzy"} {
		t.Run(name, func(t *testing.T) {
			g := newGame(t, name, engine.Options{})
			l := statespace.NewLayout(g)
			apart, _, _ := under(t, g, hashed(l, 0), 1)
			for i, s := range apart.Standins() {
				if int(s) != i {
					t.Fatalf("index %d stands for %d with values that tell them apart", s, i)
				}
			}
			to := statespace.Standins(g)
			byStandin := hashed(l, 40)
			p, _, rng := under(t, g, func(s engine.State) float64 { return byStandin(l.State(int(to[l.Index(s)]))) }, 2)
			if !slices.Equal(p.Standins(), to) {
				t.Fatal("values the same for every state and its stand-in, yet not statespace.Standins")
			}
			ends := func(s engine.State) map[[2]int]float64 {
				m := map[[2]int]float64{}
				for _, o := range p.Outcomes(s) {
					m[[2]int{int(to[l.Index(o.Next)]), o.Points}] += o.P
				}
				return m
			}
			tried := 0
			for tried < 200 {
				s := randomState(g, rng)
				stand := l.State(int(to[l.Index(s)]))
				if stand == s {
					continue
				}
				tried++
				if a, b := ends(s), ends(stand); !maps.Equal(a, b) {
					t.Fatalf("%+v ends %v, its stand-in %+v %v", s, a, stand, b)
				}
			}
		})
	}
}
