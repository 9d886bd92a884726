package scores

// addScaledGo adds a*src[k] to dst[k] for each k, dst at least as long as
// src: the product rounded, then added, as Go rounds it where it fuses
// no multiply-add.
func addScaledGo(dst, src []float64, a float64) {
	dst = dst[:len(src)]
	for k, q := range src {
		dst[k] += a * q
	}
}

// addShiftedGo adds into each to[y] the products q[l]*pad[at[l]+y], l in
// order: the arcs from one state to one next state, each its own shift
// of the state's totals (pad, with zeros either side), so that each
// total of the next state gains them in the order addScaledGo, arc by
// arc, would add them, and a zero beyond the state's totals adds +0,
// which changes no sum.
func addShiftedGo(to, pad, q []float64, at []int) {
	for y := range to {
		acc := to[y]
		for l, ql := range q {
			acc += ql * pad[at[l]+y]
		}
		to[y] = acc
	}
}
