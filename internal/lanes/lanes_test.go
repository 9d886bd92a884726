package lanes

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"dicepoker/engine"
)

// laneKernels are the plain Go lane kernel and the one this CPU runs (the
// assembly, on amd64 with AVX).
var laneKernels = map[string]Kernels{"go": kernelGo, "active": activeKernel}

// TestLaneKernels checks every lane kernel, bit for bit, against the
// one-state passes KeepValues and BestKeeps and the expectation of
// a turn's value (roll order), on random values of either sign in each lane.
func TestLaneKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, k := range laneKernels {
		for trial := range 50 {
			var v LaneKeeps
			var want [Lanes]Keeps
			for j := range Lanes {
				for r := range engine.NumRolls {
					x := rng.Float64()*100 - 20*float64(trial%2)
					v[keepParents+r][j] = x
					want[j][keepParents+r] = x
				}
			}
			for range 2 {
				k.mean(&v, meanRows)
				// The trials of values with the sign bit clear say so.
				k.best(&v, maxGroups, trial%2 == 0)
				for j := range want {
					KeepValues(&want[j])
					BestKeeps(&want[j])
				}
			}
			for j := range want {
				for i := range engine.NumKeeps {
					if math.Float64bits(v[i][j]) != math.Float64bits(want[j][i]) {
						t.Fatalf("%s kernel, trial %d, lane %d, keep %d: %v, want %v", name, trial, j, i, v[i][j], want[j][i])
					}
				}
			}
			var e [Lanes]float64
			k.expect(v.Rolls(), &e)
			for j := range want {
				w := 0.0
				for r := range engine.NumRolls {
					w += float64(engine.RollProbability(r) * want[j][keepParents+r])
				}
				if math.Float64bits(e[j]) != math.Float64bits(w) {
					t.Fatalf("%s kernel, trial %d, lane %d: expectation %v, want %v", name, trial, j, e[j], w)
				}
			}
		}
	}
}

// randomLanes returns a LaneKeeps with random values of either sign.
func randomLanes(rng *rand.Rand) *LaneKeeps {
	var v LaneKeeps
	for i := range engine.NumKeeps {
		for j := range Lanes {
			v[i][j] = rng.Float64()*100 - 30
		}
	}
	return &v
}

// box is what the final-roll steps take of one box of a game: each
// roll's points, its level where the box's points matter, and the lists
// of Scored and Raised where the box has them.
type box struct {
	points  [engine.NumRolls]float64
	level   [engine.NumRolls]uint8
	scoring []ScoredRoll // nil unless the points matter only for the score and are never negative
	raised  []LevelRoll  // nil unless the points matter and can be 0
	runs    []LevelRun
}

// boxesOf returns the boxes of game name, their levels numbered in the
// order the rolls first score them.
func boxesOf(t *testing.T, name string) (*engine.Game, []box) {
	t.Helper()
	g, err := engine.New(name, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	boxes := make([]box, len(g.Categories))
	for c := range boxes {
		b := &boxes[c]
		var levels []int
		sparse := !g.PointsMatter(c)
		for r := range engine.NumRolls {
			p := g.Score(c, r)
			b.points[r] = float64(p)
			sparse = sparse && p >= 0
			if g.PointsMatter(c) {
				l := slices.Index(levels, p)
				if l < 0 {
					l = len(levels)
					levels = append(levels, p)
				}
				b.level[r] = uint8(l)
			}
		}
		if z := slices.Index(levels, 0); z >= 0 {
			b.raised, b.runs = Raised(levels, &b.level, z)
		}
		if sparse {
			b.scoring = Scored(&b.points)
		}
	}
	return g, boxes
}

// TestLaneFinalKernels checks the final-roll steps of the kernel this CPU
// runs against the plain Go ones, bit for bit.
func TestLaneFinalKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g, boxes := boxesOf(t, "yahtzee")
	var add [Lanes]float64
	var totals LaneLevels
	for trial := range 20 {
		for j := range Lanes {
			add[j] = rng.Float64()*50 - 10
			for l := range totals {
				totals[l][j] = rng.Float64()*50 - 10
			}
		}
		c := trial % len(g.Categories)
		b := &boxes[c]
		var anyLevel [engine.NumRolls]uint8 // levels of any size, taken modulo Levels
		for r := range anyLevel {
			anyLevel[r] = uint8(rng.IntN(256))
		}
		steps := map[string]func(k Kernels, v *LaneKeeps){
			"levels":     func(k Kernels, v *LaneKeeps) { k.levels(v.Rolls(), &b.level, &totals, false) },
			"any levels": func(k Kernels, v *LaneKeeps) { k.levels(v.Rolls(), &anyLevel, &totals, false) },
			"points":     func(k Kernels, v *LaneKeeps) { k.points(v, &b.points, &add) },
			"sparse": func(k Kernels, v *LaneKeeps) {
				if b.scoring != nil {
					k.sparse(v, b.scoring, &add, false)
				}
			},
			"raised": func(k Kernels, v *LaneKeeps) {
				k.raised(v, b.raised, (*BoxLevels)(totals[:PointLevels]), false)
			},
		}
		for name, step := range steps {
			got := randomLanes(rng)
			want := *got
			step(activeKernel, got)
			step(kernelGo, &want)
			if *got != want {
				t.Fatalf("%s, box %s: the active kernel differs from plain Go", name, g.Categories[c].Name)
			}
		}
		// Ordered values, +0 or more or -Inf, compared as integers.
		ordered := func(x float64) float64 {
			if rng.IntN(8) == 0 {
				return math.Inf(-1)
			}
			return math.Abs(x)
		}
		for j := range Lanes {
			add[j] = ordered(add[j])
			for l := range totals {
				totals[l][j] = ordered(totals[l][j])
			}
		}
		for name, step := range map[string]func(k Kernels, v *LaneKeeps, ordered bool){
			"levels": func(k Kernels, v *LaneKeeps, o bool) { k.levels(v.Rolls(), &b.level, &totals, o) },
			"sparse": func(k Kernels, v *LaneKeeps, o bool) {
				if b.scoring != nil {
					k.sparse(v, b.scoring, &add, o)
				}
			},
			// The upper boxes' lists, by level, and Yahtzee's.
			"raised": func(k Kernels, v *LaneKeeps, o bool) {
				k.raised(v, b.raised, (*BoxLevels)(totals[:PointLevels]), o)
			},
		} {
			got := randomLanes(rng)
			for i := range got {
				for j := range got[i] {
					got[i][j] = ordered(got[i][j])
				}
			}
			want := *got
			step(kernelGo, got, true)
			step(kernelGo, &want, false)
			if *got != want {
				t.Fatalf("%s, box %s: ordered values compared as integers differ from the float maxima", name, g.Categories[c].Name)
			}
		}
	}
}

