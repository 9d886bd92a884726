package lanes

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dicepoker/engine"
)

// nearCases are the inputs of the float32 near kernels' tests: chances
// in quarters with a tolerance that in float32 makes near mean equal, and
// chances a few float32 steps apart around 1 and 0.5 with Tolerance32's
// 2^-22, so that near but unequal chances, and chains of them, occur.
var nearCases = []nearCase{
	{"quarters", 1e-12, true},
	{"steps", 1.0 / (1 << 22), false},
}

// nearCase is a case of the near kernels' tests.
type nearCase struct {
	name  string
	tol   float32
	exact bool // whether the float64 kernels make the same choices
}

// chance returns a random chance of the case: a quarter, or one of
// 1-k·2^-24 and 0.5±k·2^-25 for k in 0..8.
func chance(rng *rand.Rand, exact bool) float32 {
	if exact {
		return float32(rng.IntN(5)) / 4
	}
	k := float32(rng.IntN(9))
	switch rng.IntN(3) {
	case 0:
		return 1 - k/(1<<24)
	case 1:
		return 0.5 + k/(1<<25)
	}
	return 0.5 - k/(1<<25)
}

// TestNear32 checks the float32 near kernels against plain Go, bit for
// bit, and against the float64 ones on the same values: the means within
// float32's rounding, the choices (of values that float32 holds exactly,
// where the tolerance makes near mean equal) the same.
func TestNear32(t *testing.T) {
	for _, c := range nearCases {
		t.Run(c.name, func(t *testing.T) { testNear32(t, c.tol, c.exact) })
	}
}

func testNear32(t *testing.T, tol float32, exact bool) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 20 {
		var v, e NearTurn[float32]
		for r := range engine.NumRolls {
			for j := range Lanes {
				v.Now[r][j], e.Now[r][j] = chance(rng, exact), float32(rng.IntN(4))
				v.Keeps[keepParents+r][j], e.Keeps[keepParents+r][j] = chance(rng, exact), float32(rng.IntN(40))
			}
		}
		// the keeps' values, which the choices weigh against the rolls'
		for k := range keepParents {
			for j := range Lanes {
				v.Keeps[k][j], e.Keeps[k][j] = chance(rng, exact), float32(rng.IntN(4))
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
		best64.BestKeepsNear(&bestE64, float64(tol))
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
				if exact && (float64(got.best.Keeps[k][j]) != best64.Keeps[k][j] || float64(got.bestE.Keeps[k][j]) != bestE64.Keeps[k][j]) {
					t.Fatalf("trial %d, keep %d, lane %d: float32 choice (%v, %v), float64 (%v, %v)", trial, k, j,
						got.best.Keeps[k][j], got.bestE.Keeps[k][j], best64.Keeps[k][j], bestE64.Keeps[k][j])
				}
			}
		}
		// A mean of five levels of means of six values of at most m is
		// within 5·6·2^-24·m of the exact one: m the largest of the
		// values MeanNow averages, the rolls' written values.
		var mostV, mostE float32
		for r := range engine.NumRolls {
			for j := range Lanes {
				mostV, mostE = max(mostV, v.Now[r][j]), max(mostE, e.Now[r][j])
			}
		}
		boundV, boundE := 30.0/(1<<24)*float64(mostV), 30.0/(1<<24)*float64(mostE)
		for k := range keepParents {
			for j := range Lanes {
				if d := math.Abs(float64(got.v.Keeps[k][j]) - v64.Keeps[k][j]); d > boundV {
					t.Fatalf("trial %d, keep %d, lane %d: float32 %v, float64 %v", trial, k, j, got.v.Keeps[k][j], v64.Keeps[k][j])
				}
				if d := math.Abs(float64(got.e.Keeps[k][j]) - e64.Keeps[k][j]); d > boundE {
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
// runs, and its FinalStaged and Outdone where it has them, against plain
// Go, bit for bit, and against the float64 Final on
// the same values, which float32 holds exactly, where the tolerance makes
// near mean equal.
func TestFinal32(t *testing.T) {
	for _, c := range nearCases {
		t.Run(c.name, func(t *testing.T) { testFinal32(t, c.tol, c.exact) })
	}
}

func testFinal32(t *testing.T, tol float32, exact bool) {
	rng := rand.New(rand.NewPCG(23, 24))
	var firsts, seconds [64][Lanes]float32
	var firsts64, seconds64 [64][Lanes]float64
	for trial := range 20 {
		for i := range firsts {
			for j := range Lanes {
				firsts[i][j], seconds[i][j] = chance(rng, exact), float32(rng.IntN(60))/4
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
		// a base of second values, or of none (0s) in odd trials
		f.BaseFirst, f64.BaseFirst = &firsts[0], &firsts64[0]
		f.BaseSecond, f64.BaseSecond = &seconds[1], &seconds64[1]
		if trial%2 == 1 {
			f.BaseSecond, f64.BaseSecond = &[Lanes]float32{}, &[Lanes]float64{}
		}
		var final [3]NearRolls[float32] // plain Go, the one float32 Final
		f.Final(&final[0], &final[1], &final[2], tol)
		// FinalStaged, given the levels the rolls take, each once
		var used []uint16
		seen := map[uint16]bool{}
		for _, k := range f.Rolls {
			if !seen[k] {
				seen[k] = true
				used = append(used, k)
			}
		}
		if st := new(NearStage[float32]); f.Stage(st, used) {
			var staged [3]NearRolls[float32]
			f.FinalStaged(st, &staged[0], &staged[1], &staged[2], tol)
			if staged != final {
				t.Fatalf("trial %d: FinalStaged differs from plain Go's Final", trial)
			}
			testOutdone(t, &f, st, used)
		}
		var v, e, bar NearRolls[float64]
		f64.Final(&v, &e, &bar, float64(tol))
		for r := range engine.NumRolls {
			if !exact {
				break
			}
			for j := range Lanes {
				if float64(final[0][r][j]) != v[r][j] || float64(final[1][r][j]) != e[r][j] {
					t.Fatalf("trial %d, roll %d, lane %d: float32 (%v, %v), float64 (%v, %v)", trial, r, j, final[0][r][j], final[1][r][j], v[r][j], e[r][j])
				}
			}
		}
	}
}

// testOutdone checks Outdone on the levels of f laid out in st, each
// level of used against the runs of up to three levels from it that are
// laid out, against its definition.
func testOutdone(t *testing.T, f *NearFinals[float32], st *NearStage[float32], used []uint16) {
	t.Helper()
	outdone, not := 0, 0
	for _, z := range used {
		for n := 1; n <= 3 && isStaged(used, z, n); n++ {
			want := true
			for k := int(z); k < int(z)+n; k++ {
				for j := range Lanes {
					if f.First[k][j] < f.First[z][j] || f.Second[k][j]+f.Add[k] < f.Second[z][j]+f.Add[z] {
						want = false
					}
				}
			}
			if got := st.Outdone(int(z), int(z), n); got != want {
				t.Fatalf("level %d and the %d from it: Outdone %v, want %v", z, n, got, want)
			}
			if want {
				outdone++
			} else {
				not++
			}
		}
	}
	if outdone == 0 || not == 0 {
		t.Fatalf("%d runs of levels outdone, %d not: both are to be met", outdone, not)
	}
}

// isStaged reports whether levels from..from+n-1 are all in used.
func isStaged(used []uint16, from uint16, n int) bool {
	for k := range n {
		if !slices.Contains(used, from+uint16(k)) {
			return false
		}
	}
	return true
}
