package lanes

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
)

// TestWideTurn checks the WideTurn kernels, where this CPU has them,
// against the float32 near kernels on each of its two batches, bit for
// bit: a turn's passes (MeanNow, BestKeepsNear, KeepValues,
// BestKeepsNear) and the sums over the first roll, on the cases of
// TestNear32.
func TestWideTurn(t *testing.T) {
	forWideCases(t, 31, 32, func(t *testing.T, c nearCase, rng *rand.Rand) {
		for trial := range 10 {
			var half [2][2]NearTurn[float32] // batch, then chances and points
			for b := range half {
				for r := range engine.NumRolls {
					for j := range Lanes {
						half[b][0].Now[r][j], half[b][1].Now[r][j] = chance(rng, c.exact), float32(rng.IntN(40))
					}
				}
			}
			var v, e WideTurn
			for b := range half {
				for r := range engine.NumRolls {
					*v.Now.Half(r, b), *e.Now.Half(r, b) = half[b][0].Now[r], half[b][1].Now[r]
				}
			}
			v.MeanNow(&e)
			v.BestKeepsNear(&e, c.tol)
			v.KeepValues(&e)
			v.BestKeepsNear(&e, c.tol)
			var gotP, gotE [WideLanes]float64
			v.Keeps.Rolls().Expect(e.Keeps.Rolls(), &gotP, &gotE)
			for b := range half {
				p, pe := &half[b][0], &half[b][1]
				p.MeanNow(pe)
				p.BestKeepsNear(pe, c.tol)
				p.KeepValues(pe)
				p.BestKeepsNear(pe, c.tol)
				var wantP, wantE [Lanes]float64
				p.Keeps.Rolls().Expect(&wantP)
				pe.Keeps.Rolls().Expect(&wantE)
				for k := range engine.NumKeeps {
					for j := range Lanes {
						if v.Keeps[k][b*Lanes+j] != p.Keeps[k][j] || e.Keeps[k][b*Lanes+j] != pe.Keeps[k][j] {
							t.Fatalf("trial %d, batch %d, keep %d, lane %d: wide (%v, %v), float32 (%v, %v)", trial, b, k, j,
								v.Keeps[k][b*Lanes+j], e.Keeps[k][b*Lanes+j], p.Keeps[k][j], pe.Keeps[k][j])
						}
					}
				}
				for j := range Lanes {
					if gotP[b*Lanes+j] != wantP[j] || gotE[b*Lanes+j] != wantE[j] {
						t.Fatalf("trial %d, batch %d, lane %d: wide sums (%v, %v), float32 (%v, %v)", trial, b, j,
							gotP[b*Lanes+j], gotE[b*Lanes+j], wantP[j], wantE[j])
					}
				}
			}
		}
	})
}

