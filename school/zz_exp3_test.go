package school

import (
	"os"
	"testing"
	"time"
	"dicepoker/engine"
)

func TestZZExp3(t *testing.T) {
	if os.Getenv("ZZEXP3") == "" { t.Skip() }
	g := mustSchool(t, 3)
	k := NewKernel(g)
	st := time.Now()
	sc := k.Simulate([]Player{Fixed(func(s engine.SchoolState) float64 {return 0})}, 200, 1, 0)
	m, ci := meanCI(sc, 0)
	t.Logf("greedy %.2f ± %.2f %v", m, ci, time.Since(st))
	var w []float64
	for r := 0; r < 10; r++ {
		st = time.Now()
		e, err := Train(g, TrainOptions{Rounds: 1, Games: 300, Seed: 200+uint64(r), Start: w})
		if err != nil { t.Fatal(err) }
		w = e.W
		tt := time.Since(st)
		sc = k.Simulate([]Player{e.After}, 300, 1, 0)
		m, ci = meanCI(sc, 0)
		t.Logf("fvi %d: estimate %.2f ± %.2f  train %v", r, m, ci, tt)
	}
}
