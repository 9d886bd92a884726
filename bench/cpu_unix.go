//go:build unix

package bench

import "syscall"

// processCPU returns the CPU seconds, user and system, that the process
// has used so far.
func processCPU() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
