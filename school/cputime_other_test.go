//go:build !unix

package school

import "time"

// processCPU reports that the processor time is not known here.
func processCPU() (time.Duration, bool) { return 0, false }
