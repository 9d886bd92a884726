package scores

// addScaledGo adds q*p[y] into each to[y]: one arc's share of a next
// state's totals, p the source state's totals and q the arc's
// probability. Each total gains the arcs' products in the order they
// are added, each product rounded before its sum (where Go could fuse
// the two, as on arm64), so the sums are the same to the bit whatever
// the kernel or the architecture.
func addScaledGo(to, p []float64, q float64) {
	p = p[:len(to)]
	for y := range to {
		to[y] += float64(q * p[y]) // rounded: never fused into one step
	}
}

// slack is how many zeros every buffer of totals holds past its end, so
// that addScaled may take four totals at a time to the end.
const slack = 3

// upTo4 returns n rounded up to a multiple of four.
func upTo4(n int) int { return (n + slack) &^ slack }
