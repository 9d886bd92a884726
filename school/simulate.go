package school

import (
	"math/rand/v2"

	"dicepoker/internal/workers"
)

// Simulate plays games games of the kernel's game with one player per
// seat and returns each game's final scores by seat. Game i rolls with
// its own generator seeded from seed and i, so the result does not depend
// on threads (0: runtime.GOMAXPROCS).
func (k *Kernel) Simulate(players []Player, games int, seed uint64, threads int) [][]int {
	scores := make([][]int, games)
	parallel(games, threads, func(i int, w *scratch) {
		scores[i] = k.Play(players, gameRand(seed, i), w)
	}, k)
	return scores
}

// gameRand returns the generator of game i of a run seeded with seed.
func gameRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)))
}

// parallel calls do(i, w) for i in 0..n-1 on threads goroutines (see
// workers.Each), w being the calling goroutine's scratch space.
func parallel(n, threads int, do func(i int, w *scratch), k *Kernel) {
	scratches := make([]*scratch, workers.Threads(threads))
	workers.Each(n, threads, func(w, i int) {
		if scratches[w] == nil {
			scratches[w] = k.newScratch()
		}
		do(i, scratches[w])
	})
}