// TestFinalWide checks StageWide, FinalWide and a WideStage's Outdone,
// where this CPU has them, against Stage, FinalStaged and a NearStage's
// Outdone on each of its two batches, bit for bit: levels at random rows
// of sixteen values, each batch's eight, with random Adds, and random
// lists of levels.
func TestFinalWide(t *testing.T) {
	forWideCases(t, 33, 34, func(t *testing.T, c nearCase, rng *rand.Rand) {
		outdone, not := 0, 0
		for trial := range 20 {
			var firsts, seconds [64][WideLanes]float32
			for i := range firsts {
				for j := range WideLanes {
					firsts[i][j], seconds[i][j] = chance(rng, c.exact), float32(rng.IntN(60))/4
				}
			}
			// levels 0..3 rise in every lane, chance and points alike, but
			// in odd trials for one lane of level 2's second values
			for i := range 4 {
				for j := range WideLanes {
					firsts[60+i][j], seconds[60+i][j] = float32(i)/4, float32(i)
				}
			}
			if trial%2 == 1 {
				seconds[62][rng.IntN(WideLanes)] = -3
			}
			var f [2]NearFinals[float32] // the batches, whose rows are the halves of the sixteen
			used := []uint16{0, 1, 2, 3}
			for k := range f[0].First {
				a, b, add := rng.IntN(len(firsts)), rng.IntN(len(seconds)), float32(rng.IntN(30))
				if k < len(used) {
					a, b, add = 60+k, 60+k, float32(k)
				}
				for h := range f {
					f[h].First[k], f[h].Second[k], f[h].Add[k] = (*[Lanes]float32)(firsts[a][h*Lanes:]), (*[Lanes]float32)(seconds[b][h*Lanes:]), add
				}
			}
			for r := range engine.NumRolls {
				f[0].Starts[r] = uint16(len(f[0].Rolls))
				for range rng.IntN(8) {
					k := uint16(rng.IntN(len(f[0].First)))
					f[0].Rolls = append(f[0].Rolls, k)
					if !slices.Contains(used, k) {
						used = append(used, k)
					}
				}
			}
			f[0].Starts[engine.NumRolls] = uint16(len(f[0].Rolls))
			// a base of second values, or of none (0s) in odd trials
			baseP, baseE := firsts[0], seconds[1]
			if trial%2 == 1 {
				baseE = [WideLanes]float32{}
			}
			ws := new(WideStage)
			f[0].StageWide(ws, used)
			var v, e WideRolls
			f[0].FinalWide(ws, &v, &e, &baseP, &baseE, c.tol)
			var st [2]NearStage[float32]
			for h := range f {
				f[h].Rolls, f[h].Starts = f[0].Rolls, f[0].Starts
				f[h].BaseFirst, f[h].BaseSecond = (*[Lanes]float32)(baseP[h*Lanes:]), (*[Lanes]float32)(baseE[h*Lanes:])
				f[h].Stage(&st[h], used)
				var want [3]NearRolls[float32]
				f[h].FinalStaged(&st[h], &want[0], &want[1], &want[2], c.tol)
				for r := range engine.NumRolls {
					for j := range Lanes {
						gp, ge := v.Half(r, h)[j], e.Half(r, h)[j]
						if math.Float32bits(gp) != math.Float32bits(want[0][r][j]) || math.Float32bits(ge) != math.Float32bits(want[1][r][j]) {
							t.Fatalf("trial %d, batch %d, roll %d, lane %d: wide (%v, %v), FinalStaged (%v, %v)", trial, h, r, j, gp, ge, want[0][r][j], want[1][r][j])
						}
					}
				}
			}
			for _, z := range used {
				for n := 1; n <= 3 && isStaged(used, z, n); n++ {
					got, want := ws.Outdone(int(z), int(z), n), st[0].Outdone(int(z), int(z), n) && st[1].Outdone(int(z), int(z), n)
					if got != want {
						t.Fatalf("trial %d: level %d and the %d from it: wide Outdone %v, the batches' %v", trial, z, n, got, want)
					}
					if got && n > 1 {
						outdone++
					} else if !got {
						not++
					}
				}
			}
		}
		if outdone == 0 || not == 0 {
			t.Fatalf("%d runs of levels outdone, %d not: both are to be met", outdone, not)
		}
	})
}

