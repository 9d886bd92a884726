package target

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/policy"
)

// TestKeepsAsScanned checks turn.keeps, which looks only at the keeps
// whose points are a roll's choice's, against the scan of every proper
// sub-keep of the roll, the largest first: the same choice for every
// roll and lane, on values drawn from a few (ties everywhere, -0 and +0
// among them), for float32 and float64 turns and every number of lanes
// noted.
func TestKeepsAsScanned(t *testing.T) {
	t.Parallel()
	g := subset(t, "yahtzee", engine.Options{})
	t.Run("float32", func(t *testing.T) {
		t.Parallel()
		keepsAsScanned(t, newTurn[float32](g))
	})
	t.Run("float64", func(t *testing.T) {
		t.Parallel()
		keepsAsScanned(t, newTurn[float64](g))
	})
}

func keepsAsScanned[T lane.Real](t *testing.T, tr *turn[T]) {
	rng := rand.New(rand.NewPCG(1, 2))
	// near within the tolerance: 1 and 1-tol/2 are near, 1 and 0.5 not
	tol := tolerance[T]()
	values := []T{T(math.Copysign(0, -1)), 0, 0.5, 1 - tol/2, 1, 2}
	values = append(values, sameBucket[T]()...)
	draw := func() T { return values[rng.IntN(len(values))] }
	w := tr.get()
	defer tr.pool.Put(w)
	for try := range 40 {
		w.noted = 1 + try%lane.Lanes
		for k := range w.ownP {
			for l := range lane.Lanes {
				w.ownP[k][l], w.ownE[k][l] = draw(), draw()
				w.p.Keeps[k][l], w.e.Keeps[k][l] = draw(), draw()
			}
		}
		for r := range w.p.Now {
			for l := range lane.Lanes {
				w.p.Now[r][l], w.e.Now[r][l] = draw(), draw()
			}
		}
		tr.keeps(w, 1)
		rp, re := w.p.Keeps.Rolls(), w.e.Keeps.Rolls()
		for r := range engine.NumRolls {
			for l := range w.noted {
				if got, want := w.keep[0][r][l], scannedKeep(w, r, l, rp[r][l], re[r][l]); got != want {
					t.Fatalf("try %d, roll %v, lane %d: keep %d, the scan's %d", try, engine.Roll(r), l, got, want)
				}
			}
		}
	}
}

// scannedKeep is roll r's keep in lane l as keeps notes it, best and
// most the roll's choice, found by a scan of its sub-keeps.
func scannedKeep[T lane.Real](w *lanes[T], r, l int, best, most T) uint8 {
	k, chain := -1, -1
	var chainP T
	if w.e.Now[r][l] == most {
		chain, chainP = policy.WriteNow, w.p.Now[r][l]
		if near(chainP, best) {
			k = policy.WriteNow
		}
	}
	subs := engine.SubKeeps(r)
	for i := range subs {
		if k >= 0 {
			break
		}
		sub := subs[len(subs)-1-i]
		if p := w.ownP[sub][l]; w.ownE[sub][l] == most {
			if chain < 0 || p > chainP {
				chain, chainP = i, p
			}
			if near(p, best) {
				k = i
			}
		}
	}
	if k < 0 {
		k = chain
	}
	return uint8(k)
}

// sameBucket returns two values of T far apart that keepsByValue hashes
// to one bucket, so that the keeps of one are met among the other's.
func sameBucket[T lane.Real]() []T {
	seen := map[int]T{}
	for i := 1; ; i++ {
		v := T(3 + float64(i)/64)
		if w, ok := seen[bucket(float64(v))]; ok {
			return []T{w, v}
		}
		seen[bucket(float64(v))] = v
	}
}
