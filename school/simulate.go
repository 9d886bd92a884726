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
	seats := make([]Seat, len(players))
	for i, p := range players {
		seats[i] = Alone(p)
	}
	return k.SimulateSeats(seats, games, seed, threads)
}

// SimulateSeats plays games as Simulate does, with seats that see every
// player's sheet.
func (k *Kernel) SimulateSeats(seats []Seat, games int, seed uint64, threads int) [][]int {
	scores := make([][]int, games)
	k.lockstep(games, threads, func(i int, search searcher) {
		scores[i] = k.Play(seats, seatRolls(seed, i), search)
	})
	return scores
}

// Rounds plays games of the kernel's game between strategies, one a
// seat, in rounds of len(strategies) games (games rounded up to whole
// rounds): in game r of round b strategy i sits in seat (i+r) mod K, and
// seat j rolls in every game of the round as in game b of Simulate. So
// every strategy plays every seat once with the same dice, and two
// strategies that play alike score in each other's seat exactly what the
// other did. It returns each game's final scores by strategy.
func (k *Kernel) Rounds(strategies []Seat, games int, seed uint64, threads int) [][]int {
	n := len(strategies)
	games = (games + n - 1) / n * n
	scores := make([][]int, games)
	k.lockstep(games, threads, func(i int, search searcher) {
		b, r := i/n, i%n
		seats := make([]Seat, n)
		for s := range strategies {
			seats[(s+r)%n] = strategies[s]
		}
		bySeat := k.Play(seats, seatRolls(seed, b), search)
		scores[i] = make([]int, n)
		for s := range strategies {
			scores[i][s] = bySeat[(s+r)%n]
		}
	})
	return scores
}

// seatRolls returns the generators of game i of a run seeded with seed:
// one for each turn t of each seat j.
func seatRolls(seed uint64, i int) func(t, j int) *rand.Rand {
	return func(t, j int) *rand.Rand {
		return rand.New(rand.NewPCG(seed, uint64(i)<<16|uint64(t)<<4|uint64(j)))
	}
}

// gameRand returns the generator of game i of a run seeded with seed.
func gameRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)))
}

// parallel calls do(i, w) for i in 0..n-1 on threads goroutines (see
// workers.Each), w being the calling goroutine's scratch space. On one
// thread it calls them in the caller's goroutine, whose stack has grown
// already: a new goroutine's grew again for every call, 2% of a ranking
// in the browser, where there is one thread.
func parallel(n, threads int, do func(i int, w *scratch), k *Kernel) {
	if workers.Threads(threads) == 1 || n == 1 {
		w := k.borrowScratch()
		defer giveScratch(w)
		for i := range n {
			do(i, w)
		}
		return
	}
	ws := make([]*scratch, workers.Threads(threads))
	workers.Each(n, threads, func(w, i int) {
		if ws[w] == nil {
			ws[w] = k.borrowScratch()
		}
		do(i, ws[w])
	})
	for _, w := range ws {
		if w != nil {
			giveScratch(w)
		}
	}
}
