package lanes

import (
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// nearKernels are the plain Go near kernel and the one this CPU runs.
var nearKernels = map[string]nearKernel{"go": nearGo, "active": activeNear}

// coarse returns a value of +0 or more from a few, so that equal values,
// and so ties, are common, with an occasional value near another.
func coarse(rng *rand.Rand) float64 {
	x := float64(rng.IntN(5)) / 4
	if rng.IntN(16) == 0 {
		x += 1e-14 // near x, not equal to it
	}
	return x
}

// nearChoice is the near choice between the options, as the package notes
// define it, all at once: the largest first value, and the largest second
// value of the options near it.
func nearChoice(first, second []float64, tol float64) (float64, float64) {
	best := 0.0
	for _, p := range first {
		best = max(best, p)
	}
	e := 0.0
	for i, p := range first {
		if p >= best-float64(tol*best) {
			e = max(e, second[i])
		}
	}
	return best, e
}

// TestBestKeepsNear checks BestKeepsNear against the choice, all at once,
// between writing each roll now and each of its sub-keeps, in every lane,
// with values that tie often; and every near kernel against plain Go, bit
// for bit.
func TestBestKeepsNear(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const tol = 1e-12
	for trial := range 30 {
		var v, e LaneTurn
		for r := range engine.NumRolls {
			for j := range Lanes {
				v.Now[r][j], e.Now[r][j] = coarse(rng), float64(rng.IntN(4))
				v.Keeps[keepParents+r][j], e.Keeps[keepParents+r][j] = coarse(rng), float64(rng.IntN(40))
			}
		}
		results := map[string][2]LaneTurn{}
		for name, k := range nearKernels {
			v, e := v, e
			// The pair of means is LaneKeeps.KeepValues on each, the
			// rolls read from Now with MeanNow.
			wantV, wantE := v.Keeps, e.Keeps
			wantV.KeepValues()
			wantE.KeepValues()
			nowV, nowE := v, e
			*nowV.Keeps.Rolls(), *nowE.Keeps.Rolls() = nowV.Now, nowE.Now
			nowV.Keeps.KeepValues()
			nowE.Keeps.KeepValues()
			fromNow, fromNowE := v, e
			k.mean(&fromNow, &fromNowE, meanNowRows)
			k.mean(&v, &e, meanRows)
			if v.Keeps != wantV || e.Keeps != wantE || [keepParents][Lanes]float64(fromNow.Keeps[:keepParents]) != [keepParents][Lanes]float64(nowV.Keeps[:keepParents]) ||
				[keepParents][Lanes]float64(fromNowE.Keeps[:keepParents]) != [keepParents][Lanes]float64(nowE.Keeps[:keepParents]) {
				t.Fatalf("%s kernel, trial %d: the means of the pair differ from KeepValues on each", name, trial)
			}
			own, ownE := v.Keeps, e.Keeps
			k.best(&v, &e, tol)
			results[name] = [2]LaneTurn{v, e}
			if name != "go" {
				continue
			}
			for r := range engine.NumRolls {
				subs := engine.SubKeeps(r)
				for j := range Lanes {
					first, second := []float64{v.Now[r][j]}, []float64{e.Now[r][j]}
					for _, k := range subs {
						first, second = append(first, own[k][j]), append(second, ownE[k][j])
					}
					p, x := nearChoice(first, second, tol)
					if got := v.Keeps[keepParents+r][j]; got != p || e.Keeps[keepParents+r][j] != x {
						t.Fatalf("trial %d, roll %v, lane %d: (%v, %v), want (%v, %v)", trial, engine.Roll(r), j,
							got, e.Keeps[keepParents+r][j], p, x)
					}
				}
			}
		}
		if results["go"] != results["active"] {
			t.Fatalf("trial %d: the active near kernel differs from plain Go", trial)
		}
	}
}

// TestFinal checks Finals.Final of the kernel this CPU runs against plain
// Go, bit for bit, and against the near choice all at once between each
// roll's levels and the base.
func TestFinal(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const tol = 1e-12
	var firsts, seconds [64][Lanes]float64
	for trial := range 20 {
		for i := range firsts {
			for j := range Lanes {
				firsts[i][j], seconds[i][j] = coarse(rng), float64(rng.IntN(60))/4
			}
		}
		var f Finals
		for k := range f.First {
			f.First[k], f.Second[k], f.Add[k] = &firsts[rng.IntN(len(firsts))], &seconds[rng.IntN(len(seconds))], float64(rng.IntN(30))
		}
		for r := range engine.NumRolls {
			f.Starts[r] = uint16(len(f.Rolls))
			for range rng.IntN(6) {
				f.Rolls = append(f.Rolls, uint16(rng.IntN(len(f.First))))
			}
		}
		f.Starts[engine.NumRolls] = uint16(len(f.Rolls))
		// a base of second values, or of none (0s) in odd trials
		f.BaseFirst, f.BaseSecond = &firsts[0], &seconds[1]
		if trial%2 == 1 {
			f.BaseSecond = &[Lanes]float64{}
		}
		got := map[string][3]LaneRolls{}
		for name, k := range nearKernels {
			var v, e, bar LaneRolls
			k.final(&f, &v, &e, &bar, tol)
			got[name] = [3]LaneRolls{v, e, bar}
		}
		if got["go"] != got["active"] {
			t.Fatalf("trial %d: the active near kernel's Final differs from plain Go", trial)
		}
		v, e := got["go"][0], got["go"][1]
		for r := range engine.NumRolls {
			for j := range Lanes {
				first, second := []float64{f.BaseFirst[j]}, []float64{f.BaseSecond[j]}
				for _, k := range f.Rolls[f.Starts[r]:f.Starts[r+1]] {
					first, second = append(first, f.First[k][j]), append(second, f.Second[k][j]+f.Add[k])
				}
				if p, x := nearChoice(first, second, tol); v[r][j] != p || e[r][j] != x {
					t.Fatalf("trial %d, roll %d, lane %d: (%v, %v), want (%v, %v)", trial, r, j, v[r][j], e[r][j], p, x)
				}
			}
		}
	}
}
