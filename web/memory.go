package web

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"dicepoker/engine"
)

// MinMemory is the least memory budget a server takes: the program and
// its cheap requests, with room for the tables of a small game.
const MinMemory = 128 << 20

// headroom is what the budget keeps for the program itself and the
// cheap requests, which take no reservation: the tables and the
// expensive jobs share the rest.
const headroom = 64 << 20

// units are the suffixes ParseMemory reads, in bytes.
var units = map[string]float64{
	"": 1, "b": 1,
	"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

// ParseMemory reads a size in bytes such as "2GB", "512MiB", "1.5g" or
// "300000000": a number and a unit, KB, MB, GB and TB counting in powers
// of 1000, K, M, G, T and KiB..TiB in powers of 1024, any case.
func ParseMemory(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	cut := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if cut < 0 {
		cut = len(t)
	}
	num, unit := t[:cut], strings.TrimSpace(t[cut:])
	scale, ok := units[unit]
	n, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || num == "" {
		return 0, fmt.Errorf("memory %s: want a size such as 2GB, 512MB or 1.5GiB", engine.Quote(s))
	}
	bytes := n * scale
	if bytes >= math.MaxInt64 || math.IsInf(bytes, 0) {
		return 0, fmt.Errorf("memory %s: too large", engine.Quote(s))
	}
	return int64(bytes), nil
}

// DefaultMemory is the memory budget of a server not given one: half of
// the machine's memory (MemTotal in /proc/meminfo), else 2 GB where the
// system does not say.
func DefaultMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 2e9
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 {
				return max(kb<<10/2, MinMemory)
			}
		}
	}
	return 2e9
}
