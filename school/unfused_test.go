//go:build amd64 && !amd64.v3

package school

// unfusedFloats says that this build computes a*b+c in floating point as
// two steps, each rounded, as the machine that fitted the shipped
// estimates did.
const unfusedFloats = true
