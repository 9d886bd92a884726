package solver

import (
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestNear32 checks the float32 near kernels against plain Go, bit for
// bit, and against the float64 ones on the same values: the means within
// float32's rounding, the choices (of values that float32 holds exactly)
// the same.
func TestNear32(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const tol = 1e-12
	for trial := range 20 {
		var v, e NearTurn[float32]
		for r := range engine.NumRolls {
			for j := range Lanes {
				v.Now[r][j], e.Now[r][j] = float32(rng.IntN(5))/4, float32(rng.IntN(4))
				v.Keeps[keepParents+r][j], e.Keeps[keepParents+r][j] = float32(rng.IntN(5))/4, float32(rng.IntN(40))
			}
		}
		var v64, e64 NearTurn[float64]
		for k := range v.Keeps {
			for j := range Lanes {
				v64.Keeps[k][j], e64.Keeps[k][j] = float64(v.Keeps[k][j]), float64(e.Keeps[k][j])
			}
		}
		for r := range v.Now {
			for j := range Lanes {
				v64.Now[r][j], e64.Now[r][j] = float64(v.Now[r][j]), float64(e.Now[r][j])
			}
		}
		// Float64 on the same values: the choices, on values float32
		// holds exactly, the same; the means within float32's rounding.
		best64, bestE64 := v64, e64
		best64.BestKeepsNear(&bestE64, tol)
		v64.MeanNow(&e64)
		var exp64 [Lanes]float64
		v64.Now.Expect(&exp64)
		type result struct {
			best, bestE, v, e, turnV, turnE NearTurn[float32]
			exp                             [Lanes]float64
		}
		results := map[string]result{}
		for name, k := range nearKernels {
			var res result
			res.best, res.bestE = v, e
			k.best32(&res.best, &res.bestE, tol)
			res.v, res.e = v, e
			k.mean32(&res.v, &res.e, meanNowRows32)
			k.expect32(&res.v.Now, &res.exp)
			// and a turn's passes, for the bits
			res.turnV, res.turnE = res.v, res.e
			k.best32(&res.turnV, &res.turnE, tol)
			k.mean32(&res.turnV, &res.turnE, meanRows32)
			results[name] = res
		}
		if results["go"] != results["active"] {
			t.Fatalf("trial %d: the active float32 near kernel differs from plain Go", trial)
		}
		got := results["go"]
		for k := range engine.NumKeeps {
			for j := range Lanes {
				if float64(got.best.Keeps[k][j]) != best64.Keeps[k][j] || float64(got.bestE.Keeps[k][j]) != bestE64.Keeps[k][j] {
					t.Fatalf("trial %d, keep %d, lane %d: float32 choice (%v, %v), float64 (%v, %v)", trial, k, j,
						got.best.Keeps[k][j], got.bestE.Keeps[k][j], best64.Keeps[k][j], bestE64.Keeps[k][j])
				}
			}
		}
		// A mean of five levels of means of six values up to 40 is within
		// 5 * 6 * 2^-24 * 40 of the exact one.
		for k := range keepParents {
			for j := range Lanes {
				if d := float64(got.v.Keeps[k][j]) - v64.Keeps[k][j]; d > 2e-6 || d < -2e-6 {
					t.Fatalf("trial %d, keep %d, lane %d: float32 %v, float64 %v", trial, k, j, got.v.Keeps[k][j], v64.Keeps[k][j])
				}
				if d := float64(got.e.Keeps[k][j]) - e64.Keeps[k][j]; d > 1e-4 || d < -1e-4 {
					t.Fatalf("trial %d, keep %d, lane %d: float32 points %v, float64 %v", trial, k, j, got.e.Keeps[k][j], e64.Keeps[k][j])
				}
			}
		}
		for j := range Lanes {
			if got.exp[j] != exp64[j] {
				t.Fatalf("trial %d, lane %d: expected %v, float64 %v", trial, j, got.exp[j], exp64[j])
			}
		}
	}
}

// TestFinal32 checks the float32 NearFinals.Final of the kernel this CPU
// runs against plain Go, bit for bit, and against the float64 Final on
// the same values, which float32 holds exactly.
func TestFinal32(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	const tol = 1e-12
	var firsts, seconds [64][Lanes]float32
	var firsts64, seconds64 [64][Lanes]float64
	for trial := range 20 {
		for i := range firsts {
			for j := range Lanes {
				firsts[i][j], seconds[i][j] = float32(rng.IntN(5))/4, float32(rng.IntN(60))/4
				firsts64[i][j], seconds64[i][j] = float64(firsts[i][j]), float64(seconds[i][j])
			}
		}
		var f NearFinals[float32]
		var f64 NearFinals[float64]
		for k := range f.First {
			a, b := rng.IntN(len(firsts)), rng.IntN(len(seconds))
			f.First[k], f.Second[k], f.Add[k] = &firsts[a], &seconds[b], float32(rng.IntN(30))
			f64.First[k], f64.Second[k], f64.Add[k] = &firsts64[a], &seconds64[b], float64(f.Add[k])
		}
		for r := range engine.NumRolls {
			f.Starts[r] = uint16(len(f.Rolls))
			for range rng.IntN(6) {
				f.Rolls = append(f.Rolls, uint16(rng.IntN(len(f.First))))
			}
		}
		f.Starts[engine.NumRolls] = uint16(len(f.Rolls))
		f64.Rolls, f64.Starts = f.Rolls, f.Starts
		f.BaseFirst, f64.BaseFirst = &firsts[0], &firsts64[0]
		if trial%2 == 0 {
			f.BaseSecond, f64.BaseSecond = &seconds[1], &seconds64[1]
		}
		got := map[string][3]NearRolls[float32]{}
		for name, k := range nearKernels {
			var v, e, bar NearRolls[float32]
			k.final32(&f, &v, &e, &bar, tol)
			got[name] = [3]NearRolls[float32]{v, e, bar}
		}
		if got["go"] != got["active"] {
			t.Fatalf("trial %d: the active float32 near kernel's Final differs from plain Go", trial)
		}
		var v, e, bar NearRolls[float64]
		f64.Final(&v, &e, &bar, tol)
		for r := range engine.NumRolls {
			for j := range Lanes {
				if float64(got["go"][0][r][j]) != v[r][j] || float64(got["go"][1][r][j]) != e[r][j] {
					t.Fatalf("trial %d, roll %d, lane %d: float32 (%v, %v), float64 (%v, %v)", trial, r, j, got["go"][0][r][j], got["go"][1][r][j], v[r][j], e[r][j])
				}
			}
		}
	}
}