// TestBaseWide checks a WideStage's Base, where this CPU has it, against
// its definition, lane by lane: levels of random values laid out by
// StageWide, random lists of them with random sets left out.
func TestBaseWide(t *testing.T) {
	forWideCases(t, 35, 36, func(t *testing.T, c nearCase, rng *rand.Rand) {
		offs := 0
		for trial := range 200 {
			zeros := make([]uint16, 1+rng.IntN(32))
			for i := range zeros {
				zeros[i] = uint16(i * Levels)
			}
			st := randomStage(rng, c, zeros)
			dense := rng.Uint32() & (1<<len(zeros) - 1) & rng.Uint32()
			var first, second [WideLanes]float32
			off := st.Base(zeros, dense, c.tol, &first, &second)
			var wantOff uint32
			for j := range WideLanes {
				var p, e float32
				for i, z := range zeros {
					if dense&(1<<i) == 0 {
						p = max(p, st.First[z][j])
					}
				}
				for i, z := range zeros {
					switch x := st.First[z][j]; {
					case dense&(1<<i) != 0:
					case x == p:
						e = max(e, st.Second[z][j])
					case x >= p-float32(c.tol*p):
						wantOff |= 1 << i
					}
				}
				if math.Float32bits(first[j]) != math.Float32bits(p) || math.Float32bits(second[j]) != math.Float32bits(e) {
					t.Fatalf("trial %d, lane %d: Base (%v, %v), want (%v, %v)", trial, j, first[j], second[j], p, e)
				}
			}
			if off != wantOff {
				t.Fatalf("trial %d: Base says %b near but not at the base, want %b", trial, off, wantOff)
			}
			if off != 0 {
				offs++
			}
		}
		if offs == 0 && !c.exact {
			t.Fatalf("no level was near the base but not at it: the case is to be met")
		}
	})
}

// TestChooseWide checks a WideStage's Choose, where this CPU has it,
// against its definition lane by lane, with chances a few float32 steps
// apart so that levels near the best but not at it occur.
func TestChooseWide(t *testing.T) {
	forWideCases(t, 37, 38, func(t *testing.T, c nearCase, rng *rand.Rand) {
		nears := 0
		for trial := range 200 {
			levels := make([]uint16, rng.IntN(14))
			for i := range levels {
				levels[i] = uint16(rng.IntN(32 * Levels))
			}
			st := randomStage(rng, c, levels)
			var v, e [WideLanes]float32
			st.Choose(levels, &v, &e, c.tol)
			for j := range WideLanes {
				var p, s float32
				for _, k := range levels {
					p = max(p, st.First[k][j])
				}
				for _, k := range levels {
					if x := st.First[k][j]; x >= p-float32(c.tol*p) {
						s = max(s, st.Second[k][j])
						if x != p {
							nears++
						}
					}
				}
				if math.Float32bits(v[j]) != math.Float32bits(p) || math.Float32bits(e[j]) != math.Float32bits(s) {
					t.Fatalf("trial %d, lane %d: Choose (%v, %v), want (%v, %v)", trial, j, v[j], e[j], p, s)
				}
			}
		}
		if nears == 0 && !c.exact {
			t.Fatalf("no level was near the best but not at it: the case is to be met")
		}
	})
}

// randomStage lays out levels in a WideStage, each level's rows one of
// eight pairs of random rows (chances as c makes them, points in
// quarters) and its points written random, as StageWide lays them out.
func randomStage(rng *rand.Rand, c nearCase, levels []uint16) *WideStage {
	var firsts, seconds [8][WideLanes]float32
	for i := range firsts {
		for j := range WideLanes {
			firsts[i][j], seconds[i][j] = chance(rng, c.exact), float32(rng.IntN(60))/4
		}
	}
	var f NearFinals[float32]
	for _, k := range levels {
		f.First[k], f.Second[k] = (*[Lanes]float32)(firsts[rng.IntN(len(firsts))][:]), (*[Lanes]float32)(seconds[rng.IntN(len(seconds))][:])
		f.Add[k] = float32(rng.IntN(30))
	}
	st := new(WideStage)
	f.StageWide(st, levels)
	return st
}

// forWideCases runs check on each of nearCases, with a random source
// seeded seed1, seed2, where this CPU has the wide kernels.
func forWideCases(t *testing.T, seed1, seed2 uint64, check func(t *testing.T, c nearCase, rng *rand.Rand)) {
	if !HasWide() {
		t.Skip("no AVX-512 on this CPU")
	}
	for _, c := range nearCases {
		t.Run(c.name, func(t *testing.T) { check(t, c, rand.New(rand.NewPCG(seed1, seed2))) })
	}
}
