package lanes

// FirstBest sets each keep's row of f to the keep index, as a float64, of
// the first of the best of its sub-keeps in each lane, where v holds what
// BestKeeps makes of the keeps' values (each keep's with fewer than five
// dice is the largest value among itself and its sub-keeps; v's rolls are
// not read). For a keep with fewer than five dice it is the smallest keep
// index among the keep and its sub-keeps whose value is the keep's best;
// for a roll, the smallest among its proper sub-keeps (engine.SubKeeps)
// whose value is the largest of theirs: the keep that a search of
// engine.SubKeeps in order finds first with the best value, for every
// roll at once.
//
// Sub-keeps have smaller keep indices than their keeps, and the sub-keeps
// of a keep are it and its parents' sub-keeps: the first of the best is
// the smallest first of the parents whose best is the keep's, or the
// keep itself where none is (then its own value is its best). The values
// are compared for equality alone.
func (v *LaneKeeps) FirstBest(f *LaneKeeps) {
	f[0] = [Lanes]float64{}
	activeFirstBest(v, f)
}

// noKeep is larger than every keep index: no first found yet.
const noKeep = keepsLen

// firstBestGo is FirstBest in plain Go, keep 0 aside.
func firstBestGo(v, f *LaneKeeps) {
	for _, g := range maxGroups {
		for i := range g.rows {
			r := &g.rows[i]
			var top, first [Lanes]float64
			if r[0] < rowOffset(keepParents) {
				top = *at(v, r[0])
				k := float64(r[0] / rowOffset(1))
				first = [Lanes]float64{k, k, k, k, k, k, k, k}
			} else {
				top = *at(v, r[1])
				for _, off := range r[2 : 1+g.parents] {
					p := at(v, off)
					for j := range Lanes {
						top[j] = max(top[j], p[j])
					}
				}
				first = [Lanes]float64{noKeep, noKeep, noKeep, noKeep, noKeep, noKeep, noKeep, noKeep}
			}
			for _, off := range r[1 : 1+g.parents] {
				b, p := at(v, off), at(f, off)
				for j := range Lanes {
					if b[j] == top[j] {
						first[j] = min(first[j], p[j])
					}
				}
			}
			*at(f, r[0]) = first
		}
	}
}
