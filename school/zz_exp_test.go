package school

import (
	"os"
	"testing"
	"time"
	"math"
	"strconv"
)

func meanCI(xs [][]int, seat int) (float64, float64) {
	s, s2 := 0.0, 0.0
	for _, x := range xs { v := float64(x[seat]); s += v; s2 += v*v }
	n := float64(len(xs)); m := s/n
	return m, 1.96*math.Sqrt((s2/n-m*m)/n)
}

func TestZZExp(t *testing.T) {
	if os.Getenv("ZZEXP") == "" { t.Skip() }
	lambda, _ := strconv.ParseFloat(os.Getenv("LAMBDA"), 64)
	g := mustSchool(t, 1)
	ex, err := LoadExact("/tmp/sch/tables/school+columns=1.dpt", g)
	if err != nil { t.Fatal(err) }
	k := NewKernel(g)
	st := time.Now()
	e, err := Train(g, TrainOptions{Rounds: 1, Games: 3000, Seed: 100, Teacher: ex.Value})
	if err != nil { t.Fatal(err) }
	t.Logf("trained %v", time.Since(st))
	sc := k.Simulate([]Player{e.After}, 3000, 1, 0)
	m, ci := meanCI(sc, 0)
	t.Logf("estimate %.2f ± %.2f", m, ci)
	for r := 0; r < 6; r++ {
		e, err = Train(g, TrainOptions{Rounds: 1, Games: 3000, Seed: 200+uint64(r), Start: e.W, Lambda: lambda})
		sc = k.Simulate([]Player{e.After}, 3000, 1, 0)
		m, ci = meanCI(sc, 0)
		t.Logf("fvi %d: estimate %.2f ± %.2f %v", r, m, ci, time.Since(st))
	}
}
