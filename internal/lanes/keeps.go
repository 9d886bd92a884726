package lanes

import (
	"math"
	"unsafe"

	"dicepoker/engine"
)

// keepParents is the number of keeps with fewer than five dice: keep
// indices below it have children, those from it on are the rolls.
const keepParents = engine.FirstRollKeep

// Keeps holds a value for every keep, by keep index; the rolls' values
// are at engine.FirstRollKeep+r. Its length is a power of two so that
// masked indices need no bounds checks in KeepValues and BestKeeps;
// entries from engine.NumKeeps on are padding.
type Keeps [keepsLen]float64

const keepsLen = 512

// children[k][f] is the keep index of keep k plus one die showing f+1.
// Rows of eight (two unused) let the loads use scaled addressing.
var children = func() (c [keepParents][8]uint16) {
	for k := range keepParents {
		for f := range engine.Faces {
			c[k][f] = uint16(engine.KeepChild(k, f+1))
		}
	}
	return c
}()

// KeepValues sets v[k], for every keep k with fewer than five dice, to the
// mean of v over the rolls that k can become; v's roll entries
// (v[engine.FirstRollKeep+r]) hold the values of the rolls. It works one
// die at a time: a keep's value is the mean over the six keeps with one
// more die.
func KeepValues(v *Keeps) {
	for k := keepParents - 1; k >= 0; k-- {
		c := &children[k]
		v[k] = (keepAt(v, c[0]) + keepAt(v, c[1]) + keepAt(v, c[2]) + keepAt(v, c[3]) + keepAt(v, c[4]) + keepAt(v, c[5])) * (1.0 / 6)
	}
}

// keepAt returns v[k] for a keep index k from the package's own tables,
// which are all below engine.NumKeeps: without the bounds check, or the
// mask that would stand for it, that indexing takes.
func keepAt(v *Keeps, k uint16) float64 {
	return *(*float64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8))
}

// BestKeeps turns keep values into the best that can be had from each
// keep: v[k] becomes the largest value of a keep contained in k. Applied
// after KeepValues, each roll's entry is then the value of the roll with a
// reroll to come: its best keep, or keeping all five.
func BestKeeps(v *Keeps) {
	var sign uint64
	for _, x := range v[:engine.NumKeeps] {
		sign |= math.Float64bits(x)
	}
	if sign>>63 == 0 {
		bestKeepsBits(v)
	} else {
		bestKeepsFloat(v)
	}
}

// bitsAt returns the bits of v[k] as a signed integer, for a keep index
// k from the package's own tables (see keepAt). For values with the sign
// bit clear (+0, positive numbers, +Inf), integers compare as the values
// do. Loaded as an integer, not as a float moved to an integer register:
// one instruction instead of two.
func bitsAt(v *Keeps, k uint16) int64 {
	return *(*int64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8))
}

// setBits sets v[k] to the value whose bits are x, k as for bitsAt.
func setBits(v *Keeps, k uint16, x int64) {
	*(*int64)(unsafe.Add(unsafe.Pointer(v), uintptr(k)*8)) = x
}

// bestKeepsBits is BestKeeps for keep values with the sign bit clear,
// compared as integers: two instructions a maximum where the float max
// builtin takes seven, for its NaN and signed zero rules.
func bestKeepsBits(v *Keeps) {
	for _, g := range parentGroups {
		// Each keep pulls from the keeps with one die fewer, which come
		// earlier; keeps with equally many such parents share a loop.
		switch g.parents {
		case 1:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(bitsAt(v, p[0]), bitsAt(v, p[1])))
			}
		case 2:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(bitsAt(v, p[0]), bitsAt(v, p[1]), bitsAt(v, p[2])))
			}
		case 3:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3]))))
			}
		case 4:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1])), max(bitsAt(v, p[2]), bitsAt(v, p[3]), bitsAt(v, p[4]))))
			}
		case 5:
			for i := range g.keeps {
				p := &g.keeps[i]
				setBits(v, p[0], max(max(bitsAt(v, p[0]), bitsAt(v, p[1]), bitsAt(v, p[2])), max(bitsAt(v, p[3]), bitsAt(v, p[4]), bitsAt(v, p[5]))))
			}
		}
	}
}

// bestKeepsFloat is BestKeeps for any keep values.
func bestKeepsFloat(v *Keeps) {
	const m = keepsLen - 1
	for _, g := range parentGroups {
		switch g.parents {
		case 1:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(v[p[0]&m], v[p[1]&m])
			}
		case 2:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m]))
			}
		case 3:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], v[p[3]&m]))
			}
		case 4:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], v[p[1]&m]), max(v[p[2]&m], max(v[p[3]&m], v[p[4]&m])))
			}
		case 5:
			for i := range g.keeps {
				p := &g.keeps[i]
				v[p[0]&m] = max(max(v[p[0]&m], max(v[p[1]&m], v[p[2]&m])), max(v[p[3]&m], max(v[p[4]&m], v[p[5]&m])))
			}
		}
	}
}

// parentGroup lists keeps of one size with the same number of parents
// (keeps with one die fewer): each entry is the keep, then its parents.
type parentGroup struct {
	parents int
	keeps   [][8]uint16 // rows of eight for scaled addressing; two unused
}

// parentGroups holds every keep with at least one die, by size, then by
// number of parents, so that parents are always done before children.
var parentGroups = func() []parentGroup {
	var groups []parentGroup
	// The keeps lie by size, so one pass sorts each size's keeps by their
	// number of parents.
	k := 1
	for size := 1; size <= engine.Dice; size++ {
		var byParents [engine.Dice + 1][][8]uint16
		for ; k < engine.NumKeeps && engine.KeepSize(k) == size; k++ {
			m := engine.Keep(k)
			entry := [8]uint16{uint16(k)}
			i := 0
			for f := range engine.Faces {
				if m[f] > 0 {
					m[f]--
					i++
					if i < engine.Faces {
						entry[i] = uint16(engine.KeepIndex(m))
					}
					m[f]++
				}
			}
			byParents[i] = append(byParents[i], entry)
		}
		for n, keeps := range byParents {
			if len(keeps) > 0 {
				groups = append(groups, parentGroup{parents: n, keeps: keeps})
			}
		}
	}
	return groups
}()
