package scores

import (
	"os"
	"runtime/pprof"
	"testing"
	"time"

	"dicepoker/policy"
)

func TestZZSim(t *testing.T) {
	tab := table(t, "yahtzee")
	p, _ := policy.New(tab.Game, tab.Value)
	f, _ := os.Create("/tmp/cpu7.out")
	pprof.StartCPUProfile(f)
	start := time.Now()
	Simulate(p, 100000, 1, Options{Threads: 2})
	pprof.StopCPUProfile()
	t.Logf("cold 100000 games: %v", time.Since(start))
}
