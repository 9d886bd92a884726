package web

import "dicepoker/internal/memory"

// MinMemory is the least memory budget a server takes: the program and
// its cheap requests, with room for the tables of a small game.
const MinMemory = 128 << 20

// headroom is what the budget keeps for the program itself and the
// cheap requests, which take no reservation: the tables and the
// expensive jobs share the rest.
const headroom = 64 << 20

// DefaultMemory is the memory budget of a server not given one: half of
// the machine's memory (MemTotal in /proc/meminfo), else 2 GB where the
// system does not say.
func DefaultMemory() int64 {
	if n, ok := memory.Total(); ok {
		return max(n/2, MinMemory)
	}
	return 2e9
}
