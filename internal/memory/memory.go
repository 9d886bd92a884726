// Package memory reads sizes of memory ("2GB", "512MiB"), says what the
// machine has (/proc/meminfo) and checks, before heavy work starts, that
// what it will need fits what it may take: a limit given, else what the
// machine has free. Work that does not fit is refused with a *TooMuch
// error rather than left to grow until the kernel kills the program.
package memory

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"dicepoker/engine"
	"dicepoker/internal/cost"
)

// units are the suffixes Parse reads, in bytes.
var units = map[string]float64{
	"": 1, "b": 1,
	"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

// Parse reads a size in bytes such as "2GB", "512MiB", "1.5g" or
// "300000000": a number and a unit, KB, MB, GB and TB counting in powers
// of 1000, K, M, G, T and KiB..TiB in powers of 1024, any case.
func Parse(s string) (int64, error) {
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

// meminfo is the file Total and Available read; a variable, for tests.
var meminfo = "/proc/meminfo"

// Total returns the machine's memory (MemTotal), false where the system
// does not say.
func Total() (int64, bool) { return field("MemTotal:") }

// Available returns the memory the machine can give new work without
// swapping (MemAvailable), false where the system does not say.
func Available() (int64, bool) { return field("MemAvailable:") }

// field returns the size of /proc/meminfo's field name, in bytes.
func field(name string) (int64, bool) {
	f, err := os.Open(meminfo)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == name && fields[2] == "kB" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 {
				return kb << 10, true
			}
		}
	}
	return 0, false
}

// TooMuch is work refused before it starts: it needs more memory than it
// may take.
type TooMuch struct {
	What  string // the work, "the distribution of yatzy playing for 201"
	Need  int64  // bytes it needs at its peak
	Have  int64  // bytes it may take
	Limit bool   // Have is a limit given, not what the machine has free
	// Spare says that Have is the share of the free memory that long
	// work may take (CheckLong), not all of it.
	Spare bool
}

func (e *TooMuch) Error() string { return e.What + " " + e.Needs() + ": not started" }

// Needs says what the work needs against what it may take: "needs
// about 24.2 GB of memory, more than the 8.0 GB the memory limit allows".
func (e *TooMuch) Needs() string {
	have := "this machine has free"
	switch {
	case e.Limit:
		have = "the memory limit allows"
	case e.Spare:
		have = "this machine can spare"
	}
	return fmt.Sprintf("needs about %s of memory, more than the %s %s", cost.Bytes(e.Need), cost.Bytes(e.Have), have)
}

// Check returns a *TooMuch error where work described by what, needing
// need bytes at its peak, does not fit limit (bytes; 0: no limit) nor
// what the machine has free; nil where it fits or the machine does not
// say what it has.
func Check(what string, need, limit int64) error {
	if limit > 0 && need > limit {
		return &TooMuch{What: what, Need: need, Have: limit, Limit: true}
	}
	if free, ok := Available(); ok && need > free {
		return &TooMuch{What: what, Need: need, Have: free}
	}
	return nil
}

// LongShare is the share of the free memory that CheckLong lets long
// work take without a limit: work that runs for minutes or hours near a
// peak that is an estimate leaves room for the rest of the machine.
const LongShare = 0.75

// CheckLong is Check for long work: without a limit it may take only
// LongShare of what the machine has free.
func CheckLong(what string, need, limit int64) error {
	if err := Check(what, need, limit); err != nil || limit > 0 {
		return err
	}
	if free, ok := Available(); ok && float64(need) > LongShare*float64(free) {
		return &TooMuch{What: what, Need: need, Have: int64(LongShare * float64(free)), Spare: true}
	}
	return nil
}

// Need is what opening a table takes: Hold, its size in memory once
// open, and Peak, the most while it is opened; Build says it is solved
// (no file), which is expensive work.
type Need struct {
	Hold, Peak int64
	Build      bool
}

// FileNeed returns the need of a table at path in the tables directory
// dir: read when there, else built as c says ("" dir: always built).
func FileNeed(dir, path string, c cost.Cost) Need {
	if fi, err := os.Stat(path); dir != "" && err == nil && fi.Mode().IsRegular() {
		return Need{Hold: fi.Size(), Peak: fi.Size()}
	}
	return Need{Hold: c.Disk, Peak: max(c.Memory, c.Disk), Build: true}
}
