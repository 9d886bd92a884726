//go:build !purego

package lanes

import (
	"golang.org/x/sys/cpu"

	"dicepoker/engine"
)

// firstRollOffset is the byte offset of roll 0's row in a LaneKeeps.
//
//lint:ignore U1000 read by lanes_amd64.s as const_firstRollOffset
const firstRollOffset = keepParents * Lanes * 8

//go:noescape
func meanLanesAVX(v *LaneKeeps, rows []laneRow)

//go:noescape
func maxLanesAVX(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func meanLanesAVX512(v *LaneKeeps, rows []laneRow)

//go:noescape
func maxLanesAVX512(v *LaneKeeps, rows []laneRow, parents int)

//go:noescape
func expectLanesAVX(r *LaneRolls, e *[Lanes]float64)

//go:noescape
func levelsAVX(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels)

//go:noescape
func sparseAVX(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64)

//go:noescape
func raisedAVX(v *LaneKeeps, list []LevelRoll, totals *BoxLevels)

//go:noescape
func pointsAVX(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64)

//go:noescape
func pointsOneAVX(f, points *[engine.NumRolls]float64, add float64)

//go:noescape
func keepRowsAVX(v *Keeps, rows []keepRow, masked int)

//go:noescape
func bestOneAVX(v *Keeps, groups []parentGroup)

//go:noescape
func fillOneAVX(f *[engine.NumRolls]float64, x float64)

// engine.NumRolls is eight times 31 and four: fillOneAVX's loop and its
// last store.
const _ = uint(engine.NumRolls%8 - 4)
const _ = uint(4 - engine.NumRolls%8)

//go:noescape
func rankAVX(x *[Rankable]float64, n int, order *[Rankable]uint8)

//go:noescape
func raisedOneAVX(f *[engine.NumRolls]float64, runs []LevelRun, totals *BoxLevels)

// keepValuesAVX is KeepValues four keeps an instruction, a row of them at
// a time (keepRows), size by size.
func keepValuesAVX(v *Keeps) {
	for _, s := range keepRows {
		keepRowsAVX(v, s.rows, s.masked)
	}
}

// bestKeepsAVX is bestKeepsBits in scalar AVX, a parent an instruction.
func bestKeepsAVX(v *Keeps) { bestOneAVX(v, parentGroups) }

// kernelAVX is the lane kernel in AVX instructions (VEX-encoded 256-bit
// arithmetic, nothing of AVX2): the same operations in the same order as
// kernelGo, two registers of four lanes each. Its maxima (VMAXPD) agree
// with Go's max builtin for every value but NaN and signed zeros, which
// never occur: see Kernels.
var kernelAVX = Kernels{name: "avx", mean: meanLanesAVX, best: bestLanesWith(maxLanesAVX), expect: expectLanesAVX,
	levels: func(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels, _ bool) {
		levelsAVX(r, level, totals)
	},
	sparse: func(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64, _ bool) { sparseAVX(v, list, add) },
	points: pointsAVX,
	raised: func(v *LaneKeeps, list []LevelRoll, totals *BoxLevels, _ bool) { raisedAVX(v, list, totals) },
	// Four rolls an instruction: a box's list is worth walking only when
	// it holds less than an eighth of the rolls.
	pointsOne: pointsOneAVX, denseFrom: engine.NumRolls / 8, keepsOne: keepValuesAVX,
	bestOne: bestKeepsAVX, raisedOne: raisedOneAVX, rank: rankAVX, fill: fillOneAVX}

// kernelAVX512 is kernelAVX with the keep passes (mean, best) in AVX-512
// Foundation: a row's eight lanes in one Z register where the AVX kernel
// takes two Y registers, the same operations in the same order.
var kernelAVX512 = func() Kernels {
	k := kernelAVX
	k.name, k.mean, k.best = "avx512", meanLanesAVX512, bestLanesWith(maxLanesAVX512)
	return k
}()

// activeKernel is the fastest lane kernel this CPU runs.
var activeKernel = func() Kernels {
	switch {
	case cpu.X86.HasAVX512F:
		return kernelAVX512
	case cpu.X86.HasAVX:
		return kernelAVX
	}
	return kernelGo
}()

// keepRow is a run of keeps with one size and the same counts of faces 1
// to 4, up to four of them: keep j of the run, with j sixes, has its
// children by faces 1 to 4 at the same place j in the runs that hold
// them, and by faces 5 and 6 at places j and j+1 of one run. So a run's
// means are sums of whole runs, four lanes at a time, in face order as
// KeepValues adds them. Entries are byte offsets in a Keeps: the run's
// first keep, the children's runs by faces 1 to 4, the run by faces 5
// and 6; then 32 times (the run's length - 1), the offset of its lanes'
// mask in rowMasks; the last entry is unused (a row is 16 bytes, one
// step of keepRowsAVX's pointer).
type keepRow [8]uint16

// keepRowSize is the runs of one size, by increasing index, and how many
// of the last of them have four lanes that reach past the keeps of their
// size: those store through their masks, as their lanes past their end
// are keeps of the next size, already done. The lanes past the end of
// any other run are the next runs', which come after it and store their
// own.
type keepRowSize struct {
	rows   []keepRow
	masked int
}

// keepRows are the runs of every keep with fewer than five dice, by size,
// largest keeps first as in KeepValues; a run of five is cut into four
// and one.
var keepRows = func() []keepRowSize {
	var sizes []keepRowSize
	for size := engine.Dice - 1; size >= 0; size-- {
		sizeEnd := 0 // past the keeps of this size
		for sizeEnd < engine.NumKeeps && engine.Keep(sizeEnd).Size() <= size {
			sizeEnd++
		}
		var s keepRowSize
		for first := 0; first < keepParents; first++ {
			if m := engine.Keep(first); m.Size() != size || first > 0 && sameRun(engine.Keep(first-1), m) {
				continue
			}
			end := first + 1 // past the run
			for end < keepParents && sameRun(engine.Keep(end), engine.Keep(first)) {
				end++
			}
			for start := first; start < end; start += 4 {
				n := min(4, end-start)
				r := keepRow{uint16(start * 8)}
				for f := range 5 {
					r[1+f] = uint16((engine.KeepChild(first, f+1) + start - first) * 8)
				}
				r[6] = uint16(32 * (n - 1))
				// The runs come by increasing index, so those that
				// reach past the size are its last.
				if start+4 > sizeEnd {
					s.masked++
				}
				s.rows = append(s.rows, r)
			}
		}
		sizes = append(sizes, s)
	}
	return sizes
}()

// sameRun reports whether keeps a and b have the same size and counts of
// faces 1 to 4.
func sameRun(a, b engine.Multiset) bool {
	return a.Size() == b.Size() && a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]
}
