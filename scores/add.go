package scores

// addShiftedGo adds into each to[y] the products q[l]*pad[at[l]+y], l in
// order: the arcs from one state to one next state, each its own shift
// of the state's totals (pad, with zeros either side), so that each
// total of the next state gains them in the order of the arcs, as adding
// one arc's products at a time would, and a zero beyond the state's
// totals adds +0, which changes no sum.
func addShiftedGo(to, pad, q []float64, at []int) {
	for y := range to {
		acc := to[y]
		for l, ql := range q {
			acc += ql * pad[at[l]+y]
		}
		to[y] = acc
	}
}

// slack is how many zeros every buffer of totals holds past its end, so
// that addShifted may take four totals at a time to the end.
const slack = 3

// upTo4 returns n rounded up to a multiple of four.
func upTo4(n int) int { return (n + slack) &^ slack }
