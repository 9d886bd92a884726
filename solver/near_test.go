package solver

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

// TestNearAtKernels checks MaxAt, Bars and NearAt of the kernel this CPU
// runs against plain Go, bit for bit, and NearAt against its definition.
func TestNearAtKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const tol = 1e-12
	for trial := range 20 {
		var firsts, seconds LaneLevels
		var first, second LevelRows
		var add [Levels]float64
		for l := range firsts {
			for j := range Lanes {
				firsts[l][j], seconds[l][j] = coarse(rng), float64(rng.IntN(60))/4
			}
			// Levels may share their rows.
			first[l], second[l], add[l] = &firsts[rng.IntN(l+1)], &seconds[l], float64(rng.IntN(30))
		}
		var list []LevelRoll
		for r := range engine.NumRolls {
			if rng.IntN(3) > 0 {
				list = append(list, NewLevelRoll(r, uint8(rng.IntN(256))))
			}
		}
		var start LaneRolls
		for r := range start {
			for j := range Lanes {
				start[r][j] = coarse(rng)
			}
		}
		var got [3]map[string]LaneRolls
		for i := range got {
			got[i] = map[string]LaneRolls{}
		}
		for name, k := range nearKernels {
			p, bar, e := start, LaneRolls{}, LaneRolls{}
			k.maxAt(&p, list, &first)
			k.bars(&bar, &p, tol)
			k.nearAt(&e, list, &first, &second, &add, &bar)
			got[0][name], got[1][name], got[2][name] = p, bar, e
		}
		for i, step := range []string{"MaxAt", "Bars", "NearAt"} {
			if got[i]["go"] != got[i]["active"] {
				t.Fatalf("trial %d: %s of the active near kernel differs from plain Go", trial, step)
			}
		}
		p, e := got[0]["go"], got[2]["go"]
		for _, x := range list {
			r, l := int(x.off)/(Lanes*8), x.level&(Levels-1)
			for j := range Lanes {
				bar := p[r][j] - tol*p[r][j]
				want := 0.0
				for _, y := range list {
					if l := y.level & (Levels - 1); y.off == x.off && first[l][j] >= bar {
						want = max(want, second[l][j]+add[l])
					}
				}
				if e[r][j] != want || p[r][j] < first[l][j] {
					t.Fatalf("trial %d, roll %d, lane %d: first %v, second %v, want second %v", trial, r, j, p[r][j], e[r][j], want)
				}
			}
		}
	}
}