// TestOneStateKeepValues checks each kernel's keep means for one state
// against KeepValues, bit for bit, over every keep, on values of either
// sign.
func TestOneStateKeepValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for name, k := range laneKernels {
		t.Run(name, func(t *testing.T) {
			for trial := range 20 {
				var got Keeps
				for i := range got {
					got[i] = (rng.Float64() - 0.25) * 100
				}
				want := got
				k.keepsOne(&got)
				KeepValues(&want)
				sameKeeps(t, trial, &got, &want)
			}
		})
	}
}

// sameKeeps fails the test unless got and want hold every keep's value to
// the bit.
func sameKeeps(t *testing.T, trial int, got, want *Keeps) {
	t.Helper()
	for i := range engine.NumKeeps {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("trial %d, keep %v: %v, want %v", trial, engine.Keep(i), got[i], want[i])
		}
	}
}

// TestOneStateKernels checks the kernel steps for one state's rolls of the
// kernel this CPU runs against plain Go, bit for bit, on values of either
// sign.
func TestOneStateKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	tests := []struct {
		name  string
		scale float64 // the values lie in [-scale/4, scale*3/4)
	}{
		{"small", 1},
		{"points", 100},
		{"large", 1e6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for trial := range 20 {
				var f, points [engine.NumRolls]float64
				for r := range f {
					f[r] = (rng.Float64() - 0.25) * tc.scale
					points[r] = (rng.Float64() - 0.25) * tc.scale
				}
				add := (rng.Float64() - 0.25) * tc.scale
				got, want := f, f
				activeKernel.pointsOne(&got, &points, add)
				kernelGo.pointsOne(&want, &points, add)
				changed := 0
				for r := range got {
					if math.Float64bits(got[r]) != math.Float64bits(want[r]) {
						t.Fatalf("trial %d, roll %d: %s kernel %v, plain Go %v", trial, r, activeKernel.name, got[r], want[r])
					}
					if want[r] != f[r] {
						changed++
					}
				}
				// Both outcomes of the maximum occur, so neither side
				// of it goes untested.
				if changed == 0 || changed == len(f) {
					t.Fatalf("trial %d: %d of %d rolls changed", trial, changed, len(f))
				}
			}
		})
	}
}

