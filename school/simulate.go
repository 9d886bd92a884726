package school

import (
	"math/rand/v2"

	"dicepoker/internal/workers"
)

// Simulate plays games games of the kernel's game with one player per
// seat and returns each game's final scores by seat. Turn t of seat j in
// game i rolls with its own generator, seeded from seed, i, t and j, so
// the result does not depend on threads (0: runtime.GOMAXPROCS), and two
// runs with the same seed and other players meet the same dice wherever
// their choices let them: their scores compare game by game.
func (k *Kernel) Simulate(players []Player, games int, seed uint64, threads int) [][]int {
	scores := make([][]int, games)
	k.lockstep(games, threads, func(i int, search searcher) {
		scores[i] = k.Play(players, func(t, j int) *rand.Rand {
			return rand.New(rand.NewPCG(seed, uint64(i)<<16|uint64(t)<<4|uint64(j)))
		}, search)
	})
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
