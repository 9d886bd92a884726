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