// TestBestRolls checks BestRolls against BestKeeps, bit for bit, in every
// lane kernel: with the keeps of fewer than five dice at their best from
// one set of rolls, the rolls replaced by others of either sign.
func TestBestRolls(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for name, k := range laneKernels {
		for trial := range 20 {
			v := randomLanes(rng)
			k.mean(v, meanRows)
			k.best(v, maxGroups, false)
			for r := range engine.NumRolls {
				for j := range Lanes {
					v[keepParents+r][j] = rng.Float64()*100 - 30*float64(trial%2)
				}
			}
			want := *v
			k.best(&want, maxGroups, false)
			k.best(v, maxGroups[rollGroups:], false)
			for i := range engine.NumKeeps {
				for j := range Lanes {
					if math.Float64bits(v[i][j]) != math.Float64bits(want[i][j]) {
						t.Fatalf("%s kernel, trial %d, lane %d, keep %d: %v, want %v", name, trial, j, i, v[i][j], want[i][j])
					}
				}
			}
		}
	}
	if rollGroups == 0 || maxGroups[rollGroups-1].rows[0][0] >= rowOffset(keepParents) {
		t.Errorf("the groups of rolls start at %d", rollGroups)
	}
}

// TestOneStateBestKeeps checks each kernel's best keeps for one state's
// values with the sign bit clear (+0, ties, +Inf among them) against
// bestKeepsFloat, the plain float maxima, bit for bit over every keep.
func TestOneStateBestKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for name, k := range laneKernels {
		t.Run(name, func(t *testing.T) {
			for trial := range 40 {
				var got Keeps
				for i := range engine.NumKeeps {
					switch x := rng.IntN(20); {
					case x == 0:
						got[i] = 0
					case x == 1 && trial%4 == 3:
						got[i] = math.Inf(1)
					case trial%2 == 0:
						got[i] = float64(rng.IntN(40)) / 4 // ties
					default:
						got[i] = rng.Float64() * 300
					}
				}
				want := got
				k.bestOne(&got)
				bestKeepsFloat(&want)
				sameKeeps(t, trial, &got, &want)
			}
		})
	}
}

// TestOneStateRaised checks each kernel's raised rolls for one state
// against the plain pass over the box's list of raised rolls, in every
// upper box of yatzy and in Yahtzee's box, on ordered values.
func TestOneStateRaised(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, game := range []string{"yatzy", "yahtzee"} {
		_, boxes := boxesOf(t, game)
		for name, k := range laneKernels {
			t.Run(game+"/"+name, func(t *testing.T) {
				raised := 0
				for c := range boxes {
					b := &boxes[c]
					if b.runs == nil {
						continue
					}
					raised++
					for trial := range 10 {
						var totals BoxLevels
						for l := range totals {
							totals[l][0] = float64(rng.IntN(200)) / 2
						}
						var got [engine.NumRolls]float64
						for r := range got {
							got[r] = float64(rng.IntN(200)) / 2
						}
						want := got
						k.raisedOne(&got, b.runs, &totals)
						for _, e := range b.raised {
							want[e.Roll] = max(want[e.Roll], totals[e.Level][0])
						}
						for r := range got {
							if math.Float64bits(got[r]) != math.Float64bits(want[r]) {
								t.Fatalf("box %d, trial %d, roll %v: %v, want %v", c, trial, engine.Roll(r), got[r], want[r])
							}
						}
					}
				}
				if raised == 0 {
					t.Fatal("no box with raised rolls")
				}
			})
		}
	}
}

// TestRank checks each kernel's ranking against a stable sort of the
// positions by value, for every count of values up to Rankable, with
// ties, signed zeros and infinities among them.
func TestRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1)}
	for name, k := range laneKernels {
		t.Run(name, func(t *testing.T) {
			for n := 1; n <= Rankable; n++ {
				for trial := range 10 {
					var x [Rankable]float64
					for i := range x {
						switch v := rng.IntN(10); {
						case v == 0:
							x[i] = special[rng.IntN(len(special))]
						case trial%2 == 0:
							x[i] = float64(rng.IntN(8)) - 3 // ties
						default:
							x[i] = rng.NormFloat64() * 100
						}
					}
					want := make([]uint8, n)
					for i := range want {
						want[i] = uint8(i)
					}
					sort.SliceStable(want, func(i, j int) bool { return x[want[i]] > x[want[j]] })
					var got [Rankable]uint8
					k.rank(&x, n, &got)
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("%d values, trial %d: rank %d is position %d, want %d (%v)", n, trial, i, got[i], want[i], x[:n])
						}
					}
				}
			}
		})
	}
}

// TestOneStateFill checks each kernel's fill: every roll's value becomes
// the one given, to the bit.
func TestOneStateFill(t *testing.T) {
	for name, k := range laneKernels {
		t.Run(name, func(t *testing.T) {
			for _, x := range []float64{0, math.Copysign(0, -1), 123.25, math.Inf(-1)} {
				var f [engine.NumRolls]float64
				for r := range f {
					f[r] = float64(r) + 0.5
				}
				k.fill(&f, x)
				for r := range f {
					if math.Float64bits(f[r]) != math.Float64bits(x) {
						t.Fatalf("fill %v: roll %d holds %v", x, r, f[r])
					}
				}
			}
		})
	}
}
