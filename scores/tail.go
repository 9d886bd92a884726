package scores

// AtLeast returns the weight of the scores of x or more.
func (h Histogram) AtLeast(x int) float64 {
	w := 0.0
	for i, v := range h.W {
		if h.Lo+i >= x {
			w += v
		}
	}
	return w
}
