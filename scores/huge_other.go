//go:build !linux

package scores

// newHuge returns room for n values of T, zeroed, and the function that
// gives it back: on the heap, which the collector gives back.
func newHuge[T any](n int) ([]T, func()) { return make([]T, n), func() {} }
